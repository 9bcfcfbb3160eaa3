import { Quote } from '../../../shared/contracts/quotes';
import { errorResponses } from '../../http/openapi';
import { sendQuote } from '../../services/quotes/send-quote';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';
import { QuoteIdParam } from './params';

/** POST /api/quotes/{quoteId}/send */
export const registerSendQuote = providerOperation(
  {
    method: 'post',
    path: '/api/quotes/{quoteId}/send',
    operationId: 'sendQuote',
    tags: ['Quotes'],
    summary: 'Send a draft quote',
    description:
      'Finalises a draft quote: it gets the next number of the provider’s quote sequence (`quotePrefix` and at least four digits, gapless and never reused), the status `sent`, its issue date, the seller’s and buyer’s details as they are now, and the SHA-256 of its canonical content (`contentSha256`); it becomes immutable, the client sees it in the portal and gets an e-mail in the quote’s language with a link to it. 409 `quote_transition_not_allowed` when it is not a draft; 422 on `validUntil` when that day has passed. Another provider’s quote answers 404.',
    request: { params: QuoteIdParam },
    responses: {
      200: { description: 'Sent', content: { 'application/json': { schema: Quote } } },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) => c.json(await sendQuote(invoiceDeps(c), scope, c.req.valid('param').quoteId), 200),
);
