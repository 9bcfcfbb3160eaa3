import { CalendarEntries, CalendarWindowQuery } from '../../../shared/contracts/calendar';
import { errorResponses } from '../../http/openapi';
import { calendarEntries } from '../../services/calendar/entries';
import { providerOperation } from '../operation';

/** GET /api/calendar/entries */
export const registerCalendarEntries = providerOperation(
  {
    method: 'get',
    path: '/api/calendar/entries',
    operationId: 'listCalendarEntries',
    tags: ['Calendar'],
    summary: 'Read a window of the calendar',
    description:
      'Everything dated of the provider in the days `from` to `to` (both included, at most 62 days; 422 `to` beyond) of `timeZone` (default: the profile’s zone, else UTC): the occurrences of their events (recurring ones expanded in each event’s own zone across DST, deleted occurrences left out; `eventId` and `startsAt` name one), their bookings (`status` `confirmed` or `cancelled`), their projects’ start and end days and their open invoices’ due days (`projectId`, `invoiceId` link to them). Ordered by day, all-day entries first.',
    request: { query: CalendarWindowQuery },
    responses: {
      200: { description: 'The entries', content: { 'application/json': { schema: CalendarEntries } } },
      ...errorResponses(401, 403, 422),
    },
  },
  async (c, scope) => c.json(await calendarEntries(c.get('deps').sql, scope, c.req.valid('query')), 200),
);
