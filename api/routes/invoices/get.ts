import { Invoice } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { getInvoice } from '../../services/invoices/get-invoice';
import { providerOperation } from '../operation';
import { InvoiceIdParam } from './params';

/** GET /api/invoices/{invoiceId} */
export const registerGetInvoice = providerOperation(
  {
    method: 'get',
    path: '/api/invoices/{invoiceId}',
    operationId: 'getInvoice',
    tags: ['Invoices'],
    summary: 'Get an invoice',
    description:
      'An invoice with its lines, the tax per rate, its credit note (when cancelled), its Stripe links (when created in Stripe) and `allowedStatuses` (what `POST …/status` accepts now). Another provider’s invoice answers 404.',
    request: { params: InvoiceIdParam },
    responses: {
      200: { description: 'The invoice', content: { 'application/json': { schema: Invoice } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => c.json(await getInvoice(c.get('deps').sql, scope, c.req.valid('param').invoiceId), 200),
);
