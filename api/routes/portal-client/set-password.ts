import {
  PortalPasswordChanged,
  PortalPasswordInput,
  PortalPathParam,
} from '../../../shared/contracts/portal-client';
import { assertPasswordNotCommon } from '../../auth/common-passwords';
import { portalClientOf } from '../../auth/portal-client/middleware';
import { PORTAL_RATE_LIMITS } from '../../auth/portal-client/rate-limits';
import { errorResponses } from '../../http/openapi';
import { enforceRateLimit } from '../../http/rate-limit';
import { setClientOwnPassword } from '../../services/portal-client/client-profile';
import { clientOperation } from '../operation';

/** POST /api/portal/{portalId}/password */
export const registerPortalSetPassword = clientOperation(
  {
    method: 'post',
    path: '/api/portal/{portalId}/password',
    operationId: 'portalSetPassword',
    tags: ['Portal'],
    summary: 'Set or change the client’s password',
    description:
      'Sets a first password, or changes it (then `currentPassword` must be right: 422 `wrong_password` otherwise, at most 10 tries per 15 minutes). At least 6 characters (spec §5), not one of the 10,000 most common (422 `validation.passwordTooCommon`), confirmed. The client’s other sessions end; this one stays.',
    request: {
      params: PortalPathParam,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: PortalPasswordInput,
            example: { currentPassword: 'old secret', password: 'new secret', confirmPassword: 'new secret' },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The password was saved',
        content: { 'application/json': { schema: PortalPasswordChanged } },
      },
      ...errorResponses(401, 403, 415, 422, 429),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    const auth = portalClientOf(c);
    const input = c.req.valid('json');
    assertPasswordNotCommon(input.password, 'password');
    if (auth.client.hasPassword) {
      await enforceRateLimit(c, PORTAL_RATE_LIMITS.passwordCheckClient, auth.client.id);
    }
    const endedSessions = await setClientOwnPassword(sql, scope, input, now());
    return c.json({ ok: true as const, endedSessions }, 200);
  },
);
