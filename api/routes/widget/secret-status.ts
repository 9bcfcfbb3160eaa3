import { createRoute } from '@hono/zod-openapi';
import { PortalIdParam } from '../../../shared/contracts/portals';
import { WidgetSecretStatus } from '../../../shared/contracts/widget';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { widgetSecretStatus } from '../../services/widget/widget-secret';

const route = createRoute({
  method: 'get',
  path: '/api/portals/{portalId}/widget-secret',
  tags: ['Widget'],
  summary: 'Identity handoff status of a portal',
  description:
    'Whether the portal has a widget signing secret (identity handoff), when it was created and its last four characters. The secret itself is shown only once, when it is created. Another provider’s portal answers 404.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: PortalIdParam },
  responses: {
    200: { description: 'The status', content: { 'application/json': { schema: WidgetSecretStatus } } },
    ...errorResponses(401, 404, 422),
  },
});

/** GET /api/portals/{portalId}/widget-secret */
export function registerWidgetSecretStatus(app: App) {
  app.openapi(route, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { portalId } = c.req.valid('param');
    return c.json(await widgetSecretStatus(c.get('deps').sql, providerScope(c), portalId), 200);
  });
}
