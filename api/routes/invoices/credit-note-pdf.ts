import { invoicePdfFile } from '../../services/invoices/pdf/load';
import { sharedOperation } from '../operation';
import {
  INVOICE_PDF_HEADERS,
  InvoicePdfParams,
  InvoicePdfQuery,
  invoicePdfResponses,
  sendInvoicePdf,
} from './pdf-response';

/** GET /api/invoices/{invoiceId}/credit-note/pdf and its portal counterpart. */
export const registerCreditNotePdf = sharedOperation(
  {
    method: 'get',
    path: '/api/invoices/{invoiceId}/credit-note/pdf',
    operationId: 'getCreditNotePdf',
    tags: ['Invoices'],
    summary: 'A cancelled invoice’s credit note as PDF',
    provider: {
      description: `The credit note (German “Stornorechnung”) that cancelled the invoice: its own number and date, the cancelled invoice’s number and date, the reason, and the invoice’s lines and totals as negative amounts. ${INVOICE_PDF_HEADERS.replace('INV-0001', 'CN-0001')} 404 when the invoice has no credit note (it is not cancelled) and for another provider’s invoice.`,
    },
    client: {
      description: `The credit note (German “Stornorechnung”) that cancelled one of the signed-in client’s invoices: the recipient keeps it with the invoice for their books. ${INVOICE_PDF_HEADERS.replace('INV-0001', 'CN-0001')} 404 when the invoice has no credit note, and for drafts and other clients’ invoices.`,
    },
    request: { params: InvoicePdfParams, query: InvoicePdfQuery },
    responses: invoicePdfResponses,
  },
  async (c, scope) => {
    const { invoiceId } = c.req.valid('param');
    const pdf = await invoicePdfFile(c.get('deps'), scope, invoiceId, 'credit_note');
    return sendInvoicePdf(c, pdf, c.req.valid('query').inline === '1');
  },
);
