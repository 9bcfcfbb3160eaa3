import { AuthorisationCallback, AuthorisationOutcome } from '../../../shared/contracts/integrations';
import { errorResponses } from '../../http/openapi';
import { completeAuthorisation } from '../../integrations/authorisations';
import { providerOperation } from '../operation';

/** POST /api/integrations/callback */
export const registerAuthorisationCallback = providerOperation(
  {
    method: 'post',
    operationId: 'completeIntegrationAuthorisation',
    path: '/api/integrations/callback',
    tags: ['Integrations'],
    summary: 'Complete an integration’s authorisation',
    description:
      'What `/integrations/callback` posts with the query the authorisation server sent back (`state`, `code`, `error`, `error_description` as `errorDescription`). The state must be one the signed-in provider started, at most 10 minutes ago, and is spent by this call: 404 `authorisation_state_invalid` for an unknown one (also another provider’s), 409 `authorisation_state_used` / `authorisation_state_expired`. Then the outcome: `connected` (the integration finished with the code), `denied` (`error=access_denied`), or `failed` (another error of the authorisation server, or the code could not be used).',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: AuthorisationCallback,
            example: { state: 'Vx2a9QeN1bq0mZ7cW4sYtR8uLkPjH3dGfEaBcD5oI6M', code: '4/0AeanS0b…' },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The outcome of the authorisation',
        content: {
          'application/json': {
            schema: AuthorisationOutcome,
            example: {
              integration: 'google_calendar',
              outcome: 'denied',
              error: 'access_denied',
              errorDescription: null,
            },
          },
        },
      },
      ...errorResponses(401, 403, 404, 409, 413, 415, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    const input = c.req.valid('json');
    const outcome = await deps.sql.begin((tx) =>
      completeAuthorisation(
        { config: deps.config, jobs: deps.jobs, log: c.get('log'), now: deps.now() },
        tx,
        scope,
        input,
      ),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(outcome, 200);
  },
);
