import { CalendarFeedCreated, CalendarFeedStatus } from '../../../shared/contracts/calendar';
import { errorResponses } from '../../http/openapi';
import { createFeed, feedStatus, revokeFeed } from '../../services/calendar/feed';
import { providerOperation } from '../operation';

/** GET /api/calendar/feed */
export const registerGetCalendarFeed = providerOperation(
  {
    method: 'get',
    path: '/api/calendar/feed',
    operationId: 'getCalendarFeed',
    tags: ['Calendar'],
    summary: 'The private feed’s state',
    description:
      'Whether the provider has a private iCalendar feed, since when, and when a calendar app last read it. The address itself is shown only when it is made.',
    responses: {
      200: {
        description: 'The feed’s state',
        content: { 'application/json': { schema: CalendarFeedStatus } },
      },
      ...errorResponses(401, 403),
    },
  },
  async (c, scope) => c.json(await feedStatus(c.get('deps').sql, scope), 200),
);

/** POST /api/calendar/feed */
export const registerCreateCalendarFeed = providerOperation(
  {
    method: 'post',
    path: '/api/calendar/feed',
    operationId: 'createCalendarFeed',
    tags: ['Calendar'],
    summary: 'Create or regenerate the private feed',
    description:
      'A new secret address of the provider’s iCalendar feed (events, bookings, open invoices’ due days) for Google Calendar, Apple Calendar or Outlook to subscribe to. The answer is the only time the address is shown (only its SHA-256 is stored); a previous address stops working at once.',
    responses: {
      200: {
        description: 'The new address (shown once)',
        content: { 'application/json': { schema: CalendarFeedCreated } },
      },
      ...errorResponses(401, 403),
    },
  },
  async (c, scope) => {
    const { sql, now, config } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await createFeed(sql, scope, config.publicOrigin, now()), 200);
  },
);

/** DELETE /api/calendar/feed */
export const registerDeleteCalendarFeed = providerOperation(
  {
    method: 'delete',
    path: '/api/calendar/feed',
    operationId: 'deleteCalendarFeed',
    tags: ['Calendar'],
    summary: 'Revoke the private feed',
    description: 'The feed’s address answers 404 from now on; subscribed calendars stop updating.',
    responses: { 204: { description: 'Revoked' }, ...errorResponses(401, 403) },
  },
  async (c, scope) => {
    await revokeFeed(c.get('deps').sql, scope);
    return c.body(null, 204);
  },
);
