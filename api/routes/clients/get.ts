import { createRoute } from '@hono/zod-openapi';
import { ClientDetail, ClientIdParam } from '../../../shared/contracts/clients';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getClientDetail } from '../../services/clients/get-client-detail';

const route = createRoute({
  method: 'get',
  path: '/api/clients/{clientId}',
  tags: ['Clients'],
  summary: 'Get a client',
  description:
    'Contact data, portal, projects, invoices and the last portal sign-in. Another provider’s client answers 404.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: ClientIdParam },
  responses: {
    200: { description: 'The client', content: { 'application/json': { schema: ClientDetail } } },
    ...errorResponses(401, 404, 422),
  },
});

/** GET /api/clients/{clientId} */
export function registerGetClient(app: App) {
  app.openapi(route, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { clientId } = c.req.valid('param');
    return c.json(await getClientDetail(c.get('deps').sql, providerScope(c), clientId), 200);
  });
}
