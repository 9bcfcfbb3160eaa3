import { invoicePdfFile } from '../../services/invoices/pdf/load';
import { sharedOperation } from '../operation';
import {
  INVOICE_PDF_HEADERS,
  InvoicePdfParams,
  InvoicePdfQuery,
  invoicePdfResponses,
  sendInvoicePdf,
} from './pdf-response';

/** GET /api/invoices/{invoiceId}/pdf and its portal counterpart. */
export const registerInvoicePdf = sharedOperation(
  {
    method: 'get',
    path: '/api/invoices/{invoiceId}/pdf',
    operationId: 'getInvoicePdf',
    tags: ['Invoices'],
    summary: 'An invoice as PDF',
    provider: {
      description: `The provider’s invoice as PDF, in any status: a draft is marked “Draft”/“Entwurf” and has no number yet; a paid invoice carries a “Paid” stamp with the date, a cancelled one a “Cancelled” stamp naming its credit note. ${INVOICE_PDF_HEADERS} Another provider’s invoice answers 404.`,
    },
    client: {
      description: `One of the signed-in client’s own invoices as PDF (sent, overdue, paid or cancelled; a draft is the provider’s own and answers 404, as do other clients’ invoices). ${INVOICE_PDF_HEADERS}`,
    },
    request: { params: InvoicePdfParams, query: InvoicePdfQuery },
    responses: invoicePdfResponses,
  },
  async (c, scope) => {
    const { invoiceId } = c.req.valid('param');
    const pdf = await invoicePdfFile(c.get('deps'), scope, invoiceId, 'invoice');
    return sendInvoicePdf(c, pdf, c.req.valid('query').inline === '1');
  },
);
