import { Invoice, InvoiceUpdate } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { updateInvoice } from '../../services/invoices/update-draft';
import { providerOperation } from '../operation';
import { InvoiceIdParam, invoiceDeps } from './params';

/** PATCH /api/invoices/{invoiceId} */
export const registerUpdateInvoice = providerOperation(
  {
    method: 'patch',
    path: '/api/invoices/{invoiceId}',
    operationId: 'updateInvoice',
    tags: ['Invoices'],
    summary: 'Edit a draft invoice',
    description:
      'Changes the fields sent; `lines` replaces every line and the totals are computed again. Drafts only: a sent invoice is immutable (409 `invoice_not_editable`; corrections go through cancellation). A new client or project is checked as on creation (404 for another provider’s, 422 `validation.projectInvalid` for a project of another client). Another provider’s invoice answers 404.',
    request: {
      params: InvoiceIdParam,
      body: {
        required: true,
        content: {
          'application/json': { schema: InvoiceUpdate, example: { description: 'Website, phase 2' } },
        },
      },
    },
    responses: {
      200: { description: 'The draft', content: { 'application/json': { schema: Invoice } } },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await updateInvoice(invoiceDeps(c), scope, c.req.valid('param').invoiceId, c.req.valid('json')),
      200,
    ),
);
