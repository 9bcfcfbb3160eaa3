import { createRoute } from '@hono/zod-openapi';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { invoicePdfFile } from '../../services/invoices/pdf/load';
import { PROVIDER } from '../audiences';
import {
  INVOICE_PDF_HEADERS,
  InvoicePdfParams,
  InvoicePdfQuery,
  invoicePdfResponses,
  sendInvoicePdf,
} from './pdf-response';

const route = createRoute({
  method: 'get',
  path: '/api/invoices/{invoiceId}/credit-note/pdf',
  tags: ['Invoices'],
  summary: 'A cancelled invoice’s credit note as PDF',
  description: `The credit note (German “Stornorechnung”) that cancelled the invoice: its own number and date, the cancelled invoice’s number and date, the reason, and the invoice’s lines and totals as negative amounts. ${INVOICE_PDF_HEADERS.replace('INV-0001', 'CN-0001')} 404 when the invoice has no credit note (it is not cancelled) and for another provider’s invoice.`,
  ...PROVIDER,
  request: { params: InvoicePdfParams, query: InvoicePdfQuery },
  responses: invoicePdfResponses,
});

/** GET /api/invoices/{invoiceId}/credit-note/pdf */
export function registerCreditNotePdf(app: App) {
  app.openapi(route, async (c) => {
    const { invoiceId } = c.req.valid('param');
    const pdf = await invoicePdfFile(c.get('deps'), providerScope(c), invoiceId, 'credit_note');
    return sendInvoicePdf(c, pdf, c.req.valid('query').inline === '1');
  });
}
