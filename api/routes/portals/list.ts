import { PortalList } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { listPortals } from '../../services/portals/manage-portals';
import { providerOperation } from '../operation';

/** GET /api/portals */
export const registerListPortals = providerOperation(
  {
    method: 'get',
    path: '/api/portals',
    tags: ['Portals'],
    summary: 'List your portals',
    description:
      'Your branded portals, newest first, each with its standalone URL, logo URL, custom-domain state, client count and the WCAG contrast of its colours.',
    responses: {
      200: { description: 'The portals', content: { 'application/json': { schema: PortalList } } },
      ...errorResponses(401),
    },
  },
  async (c, scope) => {
    const { sql, config, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listPortals(sql, config, scope, now()) }, 200);
  },
);
