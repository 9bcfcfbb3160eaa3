import sharp from 'sharp';
import type { Currency, InvoiceStatus } from '../../../../shared/contracts/invoices';
import { effectiveCategory, type VatCategory } from '../../../../shared/contracts/legal';
import type { QuoteStatus } from '../../../../shared/contracts/quotes';
import { type Scope, tenant } from '../../../auth/scope';
import type { Sql, Tx } from '../../../db/client';
import { ApiError } from '../../../http/errors';
import type { FileStore } from '../../../storage/store';
import type { EInvoicePayment } from '../einvoice/map';
import { type LegalRow, legalColumns, legalJoins, legalNotes, partiesOf, sellerPaymentOf } from '../legal';
import { LABELS, type PdfLanguage } from './labels';
import { type InvoicePdfData, type InvoicePdfLine, renderInvoicePdf } from './render';

/*
 * Everything an invoice's PDF shows, read for a caller in ONE query: the invoice and its lines, its client and
 * the client's portal (logo key, colours), the provider's profile, e-mail and invoice settings, and its credit
 * note. Scoped like every other read (`tenant`: the provider's own invoice; for a portal client also its own
 * client AND never a draft: a draft is the provider's until it is sent); anything else answers 404.
 */

/** What the PDF of an invoice (or, with its own query, a quote: `services/quotes/pdf.ts`) reads. */
export interface PdfRow extends LegalRow {
  id: string;
  status: InvoiceStatus | QuoteStatus;
  number: string | null;
  language: PdfLanguage;
  currency: Currency;
  description: string | null;
  issue_day: string;
  due_day: string | null;
  paid_day: string | null;
  /** Invoices only (partial payments, issue 28). */
  paid_cents?: string;
  client_name: string;
  client_company: string | null;
  client_email: string;
  logo_path: string | null;
  primary_color: string;
  secondary_color: string;
  full_name: string | null;
  business_name: string | null;
  website: string | null;
  provider_email: string;
  payment_instructions: string | null;
  footer_note: string | null;
  lines: (Omit<InvoicePdfLine, 'vatCategory'> & { vatCategory: VatCategory | null })[];
  credit_note_number: string | null;
  credit_note_day: string | null;
  credit_note_reason: string | null;
  portal_id: string;
  stripe_connected: boolean;
}

/** What `loadInvoicePdf` finds: the invoice's PDF data, its credit note's (if any), and where the logo is. */
export interface InvoicePdfSource {
  invoice: InvoicePdfData;
  creditNote: InvoicePdfData | null;
  /** The portal logo's storage key (`client_portals.logo_path`), read by `invoicePdfFile` through the store. */
  logoKey: string | null;
  /** The client's portal (the e-invoice names the portal's invoice page as where to pay by card). */
  portalId: string;
  /** What the e-invoices (`../einvoice`) need beyond the PDF: the seller's phone and bank account (as sent: `sellerPaymentOf`), card payment. */
  payment: EInvoicePayment;
}

/**
 * The invoice `invoiceId` as the scope may see it, ready to render (without the logo's bytes).
 * @throws ApiError('not_found') for a missing invoice, another tenant's, another client's, or a draft seen
 *   from the portal
 */
export async function loadInvoicePdf(
  sql: Sql | Tx,
  scope: Scope,
  invoiceId: string,
): Promise<InvoicePdfSource> {
  const [row] = await sql<PdfRow[]>`
    SELECT i.id, i.status, i.number, i.language, i.currency, i.description,
      to_char(coalesce(i.issued_at, i.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS issue_day,
      to_char(i.due_date, 'YYYY-MM-DD') AS due_day,
      to_char(i.paid_on, 'YYYY-MM-DD') AS paid_day, i.paid_cents::text AS paid_cents,
      c.name AS client_name, c.company AS client_company, c.email AS client_email,
      p.id AS portal_id, p.logo_path, p.primary_color, p.secondary_color,
      pr.full_name, pr.business_name, pr.website, u.email AS provider_email,
      s.payment_instructions, s.footer_note, ${legalColumns(sql)},
      EXISTS (SELECT 1 FROM stripe_connections sc WHERE sc.provider_id = i.provider_id) AS stripe_connected,
      coalesce((
        SELECT json_agg(json_build_object('description', l.description, 'quantityMilli', l.quantity_milli,
                                          'unitPriceCents', l.unit_price_cents, 'taxRateBp', l.tax_rate_bp,
                                          'unit', l.unit, 'vatCategory', l.vat_category,
                                          'exemptionReason', l.exemption_reason)
                        ORDER BY l.position)
        FROM invoice_lines l WHERE l.provider_id = i.provider_id AND l.invoice_id = i.id
      ), '[]'::json) AS lines,
      cn.number AS credit_note_number,
      to_char(cn.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS credit_note_day,
      cn.reason AS credit_note_reason
    FROM invoices i
    JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
    JOIN client_portals p ON p.provider_id = c.provider_id AND p.id = c.portal_id
    JOIN users u ON u.id = i.provider_id
    LEFT JOIN profiles pr ON pr.user_id = i.provider_id
    LEFT JOIN invoice_settings s ON s.provider_id = i.provider_id
    LEFT JOIN credit_notes cn ON cn.provider_id = i.provider_id AND cn.invoice_id = i.id
    ${legalJoins(sql)}
    WHERE ${tenant(sql, scope, { provider: 'i.provider_id', client: 'i.client_id' })} AND i.id = ${invoiceId}
      ${scope.kind === 'client' ? sql`AND i.status <> 'draft'` : sql``}`;
  if (!row) throw new ApiError('not_found');
  const invoice = pdfDataOf(row);
  const creditNote: InvoicePdfData | null =
    row.credit_note_number && row.credit_note_day && row.number
      ? {
          ...invoice,
          kind: 'credit_note',
          number: row.credit_note_number,
          issueDate: row.credit_note_day,
          dueDate: null,
          paidDate: null,
          cancelledBy: null,
          cancels: { number: row.number, issueDate: row.issue_day, reason: row.credit_note_reason },
        }
      : null;
  return {
    invoice,
    creditNote,
    logoKey: row.logo_path,
    portalId: row.portal_id,
    payment: { ...sellerPaymentOf(row), stripeConnected: row.stripe_connected },
  };
}

