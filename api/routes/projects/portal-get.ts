import { createRoute } from '@hono/zod-openapi';
import { PortalProject } from '../../../shared/contracts/portal-client';
import { clientScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getPortalProject } from '../../services/projects/list-projects';
import { PORTAL_CLIENT, PortalProjectParams } from '../audiences';

const route = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/projects/{projectId}',
  tags: ['Portal'],
  summary: 'One of the client’s projects',
  description:
    'The project as the client sees it: without the provider’s internal notes, and with the budget only when the provider shares it. Another client’s project answers 404.',
  ...PORTAL_CLIENT,
  request: { params: PortalProjectParams },
  responses: {
    200: { description: 'The project', content: { 'application/json': { schema: PortalProject } } },
    ...errorResponses(401, 404, 422),
  },
});

/** GET /api/portal/{portalId}/projects/{projectId} */
export function registerPortalProject(app: App) {
  app.openapi(route, async (c) =>
    c.json(await getPortalProject(c.get('deps').sql, clientScope(c), c.req.valid('param').projectId), 200),
  );
}
