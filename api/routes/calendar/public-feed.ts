import { z } from '@hono/zod-openapi';
import { CalendarFeedFileParam } from '../../../shared/contracts/calendar';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, RATE_LIMITS, rateLimitSource } from '../../http/rate-limit';
import { readFeed } from '../../services/calendar/feed';
import { publicOperation } from '../operation';

/** GET /api/calendar/feed/{file} */
export const registerPublicCalendarFeed = publicOperation(
  {
    method: 'get',
    path: '/api/calendar/feed/{file}',
    operationId: 'readCalendarFeed',
    tags: ['Calendar'],
    summary: 'The private iCalendar feed (by its secret address)',
    description:
      'The provider’s calendar as `text/calendar` (RFC 5545) for calendar apps to subscribe to: `{file}` is `<token>.ics` from `POST /api/calendar/feed`. Events carry their time zone (TZID with a VTIMEZONE), recurrence (RRULE, EXDATE), a stable UID and SEQUENCE; cancelled bookings STATUS:CANCELLED; open invoices’ due days are all-day. An unknown or revoked address answers 404. Limited per source address (429 with `Retry-After`).',
    request: { params: CalendarFeedFileParam },
    responses: {
      200: {
        description: 'The calendar',
        content: { 'text/calendar': { schema: z.string().openapi({ type: 'string' }) } },
      },
      ...errorResponses(404, 422, 429),
    },
  },
  async (c) => {
    const { sql, now, config } = c.get('deps');
    await enforceRateLimit(c, RATE_LIMITS.calendarFeedIp, rateLimitSource(clientIp(c)));
    const body = await readFeed(sql, c.req.valid('param').file, config.publicOrigin, now());
    if (body === null) throw new ApiError('not_found');
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', 'inline; filename="calendar.ics"');
    c.header('Cache-Control', 'private, no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    return c.body(body, 200);
  },
);
