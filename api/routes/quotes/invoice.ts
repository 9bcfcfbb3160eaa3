import { Invoice } from '../../../shared/contracts/invoices';
import { QuoteInvoiceCreate } from '../../../shared/contracts/quotes';
import { errorResponses } from '../../http/openapi';
import { invoiceFromQuote } from '../../services/quotes/invoice-from-quote';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';
import { QuoteIdParam } from './params';

/** POST /api/quotes/{quoteId}/invoices */
export const registerInvoiceFromQuote = providerOperation(
  {
    method: 'post',
    path: '/api/quotes/{quoteId}/invoices',
    operationId: 'createInvoiceFromQuote',
    tags: ['Quotes'],
    summary: 'Make an invoice of an accepted quote',
    description:
      'Creates a DRAFT invoice from an accepted quote (the client, project, currency, language, supply dates and tax mode of the quote), to be checked and sent as any invoice. `part`: `full` (the quote’s lines), `deposit` with `depositPercent` (1–99; one line per VAT group), or `rest` after a deposit (one line per VAT group for what the deposit left). A deposit and its rest add up to the quote’s total exactly to the cent. Each part is invoiced once (a cancelled invoice frees its part again): otherwise, or when the quote is not accepted, 409 `quote_not_invoiceable`. Another provider’s quote answers 404.',
    request: {
      params: QuoteIdParam,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: QuoteInvoiceCreate,
            example: { part: 'deposit', depositPercent: 30 },
          },
        },
      },
    },
    responses: {
      201: { description: 'The draft invoice', content: { 'application/json': { schema: Invoice } } },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await invoiceFromQuote(invoiceDeps(c), scope, c.req.valid('param').quoteId, c.req.valid('json')),
      201,
    ),
);
