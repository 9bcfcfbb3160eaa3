import { QuoteList, QuoteListQuery } from '../../../shared/contracts/quotes';
import { errorResponses } from '../../http/openapi';
import { todayOf } from '../../services/invoices/deps';
import { listQuotes } from '../../services/quotes/list-quotes';
import { providerOperation } from '../operation';

/** GET /api/quotes */
export const registerListQuotes = providerOperation(
  {
    method: 'get',
    path: '/api/quotes',
    operationId: 'listQuotes',
    tags: ['Quotes'],
    summary: 'List quotes',
    description:
      'A page of the provider’s quotes, newest first (`limit`, default 50, at most 100; `nextCursor` continues the list as `cursor`). Filters: `status` (`expired`: sent and past its validity date), `clientId`, `q` (contains, in the number and the description). Only the provider’s own quotes.',
    request: { query: QuoteListQuery },
    responses: {
      200: { description: 'Quotes', content: { 'application/json': { schema: QuoteList } } },
      ...errorResponses(401, 403, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    return c.json(await listQuotes(deps.sql, scope, c.req.valid('query'), todayOf(deps.now())), 200);
  },
);
