import { ClientDetail, ClientIdParam } from '../../../shared/contracts/clients';
import { errorResponses } from '../../http/openapi';
import { getClientDetail } from '../../services/clients/get-client-detail';
import { providerOperation } from '../operation';

/** GET /api/clients/{clientId} */
export const registerGetClient = providerOperation(
  {
    method: 'get',
    path: '/api/clients/{clientId}',
    operationId: 'getClient',
    tags: ['Clients'],
    summary: 'Get a client',
    description:
      'Contact data, portal, projects, invoices and the last portal sign-in. Another provider’s client answers 404.',
    request: { params: ClientIdParam },
    responses: {
      200: { description: 'The client', content: { 'application/json': { schema: ClientDetail } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    const { clientId } = c.req.valid('param');
    return c.json(await getClientDetail(c.get('deps').sql, scope, clientId), 200);
  },
);
