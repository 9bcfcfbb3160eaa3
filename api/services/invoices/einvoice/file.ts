import type { Scope } from '../../../auth/scope';
import type { Sql, Tx } from '../../../db/client';
import { ApiError } from '../../../http/errors';
import type { FileStore } from '../../../storage/store';
import { loadInvoicePdf, logoForPdf, pdfFileName } from '../pdf/load';
import { renderInvoicePdf } from '../pdf/render';
import { type EInvoiceKind, facturXPdf, xrechnungXml } from './generate';
import { toEInvoice } from './map';
import { eInvoiceMissing } from './readiness';

/*
 * An invoice's (or its credit note's) e-invoice for a caller: the same scoped read as its PDF
 * (`loadInvoicePdf`: the provider's own invoice; a portal client's own, never a draft), then the XRechnung XML
 * or the ZUGFeRD PDF. Drafts have none (no number yet: 404 like a missing one), and a credit note exists only
 * for a cancelled invoice (404 otherwise).
 */

export interface EInvoiceFile {
  bytes: Uint8Array;
  fileName: string;
  contentType: 'application/xml' | 'application/pdf';
}

/**
 * The XRechnung (`xrechnung`, `INV-0001.xml`) or ZUGFeRD (`zugferd`, `INV-0001.pdf`) file of invoice
 * `invoiceId` (`doc: 'invoice'`) or of its credit note (`'credit_note'`) as the scope may see it.
 * @throws ApiError('not_found') for a draft, a missing credit note, and whatever `loadInvoicePdf` refuses;
 *   ApiError('einvoice_incomplete') naming what EN 16931 / XRechnung needs and the invoice lacks (an
 *   invoice sent before the legal content without countries; the seller's phone for XRechnung, BR-DE-6)
 */
export async function eInvoiceFile(
  deps: { sql: Sql | Tx; store: FileStore | null; publicOrigin: string },
  scope: Scope,
  invoiceId: string,
  doc: 'invoice' | 'credit_note',
  kind: EInvoiceKind,
): Promise<EInvoiceFile> {
  const source = await loadInvoicePdf(deps.sql, scope, invoiceId);
  const data = doc === 'invoice' ? source.invoice : source.creditNote;
  if (!data || data.status === 'draft' || !data.number) throw new ApiError('not_found');
  // The pre-send check makes every invoice sent since issue 28 complete; one sent before it may lack the
  // countries (EN 16931 BT-40, BT-55), and XRechnung also wants the seller's phone (BR-DE-6).
  const missing = eInvoiceMissing(
    { sellerCountry: data.seller.country, buyerCountry: data.buyer.country, phone: source.payment.phone },
    kind,
  );
  if (missing.length > 0) {
    throw new ApiError('einvoice_incomplete', {
      fields: missing.map((path) => ({ path, key: `legal.missing.${path}` })),
    });
  }
  const input = toEInvoice({
    data,
    payment: source.payment,
    payUrl: `${deps.publicOrigin}/portal/${source.portalId}/invoices/${invoiceId}`,
  });
  const base = pdfFileName(data.number, data.language).replace(/\.pdf$/, '');
  if (kind === 'xrechnung') {
    const xml = await xrechnungXml(input, data.language);
    return { bytes: Buffer.from(xml, 'utf8'), fileName: `${base}.xml`, contentType: 'application/xml' };
  }
  const logo = deps.store ? await logoForPdf(deps.store, source.logoKey) : null;
  const pdf = await renderInvoicePdf({ ...data, branding: { ...data.branding, logo } });
  const fileName = `${base}.pdf`;
  const bytes = await facturXPdf(input, data.language, { bytes: pdf, fileName });
  return { bytes, fileName, contentType: 'application/pdf' };
}

/**
 * The invoice's XRechnung as an e-mail attachment, read in the sending transaction (issue 28: the settings'
 * "attach the e-invoice"), or null while the settings lack what XRechnung needs (the e-mail goes without it).
 */
export async function xrechnungAttachment(
  tx: Tx,
  scope: Scope,
  invoiceId: string,
  publicOrigin: string,
): Promise<{ filename: string; contentType: string; content: Uint8Array } | null> {
  try {
    const file = await eInvoiceFile(
      { sql: tx, store: null, publicOrigin },
      scope,
      invoiceId,
      'invoice',
      'xrechnung',
    );
    return { filename: file.fileName, contentType: file.contentType, content: file.bytes };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'einvoice_incomplete') return null;
    throw error;
  }
}
