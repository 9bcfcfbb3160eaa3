import { CalendarEvent, CalendarEventIdParam } from '../../../shared/contracts/calendar';
import { errorResponses } from '../../http/openapi';
import { getCalendarEvent } from '../../services/calendar/events';
import { providerOperation } from '../operation';

/** GET /api/calendar/events/{eventId} */
export const registerGetCalendarEvent = providerOperation(
  {
    method: 'get',
    path: '/api/calendar/events/{eventId}',
    operationId: 'getCalendarEvent',
    tags: ['Calendar'],
    summary: 'Get an event',
    description:
      'One of the provider’s events with its rule, exceptions (`exdates`, the starts of deleted occurrences), the end of its last occurrence (`seriesEndsAt`, null: no end), UID and SEQUENCE. Another provider’s answers 404.',
    request: { params: CalendarEventIdParam },
    responses: {
      200: { description: 'The event', content: { 'application/json': { schema: CalendarEvent } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) =>
    c.json(await getCalendarEvent(c.get('deps').sql, scope, c.req.valid('param').eventId), 200),
);
