import { errorResponses } from '../../http/openapi';
import { deleteInvoice } from '../../services/invoices/delete-draft';
import { providerOperation } from '../operation';
import { InvoiceIdParam, invoiceDeps } from './params';

/** DELETE /api/invoices/{invoiceId} */
export const registerDeleteInvoice = providerOperation(
  {
    method: 'delete',
    path: '/api/invoices/{invoiceId}',
    operationId: 'deleteInvoice',
    tags: ['Invoices'],
    summary: 'Delete a draft invoice',
    description:
      'Deletes a draft with its lines. A sent invoice has a number in the books and is cancelled instead (409 `invoice_not_editable`). Another provider’s invoice answers 404.',
    request: { params: InvoiceIdParam },
    responses: {
      204: { description: 'Deleted' },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) => {
    await deleteInvoice(invoiceDeps(c), scope, c.req.valid('param').invoiceId);
    return c.body(null, 204);
  },
);
