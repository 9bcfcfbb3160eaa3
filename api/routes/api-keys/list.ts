import { ApiKeyListQuery, ApiKeyPage } from '../../../shared/contracts/api-keys';
import { errorResponses } from '../../http/openapi';
import { listApiKeys } from '../../services/api-keys/api-keys';
import { providerOperation } from '../operation';

/** GET /api/api-keys */
export const registerListApiKeys = providerOperation(
  {
    method: 'get',
    operationId: 'listApiKeys',
    path: '/api/api-keys',
    tags: ['API keys'],
    summary: 'List your API keys',
    description:
      'Your API keys, newest first, revoked and expired ones included (`status`), with the prefix of each secret (never the secret), its scopes and its last use (time and address, recorded at most once a minute). Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues as `cursor`. Session only: an API key cannot list keys.',
    request: { query: ApiKeyListQuery },
    responses: {
      200: { description: 'A page of keys', content: { 'application/json': { schema: ApiKeyPage } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    return c.json(await listApiKeys(sql, scope, c.req.valid('query'), now()), 200);
  },
);
