import { CalendarEventDeleteQuery, CalendarEventIdParam } from '../../../shared/contracts/calendar';
import { errorResponses } from '../../http/openapi';
import { deleteCalendarEvent } from '../../services/calendar/events';
import { providerOperation } from '../operation';

/** DELETE /api/calendar/events/{eventId} */
export const registerDeleteCalendarEvent = providerOperation(
  {
    method: 'delete',
    path: '/api/calendar/events/{eventId}',
    operationId: 'deleteCalendarEvent',
    tags: ['Calendar'],
    summary: 'Delete an event or one occurrence',
    description:
      'Deletes the event (a whole series). With `occurrence` (the start of one occurrence of a recurring event) only that occurrence: it becomes an exception (EXDATE) of the series (422 `occurrence` when it is none of its starts); with `following=true` too, that occurrence and every later one: the series ends before it (from its first occurrence: the whole event). Another provider’s event answers 404.',
    request: { params: CalendarEventIdParam, query: CalendarEventDeleteQuery },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 422) },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    await deleteCalendarEvent(
      deps,
      scope,
      c.req.valid('param').eventId,
      c.req.valid('query').occurrence,
      deps.now(),
      c.req.valid('query').following === 'true',
    );
    return c.body(null, 204);
  },
);
