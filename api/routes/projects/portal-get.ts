import { PortalPathParam, PortalProject } from '../../../shared/contracts/portal-client';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { errorResponses } from '../../http/openapi';
import { getPortalProject } from '../../services/projects/list-projects';
import { clientOperation } from '../operation';

/** `{portalId}` and `{projectId}`: a project of the signed-in client's portal. */
const PortalProjectParams = PortalPathParam.extend(ProjectIdParam.shape);

/** GET /api/portal/{portalId}/projects/{projectId} */
export const registerPortalProject = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/projects/{projectId}',
    operationId: 'portalGetProject',
    tags: ['Portal'],
    summary: 'One of the client’s projects',
    description:
      'The project as the client sees it: without the provider’s internal notes, and with the budget only when the provider shares it. Another client’s project answers 404.',
    request: { params: PortalProjectParams },
    responses: {
      200: { description: 'The project', content: { 'application/json': { schema: PortalProject } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) =>
    c.json(await getPortalProject(c.get('deps').sql, scope, c.req.valid('param').projectId), 200),
);
