import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { removePortalDomain } from '../../services/domains/portal-domain';
import { getPortal } from '../../services/portals/manage-portals';
import { providerOperation } from '../operation';

/** DELETE /api/portals/{portalId}/domain */
export const registerDeleteDomain = providerOperation(
  {
    method: 'delete',
    path: '/api/portals/{portalId}/domain',
    operationId: 'deleteDomain',
    tags: ['Domains'],
    summary: 'Remove the custom domain',
    description:
      'The portal stops answering on its custom domain (other instances within 30 seconds) and stays reachable at its portal URL.',
    request: { params: PortalIdParam },
    responses: {
      200: { description: 'The portal without domain', content: { 'application/json': { schema: Portal } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const { sql, config, now } = c.get('deps');
    const { portalId } = c.req.valid('param');
    await removePortalDomain(sql, scope, portalId, now());
    return c.json(await getPortal(sql, config, scope, portalId, now()), 200);
  },
);
