import { Project, ProjectIdParam } from '../../../shared/contracts/projects';
import { errorResponses } from '../../http/openapi';
import { getProject } from '../../services/projects/list-projects';
import { providerOperation } from '../operation';

/** GET /api/projects/{projectId} */
export const registerGetProject = providerOperation(
  {
    method: 'get',
    path: '/api/projects/{projectId}',
    operationId: 'getProject',
    tags: ['Projects'],
    summary: 'Get a project',
    description:
      'One of your projects with its client and unread messages. Another provider’s project answers 404.',
    request: { params: ProjectIdParam },
    responses: {
      200: { description: 'The project', content: { 'application/json': { schema: Project } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => c.json(await getProject(c.get('deps').sql, scope, c.req.valid('param').projectId), 200),
);
