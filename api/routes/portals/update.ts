import { Portal, PortalIdParam, PortalUpdateInput } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { updatePortal } from '../../services/portals/manage-portals';
import { providerOperation } from '../operation';

/** PATCH /api/portals/{portalId} */
export const registerUpdatePortal = providerOperation(
  {
    method: 'patch',
    path: '/api/portals/{portalId}',
    operationId: 'updatePortal',
    tags: ['Portals'],
    summary: 'Update a portal',
    description:
      'Changes only the fields sent (name, colours, allowed origins; the list replaces the old one). Unknown fields are rejected. Another provider’s portal answers 404.',
    request: {
      params: PortalIdParam,
      body: {
        required: true,
        content: {
          'application/json': { schema: PortalUpdateInput, example: { primaryColor: '#0f766e' } },
        },
      },
    },
    responses: {
      200: { description: 'The updated portal', content: { 'application/json': { schema: Portal } } },
      ...errorResponses(401, 403, 404, 415, 422),
    },
  },
  async (c, scope) => {
    const { sql, config, now } = c.get('deps');
    const { portalId } = c.req.valid('param');
    return c.json(await updatePortal(sql, config, scope, portalId, c.req.valid('json'), now()), 200);
  },
);
