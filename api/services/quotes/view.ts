import type { Language } from '../../../shared/contracts/common';
import type { Currency } from '../../../shared/contracts/invoices';
import { computeTotals } from '../../../shared/contracts/money';
import type {
  PortalQuote,
  Quote,
  QuoteDecision,
  QuoteInvoice,
  QuoteInvoicePart,
  QuoteStatus,
  QuoteSummary,
} from '../../../shared/contracts/quotes';
import type { Sql, Tx } from '../../db/client';
import { type LegalRow, legalColumns, legalJoins, partiesOf, toInvoiceLegal } from '../invoices/legal';
import { type LineRow, toInvoiceLine } from '../invoices/view';

/*
 * Quote rows → contract shapes. A quote is read as `quotes i` with its client `c` and project `p`, the alias
 * an invoice has, so the invoices' legal columns and joins (`legalColumns`, `legalJoins`: supply dates, tax
 * mode, parties, the provider's and client's details) read a quote exactly as they read an invoice.
 */

export type StoredQuoteStatus = Exclude<QuoteStatus, 'expired'>;

export interface QuoteRow extends LegalRow {
  id: string;
  number: string | null;
  status: StoredQuoteStatus;
  client_id: string;
  client_name: string;
  client_email: string;
  client_company: string | null;
  project_id: string | null;
  project_name: string | null;
  currency: string;
  language: Language;
  amount_cents: string;
  subtotal_cents: string;
  tax_cents: string;
  description: string | null;
  valid_until: string;
  issued_at: Date | null;
  decided_at: Date | null;
  decided_by_client_id: string | null;
  decided_by_name: string | null;
  decided_by_email: string | null;
  decided_ip: string | null;
  decided_sha256: string | null;
  decline_reason: string | null;
  content_sha256: string | null;
  created_at: Date;
  updated_at: Date;
  cursor_ts: string;
  invoices: {
    id: string;
    number: string | null;
    status: QuoteInvoice['status'];
    part: QuoteInvoicePart;
    amount_cents: number;
  }[];
}

/** Every column a quote read needs, over `quotes i` joined by {@link quoteJoins}. */
export const quoteColumns = (sql: Sql | Tx) => sql`
  i.id, i.number, i.status, i.client_id, c.name AS client_name, c.email AS client_email, c.company AS client_company,
  i.project_id, p.name AS project_name, i.currency, i.language, i.amount_cents::text AS amount_cents,
  i.subtotal_cents::text AS subtotal_cents, i.tax_cents::text AS tax_cents, i.description,
  to_char(i.valid_until, 'YYYY-MM-DD') AS valid_until, i.issued_at, i.decided_at, i.decided_by_client_id,
  i.decided_by_name, i.decided_by_email, i.decided_ip, i.decided_sha256, i.decline_reason, i.content_sha256,
  i.created_at, i.updated_at,
  to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts,
  coalesce((SELECT json_agg(json_build_object('id', v.id, 'number', v.number, 'status', v.status,
                                              'part', v.quote_part, 'amount_cents', v.amount_cents)
                            ORDER BY v.created_at, v.id)
            FROM invoices v WHERE v.provider_id = i.provider_id AND v.quote_id = i.id), '[]'::json) AS invoices,
  ${legalColumns(sql)}`;

export const quoteJoins = (sql: Sql | Tx) => sql`
  JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
  LEFT JOIN projects p ON p.provider_id = i.provider_id AND p.id = i.project_id
  ${legalJoins(sql)}`;

