import { PortalList, PortalListQuery } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { listPortals } from '../../services/portals/manage-portals';
import { providerOperation } from '../operation';

/** GET /api/portals */
export const registerListPortals = providerOperation(
  {
    method: 'get',
    path: '/api/portals',
    operationId: 'listPortals',
    tags: ['Portals'],
    summary: 'List your portals',
    description:
      'Your branded portals, newest first, each with its standalone URL, logo URL, custom-domain state, client count and the WCAG contrast of its colours. Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor`.',
    request: { query: PortalListQuery },
    responses: {
      200: { description: 'The portals', content: { 'application/json': { schema: PortalList } } },
      ...errorResponses(401),
    },
  },
  async (c, scope) => {
    const { sql, config, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await listPortals(sql, config, scope, now(), c.req.valid('query')), 200);
  },
);
