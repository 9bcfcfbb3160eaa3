import { createRoute } from '@hono/zod-openapi';
import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { removePortalDomain } from '../../services/domains/portal-domain';
import { getPortal } from '../../services/portals/manage-portals';

const route = createRoute({
  method: 'delete',
  path: '/api/portals/{portalId}/domain',
  tags: ['Domains'],
  summary: 'Remove the custom domain',
  description:
    'The portal stops answering on its custom domain (other instances within 30 seconds) and stays reachable at its portal URL.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: PortalIdParam },
  responses: {
    200: { description: 'The portal without domain', content: { 'application/json': { schema: Portal } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

/** DELETE /api/portals/{portalId}/domain */
export function registerDeleteDomain(app: App) {
  app.openapi(route, async (c) => {
    const { sql, config, now } = c.get('deps');
    const scope = providerScope(c);
    const { portalId } = c.req.valid('param');
    await removePortalDomain(sql, scope, portalId, now());
    return c.json(await getPortal(sql, config, scope, portalId, now()), 200);
  });
}
