import { createRoute } from '@hono/zod-openapi';
import { PortalPathParam, PortalProjectList } from '../../../shared/contracts/portal-client';
import { PORTAL_SECURITY, requirePortalClient } from '../../auth/portal-client/middleware';
import { clientScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { listClientProjects } from '../../services/portal-client/client-data';

const route = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/projects',
  tags: ['Portal'],
  summary: 'The client’s projects',
  description:
    'The signed-in client’s projects (up to 200), active ones first, then by last change. Only the client’s own.',
  security: PORTAL_SECURITY,
  middleware: [requirePortalClient] as const,
  request: { params: PortalPathParam },
  responses: {
    200: { description: 'The projects', content: { 'application/json': { schema: PortalProjectList } } },
    ...errorResponses(401, 422),
  },
});

/** GET /api/portal/{portalId}/projects */
export function registerPortalProjects(app: App) {
  app.openapi(route, async (c) =>
    c.json({ items: await listClientProjects(c.get('deps').sql, clientScope(c)) }, 200),
  );
}
