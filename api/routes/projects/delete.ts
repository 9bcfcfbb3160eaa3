import { z } from '@hono/zod-openapi';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { errorResponses } from '../../http/openapi';
import { deleteProject } from '../../services/projects/manage-projects';
import { providerOperation } from '../operation';

const ProjectDeleted = z
  .object({
    ok: z.literal(true),
    deleted: z.object({ messages: z.number().int() }),
    keptInvoices: z.number().int().meta({ description: 'Invoices of the project, kept without it.' }),
  })
  .meta({ id: 'ProjectDeleted' });

/** DELETE /api/projects/{projectId} */
export const registerDeleteProject = providerOperation(
  {
    method: 'delete',
    path: '/api/projects/{projectId}',
    operationId: 'deleteProject',
    tags: ['Projects'],
    summary: 'Delete a project',
    description:
      'Deletes the project with its conversation and activity. Its invoices stay (their numbers belong to your books), without the project. Another provider’s project answers 404.',
    request: { params: ProjectIdParam },
    responses: {
      200: { description: 'Deleted', content: { 'application/json': { schema: ProjectDeleted } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const gone = await deleteProject(c.get('deps'), scope, c.req.valid('param').projectId);
    return c.json(
      { ok: true as const, deleted: { messages: gone.messages }, keptInvoices: gone.invoices },
      200,
    );
  },
);
