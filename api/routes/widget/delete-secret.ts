import { Ok } from '../../../shared/contracts/common';
import { PortalIdParam } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { deleteWidgetSecret } from '../../services/widget/widget-secret';
import { providerOperation } from '../operation';

/** DELETE /api/portals/{portalId}/widget-secret */
export const registerDeleteWidgetSecret = providerOperation(
  {
    method: 'delete',
    path: '/api/portals/{portalId}/widget-secret',
    operationId: 'deleteWidgetSecret',
    tags: ['Widget'],
    summary: 'Turn identity handoff off',
    description:
      'Deletes the portal’s signing secret: handoff tokens are refused (`handoff_not_configured`) until a new secret is created. Clients can still sign in inside the widget by password or magic link. Another provider’s portal answers 404.',
    request: { params: PortalIdParam },
    responses: {
      200: { description: 'Turned off', content: { 'application/json': { schema: Ok } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const { portalId } = c.req.valid('param');
    await deleteWidgetSecret(c.get('deps').sql, scope, portalId);
    return c.json({ ok: true as const }, 200);
  },
);
