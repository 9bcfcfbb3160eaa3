import { errorResponses } from '../../http/openapi';
import { disconnectGoogleCalendar } from '../../integrations/google-calendar/connection';
import { providerOperation } from '../operation';
import { GOOGLE_CALENDAR_PATH } from './examples';

/** DELETE /api/integrations/google-calendar */
export const registerGoogleCalendarDisconnect = providerOperation(
  {
    method: 'delete',
    operationId: 'disconnectGoogleCalendar',
    path: GOOGLE_CALENDAR_PATH,
    tags: ['Integrations'],
    summary: 'Disconnect Google Calendar',
    description:
      'Revokes the grant at Google and deletes the stored tokens, what was synced and the cached busy times. Events already written to Google stay there; nothing is written any more and Google’s busy times no longer block slots. 404 without a connection.',
    responses: { 204: { description: 'Disconnected' }, ...errorResponses(401, 403, 404) },
  },
  async (c, scope) => {
    await disconnectGoogleCalendar({ ...c.get('deps'), log: c.get('log') }, scope);
    return c.body(null, 204);
  },
);
