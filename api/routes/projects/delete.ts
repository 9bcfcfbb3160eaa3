import { createRoute, z } from '@hono/zod-openapi';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { deleteProject } from '../../services/projects/manage-projects';

const ProjectDeleted = z
  .object({
    ok: z.literal(true),
    deleted: z.object({ messages: z.number().int() }),
    keptInvoices: z.number().int().meta({ description: 'Invoices of the project, kept without it.' }),
  })
  .meta({ id: 'ProjectDeleted' });

const route = createRoute({
  method: 'delete',
  path: '/api/projects/{projectId}',
  tags: ['Projects'],
  summary: 'Delete a project',
  description:
    'Deletes the project with its conversation and activity. Its invoices stay (their numbers belong to your books), without the project. Another provider’s project answers 404.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: ProjectIdParam },
  responses: {
    200: { description: 'Deleted', content: { 'application/json': { schema: ProjectDeleted } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

/** DELETE /api/projects/{projectId} */
export function registerDeleteProject(app: App) {
  app.openapi(route, async (c) => {
    const gone = await deleteProject(c.get('deps'), providerScope(c), c.req.valid('param').projectId);
    return c.json(
      { ok: true as const, deleted: { messages: gone.messages }, keptInvoices: gone.invoices },
      200,
    );
  });
}
