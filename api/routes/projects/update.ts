import { Project, ProjectIdParam, ProjectUpdateInput } from '../../../shared/contracts/projects';
import { errorResponses } from '../../http/openapi';
import { updateProject } from '../../services/projects/manage-projects';
import { providerOperation } from '../operation';

/** PATCH /api/projects/{projectId} */
export const registerUpdateProject = providerOperation(
  {
    method: 'patch',
    path: '/api/projects/{projectId}',
    operationId: 'updateProject',
    tags: ['Projects'],
    summary: 'Update a project',
    description:
      'Changes only the fields sent (empty strings clear the optional texts, null clears a date or the budget). The end date may not be before the start date, stored or sent (422 on `endDate`). A project with messages keeps its client (409 `project_client_locked`). A status change, and any change the client can see, is shown to the client. Another provider’s project answers 404.',
    request: {
      params: ProjectIdParam,
      body: {
        required: true,
        content: { 'application/json': { schema: ProjectUpdateInput, example: { status: 'completed' } } },
      },
    },
    responses: {
      200: { description: 'The project', content: { 'application/json': { schema: Project } } },
      ...errorResponses(401, 403, 404, 409, 415, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await updateProject(c.get('deps'), scope, c.req.valid('param').projectId, c.req.valid('json')),
      200,
    ),
);
