import { Quote, QuoteUpdate } from '../../../shared/contracts/quotes';
import { errorResponses } from '../../http/openapi';
import { updateQuote } from '../../services/quotes/update-quote';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';
import { QuoteIdParam } from './params';

/** PATCH /api/quotes/{quoteId} */
export const registerUpdateQuote = providerOperation(
  {
    method: 'patch',
    path: '/api/quotes/{quoteId}',
    operationId: 'updateQuote',
    tags: ['Quotes'],
    summary: 'Change a draft quote',
    description:
      'Changes the fields sent; `lines` replaces every line (and the totals). A sent quote is immutable: 409 `quote_not_editable`. Another provider’s quote answers 404.',
    request: {
      params: QuoteIdParam,
      body: { required: true, content: { 'application/json': { schema: QuoteUpdate } } },
    },
    responses: {
      200: { description: 'The draft', content: { 'application/json': { schema: Quote } } },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) =>
    c.json(await updateQuote(invoiceDeps(c), scope, c.req.valid('param').quoteId, c.req.valid('json')), 200),
);
