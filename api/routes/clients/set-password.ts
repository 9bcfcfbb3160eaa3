import { ClientIdParam, ClientPasswordInput } from '../../../shared/contracts/clients';
import { Ok } from '../../../shared/contracts/common';
import { errorResponses } from '../../http/openapi';
import { setClientPassword } from '../../services/clients/set-client-password';
import { providerOperation } from '../operation';

/** POST /api/clients/{clientId}/password */
export const registerSetClientPassword = providerOperation(
  {
    method: 'post',
    path: '/api/clients/{clientId}/password',
    operationId: 'setClientPassword',
    tags: ['Clients'],
    summary: 'Set a client’s password',
    description:
      'Sets an initial password (at least 6 characters, spec §5, not one of the 10,000 most common: 422 `validation.passwordTooCommon`) for a client who cannot receive e-mail; the portal login then offers password sign-in. Replaces any earlier password, and ends every portal session of the client (whoever was signed in signs in again). Another provider’s client answers 404.',
    request: {
      params: ClientIdParam,
      body: { required: true, content: { 'application/json': { schema: ClientPasswordInput } } },
    },
    responses: {
      200: { description: 'The password was set', content: { 'application/json': { schema: Ok } } },
      ...errorResponses(401, 403, 404, 415, 422),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    const { clientId } = c.req.valid('param');
    await setClientPassword(sql, scope, clientId, c.req.valid('json').password, now());
    return c.json({ ok: true as const }, 200);
  },
);
