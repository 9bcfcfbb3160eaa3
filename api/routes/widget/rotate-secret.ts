import { PortalIdParam } from '../../../shared/contracts/portals';
import { WidgetSecretCreated } from '../../../shared/contracts/widget';
import { errorResponses } from '../../http/openapi';
import { rotateWidgetSecret } from '../../services/widget/widget-secret';
import { providerOperation } from '../operation';

/** POST /api/portals/{portalId}/widget-secret */
export const registerRotateWidgetSecret = providerOperation(
  {
    method: 'post',
    path: '/api/portals/{portalId}/widget-secret',
    operationId: 'rotateWidgetSecret',
    tags: ['Widget'],
    summary: 'Create or rotate the widget signing secret',
    description:
      'Creates the portal’s signing secret for identity handoff, or replaces it: tokens signed with the previous secret are refused from now on. The response is the only time the secret is shown; store it in your backend. Another provider’s portal answers 404.',
    request: { params: PortalIdParam },
    responses: {
      200: {
        description: 'The new secret (shown once)',
        content: { 'application/json': { schema: WidgetSecretCreated } },
      },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    const { portalId } = c.req.valid('param');
    return c.json(await rotateWidgetSecret(sql, scope, portalId, now()), 200);
  },
);
