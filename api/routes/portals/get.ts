import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { getPortal } from '../../services/portals/manage-portals';
import { providerOperation } from '../operation';

/** GET /api/portals/{portalId} */
export const registerGetPortal = providerOperation(
  {
    method: 'get',
    path: '/api/portals/{portalId}',
    operationId: 'getPortal',
    tags: ['Portals'],
    summary: 'Get a portal',
    description: 'One of your portals; another provider’s portal answers 404.',
    request: { params: PortalIdParam },
    responses: {
      200: { description: 'The portal', content: { 'application/json': { schema: Portal } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => {
    const { sql, config, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await getPortal(sql, config, scope, c.req.valid('param').portalId, now()), 200);
  },
);
