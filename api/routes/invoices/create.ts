import { Invoice, InvoiceCreate } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { createInvoice } from '../../services/invoices/create-draft';
import { providerOperation } from '../operation';
import { invoiceDeps } from './params';

/** POST /api/invoices */
export const registerCreateInvoice = providerOperation(
  {
    method: 'post',
    path: '/api/invoices',
    operationId: 'createInvoice',
    tags: ['Invoices'],
    summary: 'Create a draft invoice',
    description:
      'A new draft for one of the provider’s clients (another provider’s client or project answers 404; a project of another client 422 `validation.projectInvalid`). Lines are numbered in the order sent; their amounts and the totals are computed by the server in minor units (`shared/contracts/money.ts`); a total over 999,999.99 is 422 `invoice_total_too_large`. Defaults: the currency from the profile (else EUR for German, USD for English), the client’s language, a due date of today plus the settings’ payment term. A draft has no number and is not visible to the client.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: InvoiceCreate,
            example: {
              clientId: '0b5a3c1e-8f52-4a53-9d0e-2f0b7f1f6a10',
              lines: [
                {
                  description: 'Design work',
                  quantityMilli: 12_500,
                  unitPriceCents: 8_000,
                  taxRateBp: 1_900,
                },
              ],
            },
          },
        },
      },
    },
    responses: {
      201: { description: 'The draft', content: { 'application/json': { schema: Invoice } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => c.json(await createInvoice(invoiceDeps(c), scope, c.req.valid('json')), 201),
);
