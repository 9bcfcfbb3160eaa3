import { createRoute } from '@hono/zod-openapi';
import { ClientDeleted, ClientIdParam } from '../../../shared/contracts/clients';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { deleteClient } from '../../services/clients/manage-clients';

const route = createRoute({
  method: 'delete',
  path: '/api/clients/{clientId}',
  tags: ['Clients'],
  summary: 'Delete a client',
  description:
    'Deletes the client with their projects, invoices and portal history; `deleted` says how many projects and invoices went with them. Another provider’s client answers 404.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: ClientIdParam },
  responses: {
    200: { description: 'What was deleted', content: { 'application/json': { schema: ClientDeleted } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

/** DELETE /api/clients/{clientId} */
export function registerDeleteClient(app: App) {
  app.openapi(route, async (c) => {
    const { clientId } = c.req.valid('param');
    const deleted = await deleteClient(c.get('deps'), providerScope(c), clientId);
    return c.json({ ok: true as const, deleted }, 200);
  });
}
