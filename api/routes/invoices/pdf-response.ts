import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { Uuid } from '../../../shared/contracts/common';
import type { AppEnv } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { attachmentDisposition } from '../../services/files/download';

/** `{invoiceId}` of an invoice PDF route. */
export const InvoicePdfParams = z.object({
  invoiceId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'invoiceId', in: 'path' } }),
});

/** `?inline=1`: shown in the browser's PDF viewer instead of downloaded. */
export const InvoicePdfQuery = z.object({
  inline: z
    .enum(['0', '1'], { error: 'validation.invalid' })
    .optional()
    .meta({
      param: { name: 'inline', in: 'query' },
      description:
        '`1`: `Content-Disposition: inline` (open in the browser’s PDF viewer); default attachment.',
    }),
});

export const INVOICE_PDF_HEADERS =
  'Sent as `application/pdf` with `Content-Disposition: attachment` and a safe file name (the number: `INV-0001.pdf`; an ASCII `filename` and the exact `filename*`), or `inline` with `?inline=1`; `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`; an attachment also carries a sandboxing Content-Security-Policy (an inline PDF cannot have one: browsers do not run their PDF viewer in a sandboxed document). The PDF is made now from the stored invoice, in the invoice’s language (English or German: labels, dates, amounts), with the provider’s business details and invoice settings, the client, and the logo and colours of the client’s portal; Inter is embedded, so umlauts, ß and € render and can be copied.';

export const invoicePdfResponses = {
  200: {
    description: 'The PDF',
    content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
  },
  ...errorResponses(401, 403, 404, 422),
};

/**
 * A generated document (an invoice's or quote's PDF, an e-invoice): an attachment (default, sandboxed) or
 * inline, never sniffed, never cached.
 */
export function sendDocument(
  c: Context<AppEnv>,
  file: { bytes: Uint8Array; fileName: string; contentType: string },
  inline = false,
) {
  const disposition = attachmentDisposition(file.fileName);
  c.header('Content-Type', file.contentType);
  c.header('Content-Disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'private, no-store');
  if (!inline) c.header('Content-Security-Policy', "sandbox; default-src 'none'");
  c.header('Content-Length', String(file.bytes.length));
  return c.body(
    new Uint8Array(
      file.bytes.buffer,
      file.bytes.byteOffset,
      file.bytes.byteLength,
    ) as Uint8Array<ArrayBuffer>,
    200,
  );
}

/** A generated invoice PDF: an attachment (default) or inline, never sniffed, never cached. */
export const sendInvoicePdf = (
  c: Context<AppEnv>,
  pdf: { bytes: Uint8Array; fileName: string },
  inline: boolean,
) => sendDocument(c, { ...pdf, contentType: 'application/pdf' }, inline);
