import { Portal, PortalCreateInput } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { createPortal } from '../../services/portals/manage-portals';
import { providerOperation } from '../operation';

/** POST /api/portals */
export const registerCreatePortal = providerOperation(
  {
    method: 'post',
    path: '/api/portals',
    operationId: 'createPortal',
    tags: ['Portals'],
    summary: 'Create a portal',
    description:
      'Creates a branded portal: name (1–80 characters), primary and secondary colour (`#rrggbb`), and up to 10 website origins allowed to embed it (https, or http://localhost:port for development; paths are dropped). The logo is uploaded separately (`PUT /api/portals/{portalId}/logo`).',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: PortalCreateInput,
            example: {
              portalName: 'Analytical Studio',
              primaryColor: '#4f46e5',
              secondaryColor: '#0f766e',
              allowedOrigins: ['https://ada.studio'],
            },
          },
        },
      },
    },
    responses: {
      201: { description: 'The new portal', content: { 'application/json': { schema: Portal } } },
      ...errorResponses(401, 403, 415, 422),
    },
  },
  async (c, scope) => {
    const { sql, config, now } = c.get('deps');
    return c.json(await createPortal(sql, config, scope, c.req.valid('json'), now()), 201);
  },
);
