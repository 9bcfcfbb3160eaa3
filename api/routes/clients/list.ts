import { ClientList, ClientListQuery } from '../../../shared/contracts/clients';
import { errorResponses } from '../../http/openapi';
import { listClients } from '../../services/clients/list-clients';
import { providerOperation } from '../operation';

/** GET /api/clients */
export const registerListClients = providerOperation(
  {
    method: 'get',
    path: '/api/clients',
    operationId: 'listClients',
    tags: ['Clients'],
    summary: 'List your clients',
    description:
      'One page of your clients with their portal: `search` matches name, e-mail and company (case-insensitive, contains), `sort` by name, email, company or createdAt, `order` asc or desc, optionally only one `portalId`. Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor` with the same sort and order (another sort’s cursor answers 422). `total` counts every match.',
    request: { query: ClientListQuery },
    responses: {
      200: { description: 'A page of clients', content: { 'application/json': { schema: ClientList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listClients(c.get('deps').sql, scope, c.req.valid('query')), 200);
  },
);
