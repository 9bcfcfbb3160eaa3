import { Quote, QuoteCreate } from '../../../shared/contracts/quotes';
import { errorResponses } from '../../http/openapi';
import { createQuote } from '../../services/quotes/create-quote';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';

/** POST /api/quotes */
export const registerCreateQuote = providerOperation(
  {
    method: 'post',
    path: '/api/quotes',
    operationId: 'createQuote',
    tags: ['Quotes'],
    summary: 'Create a draft quote',
    description:
      'A new draft quote for one of the provider’s clients, with lines as an invoice’s (amounts and totals computed by the server in minor units; a total over 999,999.99 is 422 `invoice_total_too_large`). Defaults: the currency from the profile (else EUR for German, USD for English), the client’s language, valid until today plus the settings’ `defaultQuoteValidDays`. Another provider’s client or project answers 404; a project of another client 422. A draft has no number and is not visible to the client.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: QuoteCreate,
            example: {
              clientId: '0b5a3c1e-8f52-4a53-9d0e-2f0b7f1f6a10',
              validUntil: '2026-12-31',
              lines: [
                {
                  description: 'Website redesign',
                  quantityMilli: 40_000,
                  unitPriceCents: 9_000,
                  taxRateBp: 1_900,
                  unit: 'hour',
                },
              ],
            },
          },
        },
      },
    },
    responses: {
      201: { description: 'The draft', content: { 'application/json': { schema: Quote } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => c.json(await createQuote(invoiceDeps(c), scope, c.req.valid('json')), 201),
);
