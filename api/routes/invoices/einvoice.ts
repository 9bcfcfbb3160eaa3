import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { type EInvoiceFile, eInvoiceFile } from '../../services/invoices/einvoice/file';
import type { EInvoiceKind } from '../../services/invoices/einvoice/generate';
import { sharedOperation } from '../operation';
import { InvoicePdfParams, sendDocument } from './pdf-response';

/*
 * The e-invoices of an invoice and of its credit note (issue 28), for the provider and (the same operation
 * under /api/portal/{portalId}) the client: XRechnung (EN 16931 CII XML) and ZUGFeRD / Factur-X (PDF/A-3 with
 * the CII XML embedded as `factur-x.xml`). Scoped like the PDFs (`loadInvoicePdf`).
 */

const HEADERS =
  'Sent with `Content-Disposition: attachment` and a safe file name (the number), `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store` and a sandboxing Content-Security-Policy. Made now from the invoice as it was sent (its seller and buyer details are those stored at sending) and the current invoice settings’ phone and bank account.';

const xmlResponses = {
  200: {
    description: 'The XRechnung XML (UN/CEFACT CII, EN 16931, XRechnung 3.0)',
    content: { 'application/xml': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
  },
  ...errorResponses(401, 403, 404, 422),
};
const pdfResponses = {
  200: {
    description: 'The ZUGFeRD / Factur-X PDF (PDF/A-3, profile EN 16931, `factur-x.xml` embedded)',
    content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
  },
  ...errorResponses(401, 403, 404, 422),
};

const sendFile = (c: Context<AppEnv>, file: EInvoiceFile) =>
  sendDocument(c, {
    ...file,
    contentType: file.contentType === 'application/xml' ? 'application/xml; charset=utf-8' : file.contentType,
  });

const deps = (c: Context<AppEnv>) => {
  const d = c.get('deps');
  return { sql: d.sql, store: d.store, publicOrigin: d.config.publicOrigin };
};

function operation(doc: 'invoice' | 'credit_note', kind: EInvoiceKind) {
  const what = doc === 'invoice' ? 'invoice' : 'credit note';
  const number = doc === 'invoice' ? 'INV-0001' : 'CN-0001';
  const segment = doc === 'invoice' ? '' : '/credit-note';
  const xml = kind === 'xrechnung';
  const format = xml
    ? `The ${what} as XRechnung 3.0 (EN 16931, UN/CEFACT CII syntax), \`${number}.xml\`${doc === 'credit_note' ? ': type 381, referencing the cancelled invoice (number and date), with its amounts as positive values' : ''}. XRechnung requires the seller’s phone (BR-DE-6): without one in the invoice settings, 422 \`einvoice_incomplete\` naming \`seller.phone\`.`
    : `The ${what} as ZUGFeRD 2 / Factur-X (profile EN 16931): its PDF as PDF/A-3 with the CII XML embedded as \`factur-x.xml\`, \`${number}.pdf\`${doc === 'credit_note' ? ' (type 381, referencing the cancelled invoice)' : ''}. An invoice sent before the legal details existed, without the seller’s or buyer’s country, answers 422 \`einvoice_incomplete\` naming them.`;
  const missing =
    doc === 'invoice'
      ? 'A draft has no e-invoice (404).'
      : '404 when the invoice has no credit note (it is not cancelled).';
  return sharedOperation(
    {
      method: 'get',
      path: `/api/invoices/{invoiceId}${segment}/${xml ? 'xrechnung' : 'zugferd'}`,
      operationId: `get${doc === 'invoice' ? 'Invoice' : 'CreditNote'}${xml ? 'XRechnung' : 'Zugferd'}`,
      tags: ['Invoices'],
      summary: `${doc === 'invoice' ? 'An invoice' : 'A credit note'} as ${xml ? 'XRechnung XML' : 'ZUGFeRD PDF'}`,
      provider: {
        description: `${format} ${HEADERS} ${missing} Another provider’s invoice answers 404.`,
      },
      client: {
        description: `For the signed-in client: ${format} ${HEADERS} ${missing} Drafts and other clients’ invoices answer 404.`,
      },
      request: { params: InvoicePdfParams },
      responses: xml ? xmlResponses : pdfResponses,
    },
    async (c, scope) => {
      const { invoiceId } = c.req.valid('param');
      // One handler for four routes: their response unions differ by format, the body is bytes for each.
      return sendFile(c, await eInvoiceFile(deps(c), scope, invoiceId, doc, kind)) as never;
    },
  );
}

/** GET /api/invoices/{invoiceId}/xrechnung and its portal counterpart. */
export const registerInvoiceXRechnung = operation('invoice', 'xrechnung');
/** GET /api/invoices/{invoiceId}/zugferd and its portal counterpart. */
export const registerInvoiceZugferd = operation('invoice', 'zugferd');
/** GET /api/invoices/{invoiceId}/credit-note/xrechnung and its portal counterpart. */
export const registerCreditNoteXRechnung = operation('credit_note', 'xrechnung');
/** GET /api/invoices/{invoiceId}/credit-note/zugferd and its portal counterpart. */
export const registerCreditNoteZugferd = operation('credit_note', 'zugferd');
