import { createRoute } from '@hono/zod-openapi';
import { PortalList } from '../../../shared/contracts/portals';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { listPortals } from '../../services/portals/manage-portals';

const route = createRoute({
  method: 'get',
  path: '/api/portals',
  tags: ['Portals'],
  summary: 'List your portals',
  description:
    'Your branded portals, newest first, each with its standalone URL, logo URL, custom-domain state, client count and the WCAG contrast of its colours.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  responses: {
    200: { description: 'The portals', content: { 'application/json': { schema: PortalList } } },
    ...errorResponses(401),
  },
});

/** GET /api/portals */
export function registerListPortals(app: App) {
  app.openapi(route, async (c) => {
    const { sql, config, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listPortals(sql, config, providerScope(c), now()) }, 200);
  });
}
