import { CalendarEvent, CalendarEventCreate } from '../../../shared/contracts/calendar';
import { errorResponses } from '../../http/openapi';
import { createCalendarEvent } from '../../services/calendar/events';
import { providerOperation } from '../operation';

/** POST /api/calendar/events */
export const registerCreateCalendarEvent = providerOperation(
  {
    method: 'post',
    path: '/api/calendar/events',
    operationId: 'createCalendarEvent',
    tags: ['Calendar'],
    summary: 'Create an event',
    description:
      'One of the provider’s own events, in wall-clock time of an IANA `timeZone`: timed (`start`/`end` `YYYY-MM-DDTHH:mm`, at most 14 days) or all-day (`allDay`, days `YYYY-MM-DD`, `end` the last day, at most 366 days). Optional: one of the provider’s clients and projects (another provider’s answers 404; a project of another client 422 `projectId`), a location, an https video link, notes, and a recurrence `rrule` (RFC 5545 without DTSTART, daily or slower, at most 366 occurrences a year, its first occurrence the start; 422 `rrule` otherwise). End before start, an unknown zone: 422 with the field.',
    request: {
      body: { required: true, content: { 'application/json': { schema: CalendarEventCreate } } },
    },
    responses: {
      201: { description: 'The event', content: { 'application/json': { schema: CalendarEvent } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    return c.json(await createCalendarEvent(deps, scope, c.req.valid('json'), deps.now()), 201);
  },
);
