import { ProjectList, ProjectListQuery } from '../../../shared/contracts/projects';
import { errorResponses } from '../../http/openapi';
import { listProjects } from '../../services/projects/list-projects';
import { providerOperation } from '../operation';

/** GET /api/projects */
export const registerListProjects = providerOperation(
  {
    method: 'get',
    path: '/api/projects',
    operationId: 'listProjects',
    tags: ['Projects'],
    summary: 'List your projects',
    description:
      'One page of your projects with their client and unread messages: filter by `status` and `clientId`, `search` the name (case-insensitive, contains), `sort` by name, status, startDate, endDate, updatedAt or createdAt, `order`. Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor` with the same sort and order (another sort’s cursor answers 422). `total` counts every match.',
    request: { query: ProjectListQuery },
    responses: {
      200: { description: 'A page of projects', content: { 'application/json': { schema: ProjectList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => c.json(await listProjects(c.get('deps').sql, scope, c.req.valid('query')), 200),
);
