import { GoogleCalendarState } from '../../../shared/contracts/google-calendar';
import { errorResponses } from '../../http/openapi';
import { getGoogleCalendarState } from '../../integrations/google-calendar/connection';
import { providerOperation } from '../operation';
import { GOOGLE_CALENDAR_PATH, STATE_EXAMPLE } from './examples';

/** GET /api/integrations/google-calendar */
export const registerGoogleCalendarState = providerOperation(
  {
    method: 'get',
    operationId: 'getGoogleCalendar',
    path: GOOGLE_CALENDAR_PATH,
    tags: ['Integrations'],
    summary: 'The Google Calendar connection',
    description:
      'Whether this server can connect Google Calendar (`configured`: it has a Google OAuth client) and the signed-in provider’s connection: the account, `connected` or `broken` (Google refused the stored grant: connect again), the calendar bookings and events are written to, and the last write that failed. `connection: null` when not connected.',
    responses: {
      200: {
        description: 'The connection',
        content: { 'application/json': { schema: GoogleCalendarState, example: STATE_EXAMPLE } },
      },
      ...errorResponses(401),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getGoogleCalendarState({ ...c.get('deps'), log: c.get('log') }, scope), 200);
  },
);
