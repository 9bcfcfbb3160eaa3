import { createRoute } from '@hono/zod-openapi';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { deleteInvoice } from '../../services/invoices/delete-draft';
import { PROVIDER } from '../audiences';
import { InvoiceIdParam, invoiceDeps } from './params';

const route = createRoute({
  method: 'delete',
  path: '/api/invoices/{invoiceId}',
  tags: ['Invoices'],
  summary: 'Delete a draft invoice',
  description:
    'Deletes a draft with its lines. A sent invoice has a number in the books and is cancelled instead (409 `invoice_not_editable`). Another provider’s invoice answers 404.',
  ...PROVIDER,
  request: { params: InvoiceIdParam },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

/** DELETE /api/invoices/{invoiceId} */
export function registerDeleteInvoice(app: App) {
  app.openapi(route, async (c) => {
    await deleteInvoice(invoiceDeps(c), providerScope(c), c.req.valid('param').invoiceId);
    return c.body(null, 204);
  });
}
