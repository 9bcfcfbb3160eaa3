import { ClientDeleted, ClientIdParam } from '../../../shared/contracts/clients';
import { errorResponses } from '../../http/openapi';
import { deleteClient } from '../../services/clients/manage-clients';
import { providerOperation } from '../operation';

/** DELETE /api/clients/{clientId} */
export const registerDeleteClient = providerOperation(
  {
    method: 'delete',
    path: '/api/clients/{clientId}',
    operationId: 'deleteClient',
    tags: ['Clients'],
    summary: 'Delete a client',
    description:
      'Deletes the client with their projects, invoices and portal history; `deleted` says how many projects and invoices went with them. Another provider’s client answers 404.',
    request: { params: ClientIdParam },
    responses: {
      200: { description: 'What was deleted', content: { 'application/json': { schema: ClientDeleted } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const { clientId } = c.req.valid('param');
    const deleted = await deleteClient(c.get('deps'), scope, clientId);
    return c.json({ ok: true as const, deleted }, 200);
  },
);
