import { GoogleCalendarConnectStart } from '../../../shared/contracts/google-calendar';
import { errorResponses } from '../../http/openapi';
import { startGoogleConnection } from '../../integrations/google-calendar/connection';
import { providerOperation } from '../operation';
import { GOOGLE_CALENDAR_PATH } from './examples';

/** POST /api/integrations/google-calendar/connect */
export const registerGoogleCalendarConnect = providerOperation(
  {
    method: 'post',
    operationId: 'connectGoogleCalendar',
    path: `${GOOGLE_CALENDAR_PATH}/connect`,
    tags: ['Integrations'],
    summary: 'Start connecting Google Calendar',
    description:
      'Starts an OAuth 2.0 authorisation with PKCE: the answer is Google’s authorisation page, to open in the browser. Google returns to `/calendar-oauth-callback` with `state` and `code` (or `error`), which that page posts to `POST /api/integrations/callback`. The state is stored only as its SHA-256, bound to the provider, valid for 10 minutes and used once; the PKCE verifier is kept sealed with it. Connecting again replaces the stored grant. 409 `google_calendar_not_configured` when this server has no Google OAuth client.',
    responses: {
      200: {
        description: 'Where to send the browser',
        content: {
          'application/json': {
            schema: GoogleCalendarConnectStart,
            example: {
              url: 'https://accounts.google.com/o/oauth2/v2/auth?response_type=code&client_id=1234567890-abc.apps.googleusercontent.com&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcalendar-oauth-callback&state=Vx2a9QeN1bq0mZ7cW4sYtR8uLkPjH3dGfEaBcD5oI6M&code_challenge_method=S256&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&scope=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcalendar.events+https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcalendar.readonly&access_type=offline&prompt=consent',
              expiresAt: '2026-12-07T09:10:00.000Z',
            },
          },
        },
      },
      ...errorResponses(401, 403, 409),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await startGoogleConnection({ ...c.get('deps'), log: c.get('log') }, scope), 200);
  },
);
