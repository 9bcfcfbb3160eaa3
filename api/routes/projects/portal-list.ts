import { PortalPathParam, PortalProjectList } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { listClientProjects } from '../../services/portal-client/client-data';
import { clientOperation } from '../operation';

/** GET /api/portal/{portalId}/projects */
export const registerPortalProjects = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/projects',
    tags: ['Portal'],
    summary: 'The client’s projects',
    description:
      'The signed-in client’s projects (up to 200), active ones first, then by last change. Only the client’s own.',
    request: { params: PortalPathParam },
    responses: {
      200: { description: 'The projects', content: { 'application/json': { schema: PortalProjectList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => c.json({ items: await listClientProjects(c.get('deps').sql, scope) }, 200),
);
