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
  path: '/api/invoices/{invoiceId}/pdf',
  tags: ['Invoices'],
  summary: 'An invoice as PDF',
  description: `The provider’s invoice as PDF, in any status: a draft is marked “Draft”/“Entwurf” and has no number yet; a paid invoice carries a “Paid” stamp with the date, a cancelled one a “Cancelled” stamp naming its credit note. ${INVOICE_PDF_HEADERS} Another provider’s invoice answers 404.`,
  ...PROVIDER,
  request: { params: InvoicePdfParams, query: InvoicePdfQuery },
  responses: invoicePdfResponses,
});

/** GET /api/invoices/{invoiceId}/pdf */
export function registerInvoicePdf(app: App) {
  app.openapi(route, async (c) => {
    const { invoiceId } = c.req.valid('param');
    const pdf = await invoicePdfFile(c.get('deps'), providerScope(c), invoiceId, 'invoice');
    return sendInvoicePdf(c, pdf, c.req.valid('query').inline === '1');
  });
}
