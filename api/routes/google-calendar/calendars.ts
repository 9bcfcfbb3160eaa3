import { GoogleCalendarList } from '../../../shared/contracts/google-calendar';
import { errorResponses } from '../../http/openapi';
import { listGoogleCalendars } from '../../integrations/google-calendar/connection';
import { providerOperation } from '../operation';
import { GOOGLE_CALENDAR_PATH } from './examples';

/** GET /api/integrations/google-calendar/calendars */
export const registerGoogleCalendarList = providerOperation(
  {
    method: 'get',
    operationId: 'listGoogleCalendars',
    path: `${GOOGLE_CALENDAR_PATH}/calendars`,
    tags: ['Integrations'],
    summary: 'The connected account’s calendars',
    description:
      'The calendars of the connected Google account, read from Google now (all of them: Google’s own list, not paged here), with the one bookings and events are written to marked `chosen` (the primary calendar until another is chosen) and whether the account may write to each. 409 `google_calendar_not_connected` / `google_calendar_broken`, 502 `google_calendar_unavailable`.',
    responses: {
      200: {
        description: 'The calendars',
        content: {
          'application/json': {
            schema: GoogleCalendarList,
            example: {
              items: [
                {
                  id: 'alex@example-agency.com',
                  summary: 'Alex',
                  primary: true,
                  writable: true,
                  chosen: false,
                },
                {
                  id: 'c_8f3k2l1m0n9b8v7c6x5z4@group.calendar.google.com',
                  summary: 'Client meetings',
                  primary: false,
                  writable: true,
                  chosen: true,
                },
                {
                  id: 'de.german#holiday@group.v.calendar.google.com',
                  summary: 'Holidays in Germany',
                  primary: false,
                  writable: false,
                  chosen: false,
                },
              ],
            },
          },
        },
      },
      ...errorResponses(401, 409, 502),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listGoogleCalendars({ ...c.get('deps'), log: c.get('log') }, scope), 200);
  },
);
