import { createRoute } from '@hono/zod-openapi';
import { Project, ProjectIdParam } from '../../../shared/contracts/projects';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getProject } from '../../services/projects/list-projects';

const route = createRoute({
  method: 'get',
  path: '/api/projects/{projectId}',
  tags: ['Projects'],
  summary: 'Get a project',
  description:
    'One of your projects with its client and unread messages. Another provider’s project answers 404.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: ProjectIdParam },
  responses: {
    200: { description: 'The project', content: { 'application/json': { schema: Project } } },
    ...errorResponses(401, 404, 422),
  },
});

/** GET /api/projects/{projectId} */
export function registerGetProject(app: App) {
  app.openapi(route, async (c) =>
    c.json(await getProject(c.get('deps').sql, providerScope(c), c.req.valid('param').projectId), 200),
  );
}
