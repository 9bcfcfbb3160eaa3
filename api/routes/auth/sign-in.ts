import { SessionResponse, SignInInput } from '../../../shared/contracts/auth';
import { SESSION_EXAMPLE } from '../../auth/session-response';
import { startSession } from '../../auth/start-session';
import { errorResponses } from '../../http/openapi';
import { enforceAddressLimits, SIGN_IN_LIMITS } from '../../http/rate-limit';
import { checkCredentials } from '../../services/auth/sign-in';
import { publicOperation } from '../operation';

/** POST /api/auth/sign-in */
export const registerSignIn = publicOperation(
  {
    method: 'post',
    path: '/api/auth/sign-in',
    operationId: 'signIn',
    tags: ['Auth'],
    summary: 'Sign in with e-mail and password',
    description:
      'Starts a session and sets the HttpOnly session cookie (`session`, or `__Host-session` over HTTPS; 30 days, sliding, at most 90 days). 401 `invalid_credentials` for a wrong pair; 403 `email_not_verified` for an unverified account (a new link is sent at most every 10 minutes). Limited per source: 10 attempts per 15 minutes for one e-mail (so a stranger elsewhere cannot lock the owner out) and 50 for any e-mails; and 100 per hour for one e-mail from everywhere together.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: SignInInput,
            example: { email: 'ada@example.com', password: 'correct horse battery' },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Signed in; the session cookie is set',
        content: { 'application/json': { schema: SessionResponse, example: SESSION_EXAMPLE } },
      },
      ...errorResponses(401, 403, 415, 422, 429),
    },
  },
  async (c) => {
    const { email, password } = c.req.valid('json');
    await enforceAddressLimits(c, SIGN_IN_LIMITS, email);
    const userId = await checkCredentials(c.get('deps'), email, password);
    return c.json(await startSession(c, userId), 200);
  },
);
