import { Quote } from '../../../shared/contracts/quotes';
import { errorResponses } from '../../http/openapi';
import { todayOf } from '../../services/invoices/deps';
import { getQuote } from '../../services/quotes/get-quote';
import { providerOperation } from '../operation';
import { QuoteIdParam } from './params';

/** GET /api/quotes/{quoteId} */
export const registerGetQuote = providerOperation(
  {
    method: 'get',
    path: '/api/quotes/{quoteId}',
    operationId: 'getQuote',
    tags: ['Quotes'],
    summary: 'Get a quote',
    description:
      'One of the provider’s quotes with its lines, totals, legal details, the SHA-256 of its canonical content (once sent), the client’s decision (who, when, from which address, which content) and the invoices made from it. Another provider’s quote answers 404.',
    request: { params: QuoteIdParam },
    responses: {
      200: { description: 'The quote', content: { 'application/json': { schema: Quote } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    return c.json(await getQuote(deps.sql, scope, c.req.valid('param').quoteId, todayOf(deps.now())), 200);
  },
);
