import { createRoute } from '@hono/zod-openapi';
import { Ok } from '../../../shared/contracts/common';
import { PortalIdParam } from '../../../shared/contracts/portals';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { deleteWidgetSecret } from '../../services/widget/widget-secret';

const route = createRoute({
  method: 'delete',
  path: '/api/portals/{portalId}/widget-secret',
  tags: ['Widget'],
  summary: 'Turn identity handoff off',
  description:
    'Deletes the portal’s signing secret: handoff tokens are refused (`handoff_not_configured`) until a new secret is created. Clients can still sign in inside the widget by password or magic link. Another provider’s portal answers 404.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: PortalIdParam },
  responses: {
    200: { description: 'Turned off', content: { 'application/json': { schema: Ok } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

/** DELETE /api/portals/{portalId}/widget-secret */
export function registerDeleteWidgetSecret(app: App) {
  app.openapi(route, async (c) => {
    const { portalId } = c.req.valid('param');
    await deleteWidgetSecret(c.get('deps').sql, providerScope(c), portalId);
    return c.json({ ok: true as const }, 200);
  });
}
