import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { getPortal } from '../../services/portals/manage-portals';
import { removePortalLogo } from '../../services/portals/portal-logo';
import { providerOperation } from '../operation';

/** DELETE /api/portals/{portalId}/logo */
export const registerDeletePortalLogo = providerOperation(
  {
    method: 'delete',
    path: '/api/portals/{portalId}/logo',
    operationId: 'deletePortalLogo',
    tags: ['Portals'],
    summary: 'Remove the portal logo',
    description:
      'Removes the logo file; the portal shows its name instead. Another provider’s portal answers 404.',
    request: { params: PortalIdParam },
    responses: {
      200: { description: 'The portal without logo', content: { 'application/json': { schema: Portal } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    const { portalId } = c.req.valid('param');
    await removePortalLogo({ ...deps, log: c.get('log') }, scope, portalId, deps.now());
    return c.json(await getPortal(deps.sql, deps.config, scope, portalId, deps.now()), 200);
  },
);
