import { ApiKeyParams } from '../../../shared/contracts/api-keys';
import { errorResponses } from '../../http/openapi';
import { revokeApiKey } from '../../services/api-keys/api-keys';
import { providerOperation } from '../operation';

/** DELETE /api/api-keys/{keyId} */
export const registerRevokeApiKey = providerOperation(
  {
    method: 'delete',
    operationId: 'revokeApiKey',
    path: '/api/api-keys/{keyId}',
    tags: ['API keys'],
    summary: 'Revoke an API key',
    description:
      'Revokes the key: its next request answers 401 (no cache holds it). The key stays in the list as `revoked`; revoking it again changes nothing. Another provider’s key answers 404. Session only.',
    request: { params: ApiKeyParams },
    responses: {
      204: { description: 'Revoked' },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    await revokeApiKey(sql, scope, c.req.valid('param').keyId, now());
    return c.body(null, 204);
  },
);
