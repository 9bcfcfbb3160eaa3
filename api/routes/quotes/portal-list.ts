import { PortalPathParam } from '../../../shared/contracts/portal-client';
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
      'The signed-in client’s quotes (up to 100, newest first) with their lines and totals; drafts are the provider’s own until sent. Only the client’s own.',
    request: { params: PortalPathParam },
    responses: {
      200: { description: 'The quotes', content: { 'application/json': { schema: PortalQuoteList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    return c.json({ items: await listPortalQuotes(deps.sql, scope, todayOf(deps.now())) }, 200);
  },
);