/** The status a reader sees: a sent quote past its last valid day is `expired`. */
export const shownStatus = (status: StoredQuoteStatus, validUntil: string, today: string): QuoteStatus =>
  status === 'sent' && validUntil < today ? 'expired' : status;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function toQuoteSummary(row: QuoteRow, today: string): QuoteSummary {
  return {
    id: row.id,
    number: row.number,
    status: shownStatus(row.status, row.valid_until, today),
    client: { id: row.client_id, name: row.client_name },
    project: row.project_id && row.project_name ? { id: row.project_id, name: row.project_name } : null,
    currency: row.currency.trim() as Currency,
    amountCents: Number(row.amount_cents),
    description: row.description,
    validUntil: row.valid_until,
    issuedAt: iso(row.issued_at),
    decidedAt: iso(row.decided_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function decisionOf(row: QuoteRow): QuoteDecision | null {
  if ((row.status !== 'accepted' && row.status !== 'declined') || !row.decided_at) return null;
  return {
    outcome: row.status,
    at: new Date(row.decided_at).toISOString(),
    clientId: row.decided_by_client_id,
    name: row.decided_by_name,
    email: row.decided_by_email,
    ip: row.decided_ip,
    contentSha256: row.decided_sha256,
    reason: row.decline_reason,
  };
}

/** What `POST …/invoice` accepts now (the service checks the same under the quote's lock). */
export function invoiceableParts(
  status: StoredQuoteStatus,
  invoices: QuoteRow['invoices'],
): QuoteInvoicePart[] {
  if (status !== 'accepted') return [];
  const live = invoices.filter((v) => v.status !== 'cancelled');
  if (live.length === 0) return ['full', 'deposit'];
  const hasDeposit = live.some((v) => v.part === 'deposit');
  const done = live.some((v) => v.part === 'full' || v.part === 'rest');
  return hasDeposit && !done ? ['rest'] : [];
}

const legalLines = (lines: LineRow[]) =>
  lines.map((l) => ({
    description: l.description,
    quantityMilli: Number(l.quantity_milli),
    unit: l.unit,
    taxRateBp: l.tax_rate_bp,
    vatCategory: l.vat_category,
    exemptionReason: l.exemption_reason,
  }));

export function toQuote(row: QuoteRow, lineRows: LineRow[], today: string): Quote {
  const mode = partiesOf(row).taxMode;
  const lines = lineRows.map((line) => toInvoiceLine(line, mode));
  const totals = computeTotals(lines);
  return {
    ...toQuoteSummary(row, today),
    client: {
      id: row.client_id,
      name: row.client_name,
      email: row.client_email,
      company: row.client_company,
    },
    language: row.language,
    lines,
    subtotalCents: Number(row.subtotal_cents),
    taxes: totals.taxes,
    taxCents: Number(row.tax_cents),
    // A quote is not an invoice: the pre-send check of § 14 (4) UStG does not hold it back (its invoices get it).
    legal: { ...toInvoiceLegal(row, legalLines(lineRows), false), missing: [] },
    contentSha256: row.content_sha256,
    decision: decisionOf(row),
    invoices: row.invoices.map((v) => ({
      id: v.id,
      number: v.number,
      status: v.status,
      part: v.part,
      amountCents: Number(v.amount_cents),
    })),
    invoiceable: invoiceableParts(row.status, row.invoices),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The client's view of a sent quote (the caller never reads drafts for a client). */
export function toPortalQuote(row: QuoteRow, lineRows: LineRow[], today: string): PortalQuote {
  const quote = toQuote(row, lineRows, today);
  if (quote.status === 'draft' || !quote.number || !quote.issuedAt || !quote.contentSha256) {
    throw new Error('a draft quote has no portal view');
  }
  return {
    id: quote.id,
    number: quote.number,
    status: quote.status,
    currency: quote.currency,
    language: quote.language,
    description: quote.description,
    validUntil: quote.validUntil,
    issuedAt: quote.issuedAt,
    project: quote.project,
    lines: quote.lines.map(({ id: _id, ...line }) => line),
    legal: (({ missing: _missing, ...legal }) => legal)(quote.legal),
    subtotalCents: quote.subtotalCents,
    taxes: quote.taxes,
    taxCents: quote.taxCents,
    amountCents: quote.amountCents,
    contentSha256: quote.contentSha256,
    decision: quote.decision,
  };
}
