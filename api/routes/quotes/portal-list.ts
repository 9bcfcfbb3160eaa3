import { PortalListQuery, PortalPathParam } from '../../../shared/contracts/portal-client';
import { PortalQuoteList } from '../../../shared/contracts/quotes';
import { errorResponses } from '../../http/openapi';
import { todayOf } from '../../services/invoices/deps';
import { listPortalQuotes } from '../../services/quotes/list-quotes';
import { clientOperation } from '../operation';

/** GET /api/portal/{portalId}/quotes */
export const registerPortalQuotes = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/quotes',
    operationId: 'portalListQuotes',
    tags: ['Portal'],
    summary: 'The client’s quotes',
    description:
      'The signed-in client’s quotes (newest first, paged by cursor: `limit` up to 100, default 50; `nextCursor` continues the list as `cursor`) with their lines and totals; drafts are the provider’s own until sent. Only the client’s own.',
    request: { params: PortalPathParam, query: PortalListQuery.omit({ portalId: true }) },
    responses: {
      200: { description: 'The quotes', content: { 'application/json': { schema: PortalQuoteList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    return c.json(await listPortalQuotes(deps.sql, scope, c.req.valid('query'), todayOf(deps.now())), 200);
  },
);
