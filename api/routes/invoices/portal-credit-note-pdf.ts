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
  path: '/api/portal/{portalId}/invoices/{invoiceId}/credit-note/pdf',
  tags: ['Portal'],
  summary: 'A cancelled invoice’s credit note as PDF (client)',
  description: `The credit note (German “Stornorechnung”) that cancelled one of the signed-in client’s invoices: the recipient keeps it with the invoice for their books. ${INVOICE_PDF_HEADERS.replace('INV-0001', 'CN-0001')} 404 when the invoice has no credit note, and for drafts and other clients’ invoices.`,
  ...PORTAL_CLIENT,
  request: { params: PortalInvoicePdfParams, query: InvoicePdfQuery },
  responses: invoicePdfResponses,
});

/** GET /api/portal/{portalId}/invoices/{invoiceId}/credit-note/pdf */
export function registerPortalCreditNotePdf(app: App) {
  app.openapi(route, async (c) => {
    const { invoiceId } = c.req.valid('param');
    const pdf = await invoicePdfFile(c.get('deps'), clientScope(c), invoiceId, 'credit_note');
    return sendInvoicePdf(c, pdf, c.req.valid('query').inline === '1');
  });
}
