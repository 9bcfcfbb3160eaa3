import { PortalIdParam } from '../../../shared/contracts/portals';
import { WidgetSecretStatus } from '../../../shared/contracts/widget';
import { errorResponses } from '../../http/openapi';
import { widgetSecretStatus } from '../../services/widget/widget-secret';
import { providerOperation } from '../operation';

/** GET /api/portals/{portalId}/widget-secret */
export const registerWidgetSecretStatus = providerOperation(
  {
    method: 'get',
    path: '/api/portals/{portalId}/widget-secret',
    operationId: 'getWidgetSecretStatus',
    tags: ['Widget'],
    summary: 'Identity handoff status of a portal',
    description:
      'Whether the portal has a widget signing secret (identity handoff), when it was created and its last four characters. The secret itself is shown only once, when it is created. Another provider’s portal answers 404.',
    request: { params: PortalIdParam },
    responses: {
      200: { description: 'The status', content: { 'application/json': { schema: WidgetSecretStatus } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    const { portalId } = c.req.valid('param');
    return c.json(await widgetSecretStatus(c.get('deps').sql, scope, portalId), 200);
  },
);
