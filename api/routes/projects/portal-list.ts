import { PortalListQuery, PortalPathParam, PortalProjectList } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { listClientProjects } from '../../services/portal-client/client-data';
import { clientOperation } from '../operation';

/** GET /api/portal/{portalId}/projects */
export const registerPortalProjects = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/projects',
    operationId: 'portalListProjects',
    tags: ['Portal'],
    summary: 'The client’s projects',
    description:
      'The signed-in client’s projects active ones first, then by last change, paged by cursor (`limit` up to 100, default 50; `nextCursor` continues the list as `cursor`). Only the client’s own.',
    request: { params: PortalPathParam, query: PortalListQuery.omit({ portalId: true }) },
    responses: {
      200: { description: 'The projects', content: { 'application/json': { schema: PortalProjectList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => c.json(await listClientProjects(c.get('deps').sql, scope, c.req.valid('query')), 200),
);
