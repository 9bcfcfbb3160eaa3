import { Client, ClientCreateInput } from '../../../shared/contracts/clients';
import { errorResponses } from '../../http/openapi';
import { createClient } from '../../services/clients/manage-clients';
import { providerOperation } from '../operation';

/** POST /api/clients */
export const registerCreateClient = providerOperation(
  {
    method: 'post',
    path: '/api/clients',
    operationId: 'createClient',
    tags: ['Clients'],
    summary: 'Add a client',
    description:
      'Adds a client to one of your portals: name and e-mail required (spec §5); company, phone, notes and language optional. The e-mail is unique per portal (409 `client_email_taken`). A portal that is not yours answers 404. No e-mail is sent; invite the client separately.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: ClientCreateInput,
            example: {
              name: 'Grace Hopper',
              email: 'grace@example.com',
              portalId: '3f1c9a2b-0000-4000-8000-000000000000',
              company: 'Navy Labs',
            },
          },
        },
      },
    },
    responses: {
      201: { description: 'The new client', content: { 'application/json': { schema: Client } } },
      ...errorResponses(401, 403, 404, 409, 415, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    return c.json(await createClient(deps, scope, c.req.valid('json'), deps.now()), 201);
  },
);
