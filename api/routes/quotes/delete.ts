import { errorResponses } from '../../http/openapi';
import { deleteQuote } from '../../services/quotes/delete-quote';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';
import { QuoteIdParam } from './params';

/** DELETE /api/quotes/{quoteId} */
export const registerDeleteQuote = providerOperation(
  {
    method: 'delete',
    path: '/api/quotes/{quoteId}',
    operationId: 'deleteQuote',
    tags: ['Quotes'],
    summary: 'Delete a draft quote',
    description:
      'Deletes a draft quote with its lines. A sent quote has a number and stays (409 `quote_not_editable`). Another provider’s quote answers 404.',
    request: { params: QuoteIdParam },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409, 422) },
  },
  async (c, scope) => {
    await deleteQuote(invoiceDeps(c), scope, c.req.valid('param').quoteId);
    return c.body(null, 204);
  },
);