/** A document's PDF data from its row: parties as it carries them, lines with their categories in effect. */
export function pdfDataOf(row: PdfRow): InvoicePdfData {
  const parties = partiesOf(row);
  const legalLines = row.lines.map((l) => ({
    description: l.description,
    quantityMilli: Number(l.quantityMilli),
    unitPriceCents: Number(l.unitPriceCents),
    taxRateBp: l.taxRateBp === null ? null : Number(l.taxRateBp),
    unit: l.unit,
    vatCategory: l.vatCategory,
    exemptionReason: l.exemptionReason,
  }));
  const lines = legalLines.map((l) => ({
    ...l,
    vatCategory: parties.taxMode ? effectiveCategory(l, parties.taxMode) : l.vatCategory,
  }));
  return {
    kind: 'invoice',
    language: row.language,
    currency: row.currency,
    status: row.status,
    number: row.number,
    issueDate: row.issue_day,
    dueDate: row.due_day,
    paidDate: row.paid_day,
    paidCents: Number(row.paid_cents ?? 0),
    description: row.description,
    provider: {
      businessName: row.business_name,
      fullName: row.full_name ?? row.provider_email,
      email: row.provider_email,
      website: row.website,
      paymentInstructions: row.payment_instructions,
      footerNote: row.footer_note,
    },
    client: { name: row.client_name, company: row.client_company, email: row.client_email },
    seller: parties.seller,
    buyer: parties.buyer,
    sellerNote: parties.sellerNote,
    taxMode: parties.taxMode,
    supply: { date: row.supply_date, from: row.supply_from, to: row.supply_to },
    notes: legalNotes(row.language, parties.taxMode, legalLines),
    branding: { logo: null, primaryColor: row.primary_color, secondaryColor: row.secondary_color },
    lines,
    cancelledBy: row.credit_note_number,
    cancels: null,
  };
}

/**
 * The portal's logo as PNG for pdfkit (stored as WebP), or null when there is none or it cannot be read: an
 * invoice is still made without it.
 */
export async function logoForPdf(store: FileStore, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const stored = await store.get(key);
    if (!stored) return null;
    const parts: Buffer[] = [];
    for await (const chunk of stored.body) parts.push(Buffer.from(chunk as Uint8Array));
    return await sharp(Buffer.concat(parts), { limitInputPixels: 4_000_000 }).png().toBuffer();
  } catch {
    return null;
  }
}

/** A download name from a document number: path and control characters out, at most 80 characters. */
export function pdfFileName(number: string | null, language: PdfLanguage, draftName?: string): string {
  const base = (number ?? draftName ?? LABELS[language].draftFileName)
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${base || 'invoice'}.pdf`;
}

/**
 * The PDF of invoice `invoiceId` (`kind: 'invoice'`) or of its credit note (`'credit_note'`, 404 when it has
 * none) for the scope, with the name it downloads under (`INV-0001.pdf`, `CN-0001.pdf`; a draft
 * `Invoice-draft.pdf` / `Rechnung-Entwurf.pdf`).
 */
export async function invoicePdfFile(
  deps: { sql: Sql; store: FileStore },
  scope: Scope,
  invoiceId: string,
  kind: 'invoice' | 'credit_note',
): Promise<{ bytes: Buffer; fileName: string }> {
  const source = await loadInvoicePdf(deps.sql, scope, invoiceId);
  const data = kind === 'invoice' ? source.invoice : source.creditNote;
  if (!data) throw new ApiError('not_found');
  const logo = await logoForPdf(deps.store, source.logoKey);
  const bytes = await renderInvoicePdf({ ...data, branding: { ...data.branding, logo } });
  return { bytes, fileName: pdfFileName(data.number, data.language) };
}
