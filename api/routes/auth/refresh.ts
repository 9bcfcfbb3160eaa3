import { SessionResponse } from '../../../shared/contracts/auth';
import { authenticate } from '../../auth/middleware';
import { SESSION_EXAMPLE, toSessionResponse } from '../../auth/session-response';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { providerOperation } from '../operation';

/** POST /api/auth/refresh */
export const registerRefresh = providerOperation(
  {
    method: 'post',
    path: '/api/auth/refresh',
    operationId: 'refreshSession',
    tags: ['Auth'],
    summary: 'Refresh the session',
    description:
      'Slides the session expiry to 30 days from now (never past 90 days from sign-in) and re-sends the cookie. The dashboard calls it when the session expires within 5 minutes (spec §4). 401 when there is no valid session; the dashboard then clears its state.',
    responses: {
      200: {
        description: 'Refreshed',
        content: { 'application/json': { schema: SessionResponse, example: SESSION_EXAMPLE } },
      },
      ...errorResponses(401, 403),
    },
  },
  async (c) => {
    const result = await authenticate(c, { force: true });
    if (!result) throw new ApiError('unauthorized');
    return c.json(toSessionResponse(result), 200);
  },
);
