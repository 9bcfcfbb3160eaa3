import { z } from '@hono/zod-openapi';
import { Uuid } from '../../../shared/contracts/common';
import { quotePdfFile } from '../../services/quotes/pdf';
import {
  INVOICE_PDF_HEADERS,
  InvoicePdfQuery,
  invoicePdfResponses,
  sendInvoicePdf,
} from '../invoices/pdf-response';
import { sharedOperation } from '../operation';

const QuotePdfParams = z.object({
  quoteId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'quoteId', in: 'path' } }),
});

/** GET /api/quotes/{quoteId}/pdf and its portal counterpart. */
export const registerQuotePdf = sharedOperation(
  {
    method: 'get',
    path: '/api/quotes/{quoteId}/pdf',
    operationId: 'getQuotePdf',
    tags: ['Quotes'],
    summary: 'A quote as PDF',
    provider: {
      description: `The provider’s quote as PDF, in any status: a draft is marked “Draft”/“Entwurf” without a number; a sent quote says until when it is valid and its SHA-256; an accepted or declined one carries a stamp and the acceptance record (who, when, from which address, the hash accepted). ${INVOICE_PDF_HEADERS} Another provider’s quote answers 404.`,
    },
    client: {
      description: `One of the signed-in client’s sent quotes as PDF (drafts and other clients’ quotes answer 404). ${INVOICE_PDF_HEADERS}`,
    },
    request: { params: QuotePdfParams, query: InvoicePdfQuery },
    responses: invoicePdfResponses,
  },
  async (c, scope) => {
    const pdf = await quotePdfFile(c.get('deps'), scope, c.req.valid('param').quoteId);
    return sendInvoicePdf(c, pdf, c.req.valid('query').inline === '1');
  },
);
