import { GoogleCalendarChoice, GoogleCalendarState } from '../../../shared/contracts/google-calendar';
import { errorResponses } from '../../http/openapi';
import { chooseGoogleCalendar } from '../../integrations/google-calendar/connection';
import { providerOperation } from '../operation';
import { GOOGLE_CALENDAR_PATH, STATE_EXAMPLE } from './examples';

/** PATCH /api/integrations/google-calendar */
export const registerGoogleCalendarChoose = providerOperation(
  {
    method: 'patch',
    operationId: 'chooseGoogleCalendar',
    path: GOOGLE_CALENDAR_PATH,
    tags: ['Integrations'],
    summary: 'Choose the Google calendar to write to',
    description:
      'Bookings and the provider’s events are written to this calendar from now on (those written before stay where they are); its busy times, with the primary calendar’s, block booking slots. It must be one of the account’s calendars the account may write to (422 on `calendarId` otherwise). 409 `google_calendar_not_connected` / `google_calendar_broken`, 502 `google_calendar_unavailable`.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: GoogleCalendarChoice,
            example: { calendarId: 'c_8f3k2l1m0n9b8v7c6x5z4@group.calendar.google.com' },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The connection with the calendar chosen',
        content: { 'application/json': { schema: GoogleCalendarState, example: STATE_EXAMPLE } },
      },
      ...errorResponses(401, 403, 409, 413, 415, 422, 502),
    },
  },
  async (c, scope) =>
    c.json(
      await chooseGoogleCalendar({ ...c.get('deps'), log: c.get('log') }, scope, c.req.valid('json')),
      200,
    ),
);
