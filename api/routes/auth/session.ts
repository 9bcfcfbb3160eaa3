import { SessionResponse } from '../../../shared/contracts/auth';
import { authenticate } from '../../auth/middleware';
import { SESSION_EXAMPLE, toSessionResponse } from '../../auth/session-response';
import { optionalProviderOperation } from '../operation';

/** GET /api/auth/session: the benchmarked hot path, one indexed query (two when the expiry slides). */
export const registerSession = optionalProviderOperation(
  {
    method: 'get',
    path: '/api/auth/session',
    operationId: 'getSession',
    tags: ['Auth'],
    summary: 'Current session',
    description:
      'The signed-in user and session, or `{ user: null, session: null }` when signed out (never 401, so the dashboard can ask on every load). `session.expiresAt` is ISO 8601. Reading it slides the expiry when less than 15 days remain. Not cacheable.',
    responses: {
      200: {
        description: 'The session, or nulls when signed out',
        content: {
          'application/json': {
            schema: SessionResponse,
            examples: {
              signedIn: { summary: 'Signed in', value: SESSION_EXAMPLE },
              signedOut: { summary: 'Signed out', value: { user: null, session: null } },
            },
          },
        },
      },
    },
  },
  async (c) => {
    // `no-store` comes with every /api/ answer (requestContext).
    return c.json(toSessionResponse(await authenticate(c)), 200);
  },
);
