import { ApiKeyCreated, ApiKeyCreateInput } from '../../../shared/contracts/api-keys';
import { errorResponses } from '../../http/openapi';
import { createApiKey } from '../../services/api-keys/api-keys';
import { providerOperation } from '../operation';

/** POST /api/api-keys */
export const registerCreateApiKey = providerOperation(
  {
    method: 'post',
    operationId: 'createApiKey',
    path: '/api/api-keys',
    tags: ['API keys'],
    summary: 'Create an API key',
    description:
      'Creates a key with a name, scopes (`<family>:read` or `<family>:write` per family) and an optional expiry in the future. The answer holds the secret (`cp_live_…`) this once: only its hash is stored. At most 25 live keys (409 `api_key_limit`). Session only: an API key cannot create keys.',
    request: {
      body: { required: true, content: { 'application/json': { schema: ApiKeyCreateInput } } },
    },
    responses: {
      201: {
        description: 'The key and its secret, shown once',
        content: { 'application/json': { schema: ApiKeyCreated } },
      },
      ...errorResponses(401, 403, 409, 415, 422),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await createApiKey(sql, scope, c.req.valid('json'), now()), 201);
  },
);
