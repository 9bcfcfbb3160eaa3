import { CalendarEvent, CalendarEventIdParam, CalendarEventUpdate } from '../../../shared/contracts/calendar';
import { errorResponses } from '../../http/openapi';
import { updateCalendarEvent } from '../../services/calendar/events';
import { providerOperation } from '../operation';

/** PATCH /api/calendar/events/{eventId} */
export const registerUpdateCalendarEvent = providerOperation(
  {
    method: 'patch',
    path: '/api/calendar/events/{eventId}',
    operationId: 'updateCalendarEvent',
    tags: ['Calendar'],
    summary: 'Change or move an event',
    description:
      'The fields sent replace the event’s, checked as when creating it (422 with the field otherwise); `sequence` grows. With `occurrence` (the start of one occurrence of a recurring event, as the entries give it) only that occurrence changes: it becomes an exception of the series and an event of its own, which is returned (422 `occurrence` when it is none of the series’ starts). With `following: true` too, that occurrence and every later one: the series ends before it and the change becomes a new series from it (a `COUNT` is shared out), which is returned; from the first occurrence it is a change of the whole series. Another provider’s event answers 404.',
    request: {
      params: CalendarEventIdParam,
      body: { required: true, content: { 'application/json': { schema: CalendarEventUpdate } } },
    },
    responses: {
      200: { description: 'The changed event', content: { 'application/json': { schema: CalendarEvent } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    const { eventId } = c.req.valid('param');
    return c.json(await updateCalendarEvent(deps, scope, eventId, c.req.valid('json'), deps.now()), 200);
  },
);
