import { createRoute } from '@hono/zod-openapi';
import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getPortal } from '../../services/portals/manage-portals';

const route = createRoute({
  method: 'get',
  path: '/api/portals/{portalId}',
  tags: ['Portals'],
  summary: 'Get a portal',
  description: 'One of your portals; another provider’s portal answers 404.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: PortalIdParam },
  responses: {
    200: { description: 'The portal', content: { 'application/json': { schema: Portal } } },
    ...errorResponses(401, 404, 422),
  },
});

/** GET /api/portals/{portalId} */
export function registerGetPortal(app: App) {
  app.openapi(route, async (c) => {
    const { sql, config, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await getPortal(sql, config, providerScope(c), c.req.valid('param').portalId, now()), 200);
  });
}
