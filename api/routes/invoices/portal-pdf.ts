import { createRoute } from '@hono/zod-openapi';
import { clientScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { invoicePdfFile } from '../../services/invoices/pdf/load';
import { PORTAL_CLIENT } from '../audiences';
import {
  INVOICE_PDF_HEADERS,
  InvoicePdfQuery,
  invoicePdfResponses,
  PortalInvoicePdfParams,
  sendInvoicePdf,
} from './pdf-response';

const route = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/invoices/{invoiceId}/pdf',
  tags: ['Portal'],
  summary: 'An invoice as PDF (client)',
  description: `One of the signed-in client’s own invoices as PDF (sent, overdue, paid or cancelled; a draft is the provider’s own and answers 404, as do other clients’ invoices). ${INVOICE_PDF_HEADERS}`,
  ...PORTAL_CLIENT,
  request: { params: PortalInvoicePdfParams, query: InvoicePdfQuery },
  responses: invoicePdfResponses,
});

/** GET /api/portal/{portalId}/invoices/{invoiceId}/pdf */
export function registerPortalInvoicePdf(app: App) {
  app.openapi(route, async (c) => {
    const { invoiceId } = c.req.valid('param');
    const pdf = await invoicePdfFile(c.get('deps'), clientScope(c), invoiceId, 'invoice');
    return sendInvoicePdf(c, pdf, c.req.valid('query').inline === '1');
  });
}
