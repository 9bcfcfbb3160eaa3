import { createRoute } from '@hono/zod-openapi';
import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getPortal } from '../../services/portals/manage-portals';
import { removePortalLogo } from '../../services/portals/portal-logo';

const route = createRoute({
  method: 'delete',
  path: '/api/portals/{portalId}/logo',
  tags: ['Portals'],
  summary: 'Remove the portal logo',
  description:
    'Removes the logo file; the portal shows its name instead. Another provider’s portal answers 404.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: PortalIdParam },
  responses: {
    200: { description: 'The portal without logo', content: { 'application/json': { schema: Portal } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

/** DELETE /api/portals/{portalId}/logo */
export function registerDeletePortalLogo(app: App) {
  app.openapi(route, async (c) => {
    const deps = c.get('deps');
    const scope = providerScope(c);
    const { portalId } = c.req.valid('param');
    await removePortalLogo({ ...deps, log: c.get('log') }, scope, portalId, deps.now());
    return c.json(await getPortal(deps.sql, deps.config, scope, portalId, deps.now()), 200);
  });
}
