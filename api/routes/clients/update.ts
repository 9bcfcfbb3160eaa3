import { Client, ClientIdParam, ClientUpdateInput } from '../../../shared/contracts/clients';
import { errorResponses } from '../../http/openapi';
import { updateClient } from '../../services/clients/manage-clients';
import { providerOperation } from '../operation';

/** PATCH /api/clients/{clientId} */
export const registerUpdateClient = providerOperation(
  {
    method: 'patch',
    path: '/api/clients/{clientId}',
    operationId: 'updateClient',
    tags: ['Clients'],
    summary: 'Update a client',
    description:
      'Changes only the fields sent; an empty company, phone or notes clears it; `portalId` moves the client to another of your portals. A new `email` ends the client’s access in the same step: their unused sign-in links (invitations included) stop working, their portal sessions end, and their password is removed (`hasPassword` false), because nothing proves the new address belongs to the same person. The client then signs in by a magic link to the new address (invite them, or they ask for one on the portal) and may set a password again. 409 `client_email_taken` when that portal has the e-mail already. Another provider’s client (or portal) answers 404.',
    request: {
      params: ClientIdParam,
      body: {
        required: true,
        content: { 'application/json': { schema: ClientUpdateInput, example: { phone: '+49 30 1234567' } } },
      },
    },
    responses: {
      200: { description: 'The updated client', content: { 'application/json': { schema: Client } } },
      ...errorResponses(401, 403, 404, 409, 415, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    const { clientId } = c.req.valid('param');
    return c.json(await updateClient(deps, scope, clientId, c.req.valid('json'), deps.now()), 200);
  },
);
