import type { Language } from '../../../shared/contracts/common';
import {
  type Currency,
  canTransition,
  type Invoice,
  type InvoiceLine,
  type InvoicePayment,
  type InvoiceStatus,
  type InvoiceStripe,
  type InvoiceSummary,
  type PortalInvoiceDetail,
  type QuoteInvoicePart,
  StripeErrorCode,
} from '../../../shared/contracts/invoices';
import {
  effectiveCategory,
  type InvoiceTaxMode,
  type InvoiceUnit,
  UNIT_CODES,
  VAT_CATEGORY_CODES,
  type VatCategory,
} from '../../../shared/contracts/legal';
import { computeTotals } from '../../../shared/contracts/money';
import { balanceDue } from '../../../shared/contracts/payments';
import { ownedBy, type Scope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { eInvoiceMissing } from './einvoice/readiness';
import { type LegalRow, legalColumns, legalJoins, partiesOf, sellerPaymentOf, toInvoiceLegal } from './legal';

/*
 * Invoice rows → contract shapes. Every read selects the same columns (`SUMMARY_COLUMNS` over `invoices i`
 * with its client `c`, project `p` and credit note `cn`), so a list row and a detail agree to the cent.
 * Money columns are bigint: read as text and converted (at most 99,999,999, exact in a JS number).
 */

export interface SummaryRow {
  id: string;
  number: string | null;
  status: InvoiceStatus;
  client_id: string;
  client_name: string;
  project_id: string | null;
  project_name: string | null;
  currency: string;
  amount_cents: string;
  description: string | null;
  due_date: string | null;
  issued_at: Date | null;
  paid_at: Date | null;
  /** The day it was paid (`YYYY-MM-DD`, migration 0020), never derived in a reader's time zone. */
  paid_on: string | null;
  /** Applied so far (partial payments, migration 0025). */
  paid_cents: string;
  credit_note_number: string | null;
  stripe_invoice_id: string | null;
  created_at: Date;
  /** created_at with microseconds, for the keyset cursor (a JS Date keeps milliseconds only). */
  cursor_ts: string;
}

export interface DetailRow extends SummaryRow, LegalRow {
  client_email: string;
  client_company: string | null;
  language: Language;
  subtotal_cents: string;
  tax_cents: string;
  paid_via: Invoice['paidVia'];
  cancelled_at: Date | null;
  stripe_hosted_url: string | null;
  stripe_pdf_url: string | null;
  stripe_push_state: InvoiceStripe['push'];
  stripe_push_error: string | null;
  stripe_invoice_status: InvoiceStripe['status'];
  stripe_close_state: InvoiceStripe['closing'];
  stripe_close_error: string | null;
  updated_at: Date;
  credit_note_id: string | null;
  credit_note_reason: string | null;
  credit_note_amount_cents: string | null;
  credit_note_created_at: Date | null;
  quote_id: string | null;
  quote_part: QuoteInvoicePart | null;
  quote_number: string | null;
}

export interface PaymentRow {
  id: string;
  source: InvoicePayment['source'];
  amount_cents: string;
  currency: string;
  invoice_status: InvoicePayment['invoiceStatus'];
  outcome: InvoicePayment['outcome'];
  received_at: Date;
  refunded_at: Date | null;
  paid_on: string;
  method: string | null;
  note: string | null;
}

export interface LineRow {
  id: string;
  position: number;
  description: string;
  quantity_milli: string;
  unit_price_cents: string;
  tax_rate_bp: number | null;
  amount_cents: string;
  unit: InvoiceUnit;
  vat_category: VatCategory | null;
  exemption_reason: string | null;
}

/** The columns of a list row; `FROM invoices i` joined by {@link invoiceJoins}. */
export const summaryColumns = (sql: Sql | Tx) => sql`
  i.id, i.number, i.status, i.client_id, c.name AS client_name, i.project_id, p.name AS project_name,
  i.currency::text AS currency, i.amount_cents::text AS amount_cents, i.description,
  to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.issued_at, i.paid_at,
  to_char(i.paid_on, 'YYYY-MM-DD') AS paid_on, i.paid_cents::text AS paid_cents, cn.number AS credit_note_number,
  i.stripe_invoice_id, i.created_at,
  to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts`;

/** The detail's extra columns (after {@link summaryColumns}). */
export const detailColumns = (sql: Sql | Tx) => sql`
  c.email AS client_email, c.company AS client_company, i.language, i.subtotal_cents::text AS subtotal_cents,
  i.tax_cents::text AS tax_cents, i.paid_via, i.cancelled_at, i.stripe_hosted_url, i.stripe_pdf_url,
  i.stripe_push_state, i.stripe_push_error, i.stripe_invoice_status, i.stripe_close_state, i.stripe_close_error,
  i.updated_at, cn.id AS credit_note_id, cn.reason AS credit_note_reason,
  cn.amount_cents::text AS credit_note_amount_cents, cn.created_at AS credit_note_created_at,
  i.quote_id, i.quote_part, q.number AS quote_number,
  ${legalColumns(sql)}`;

/** The client (always), the project (optional) and the credit note (a cancelled invoice's). */
export const invoiceJoins = (sql: Sql | Tx) => sql`
  JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
  LEFT JOIN projects p ON p.provider_id = i.provider_id AND p.id = i.project_id
  LEFT JOIN credit_notes cn ON cn.provider_id = i.provider_id AND cn.invoice_id = i.id`;

/** {@link invoiceJoins} and what {@link detailColumns} reads beside them (the settings, profile, user). */
export const detailJoins = (sql: Sql | Tx) => sql`${invoiceJoins(sql)} ${legalJoins(sql)}
  LEFT JOIN quotes q ON q.provider_id = i.provider_id AND q.id = i.quote_id`;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function toInvoiceSummary(row: SummaryRow): InvoiceSummary {
  const amountCents = Number(row.amount_cents);
  // A paid invoice is paid in full, whatever wrote it (rows from before migration 0025 included).
  const paidCents = row.status === 'paid' ? amountCents : Number(row.paid_cents ?? 0);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    client: { id: row.client_id, name: row.client_name },
    project: row.project_id && row.project_name ? { id: row.project_id, name: row.project_name } : null,
    currency: row.currency as Currency,
    amountCents: Number(row.amount_cents),
    description: row.description,
    dueDate: row.due_date,
    issuedAt: iso(row.issued_at),
    paidAt: iso(row.paid_at),
    paidOn: row.paid_on,
    paidCents,
    balanceCents: balanceDue(row.status, amountCents, paidCents),
    creditNoteNumber: row.credit_note_number,
    viaStripe: row.stripe_invoice_id !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A line with its unit's and category's codes; the category in effect under the invoice's tax mode. */
export function toInvoiceLine(row: LineRow, mode: InvoiceTaxMode | null): InvoiceLine {
  const taxRateBp = row.tax_rate_bp;
  const category = mode
    ? effectiveCategory({ taxRateBp, vatCategory: row.vat_category }, mode)
    : row.vat_category;
  return {
    id: row.id,
    position: row.position,
    description: row.description,
    quantityMilli: Number(row.quantity_milli),
    unitPriceCents: Number(row.unit_price_cents),
    taxRateBp,
    amountCents: Number(row.amount_cents),
    unit: row.unit,
    unitCode: UNIT_CODES[row.unit],
    vatCategory: category,
    vatCategoryCode: category ? VAT_CATEGORY_CODES[category] : null,
    exemptionReason: row.exemption_reason,
  };
}

/** Statuses the provider may set through `POST …/status` now (sending and cancelling have their own calls). */
export const settableStatuses = (status: InvoiceStatus): InvoiceStatus[] =>
  (['paid', 'overdue'] as const).filter((to) => canTransition(status, to));

/**
 * The invoice's payments, recorded by hand or card payments through Stripe, oldest first (a Stripe invoice
 * marked paid out of band moved no money and is left out).
 */
export function paymentsOf(sql: Sql | Tx, scope: Scope, invoiceId: string) {
  return sql<PaymentRow[]>`
    SELECT id, source, amount_cents::text AS amount_cents, currency, invoice_status, outcome, received_at, refunded_at,
           to_char(paid_on, 'YYYY-MM-DD') AS paid_on, method, note
    FROM invoice_payments
    WHERE ${ownedBy(sql, scope, 'provider_id')} AND invoice_id = ${invoiceId} AND outcome <> 'not_charged'
    ORDER BY received_at, id`;
}

const STRIPE_ERRORS = new Set<string>(StripeErrorCode.options);
const stripeError = (code: string | null) =>
  code && STRIPE_ERRORS.has(code) ? (code as InvoiceStripe['error']) : code ? 'stripe_unavailable' : null;

/** The Stripe side of an invoice; null when it never went there. */
function toStripe(row: DetailRow): InvoiceStripe | null {
  if (!row.stripe_invoice_id && !row.stripe_push_state && !row.stripe_close_state) return null;
  return {
    push: row.stripe_push_state,
    invoiceId: row.stripe_invoice_id,
    status: row.stripe_invoice_status,
    closing: row.stripe_close_state,
    // The closing's error once the invoice is closed; before, the push's.
    error: stripeError(row.stripe_close_state ? row.stripe_close_error : row.stripe_push_error),
    hostedUrl: row.stripe_hosted_url,
    pdfUrl: row.stripe_pdf_url,
  };
}

export function toInvoicePayment(row: PaymentRow): InvoicePayment {
  return {
    id: row.id,
    source: row.source,
    amountCents: Number(row.amount_cents),
    currency: row.currency.toUpperCase() as Currency,
    invoiceStatus: row.invoice_status,
    outcome: row.outcome,
    receivedAt: new Date(row.received_at).toISOString(),
    refundedAt: iso(row.refunded_at),
    paidOn: row.paid_on,
    method: row.method,
    note: row.note,
  };
}

export function toInvoice(row: DetailRow, lineRows: LineRow[], paymentRows: PaymentRow[] = []): Invoice {
  const mode = partiesOf(row).taxMode;
  const lines = lineRows.map((line) => toInvoiceLine(line, mode));
  const totals = computeTotals(lines);
  const legal = toInvoiceLegal(
    row,
    lineRows.map((l) => ({
      description: l.description,
      quantityMilli: Number(l.quantity_milli),
      unit: l.unit,
      taxRateBp: l.tax_rate_bp,
      vatCategory: l.vat_category,
      exemptionReason: l.exemption_reason,
    })),
    row.status === 'draft',
  );
  return {
    ...toInvoiceSummary(row),
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
    paidVia: row.paid_via,
    cancelledAt: iso(row.cancelled_at),
    creditNote:
      row.credit_note_id && row.credit_note_number && row.credit_note_created_at
        ? {
            id: row.credit_note_id,
            number: row.credit_note_number,
            reason: row.credit_note_reason,
            amountCents: Number(row.credit_note_amount_cents),
            createdAt: new Date(row.credit_note_created_at).toISOString(),
          }
        : null,
    stripe: toStripe(row),
    payments: paymentRows.map(toInvoicePayment),
    legal,
    quote:
      row.quote_id && row.quote_part && row.quote_number
        ? { id: row.quote_id, number: row.quote_number, part: row.quote_part }
        : null,
    allowedStatuses: settableStatuses(row.status),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The client's view of a sent invoice (never a draft: the caller filters them out). */
/** Whether the invoice's XRechnung and ZUGFeRD can be made now (`einvoice/readiness.ts`). */
function eInvoicesOf(row: DetailRow): PortalInvoiceDetail['eInvoices'] {
  const parties = partiesOf(row);
  const input = {
    sellerCountry: parties.seller.country,
    buyerCountry: parties.buyer.country,
    phone: sellerPaymentOf(row).phone,
  };
  return {
    xrechnung: eInvoiceMissing(input, 'xrechnung').length === 0,
    zugferd: eInvoiceMissing(input, 'zugferd').length === 0,
  };
}

export function toPortalInvoiceDetail(
  row: DetailRow,
  lineRows: LineRow[],
  payment: PortalInvoiceDetail['payment'],
  paymentRows: PaymentRow[] = [],
): PortalInvoiceDetail {
  const invoice = toInvoice(row, lineRows, paymentRows);
  if (invoice.status === 'draft' || !invoice.number || !invoice.issuedAt) {
    throw new Error('a draft has no portal view');
  }
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    language: invoice.language,
    description: invoice.description,
    dueDate: invoice.dueDate,
    issuedAt: invoice.issuedAt,
    paidAt: invoice.paidAt,
    paidOn: invoice.paidOn,
    project: invoice.project,
    lines: invoice.lines.map(({ id: _id, ...line }) => line),
    legal: (({ missing: _missing, ...legal }) => legal)(invoice.legal),
    subtotalCents: invoice.subtotalCents,
    taxes: invoice.taxes,
    taxCents: invoice.taxCents,
    amountCents: invoice.amountCents,
    paidCents: invoice.paidCents,
    balanceCents: invoice.balanceCents,
    // What was paid, by whom it was recorded aside (the provider's method and note stay the provider's).
    payments: invoice.payments.flatMap((p) =>
      p.outcome === 'applied'
        ? [{ amountCents: p.amountCents, currency: p.currency, paidOn: p.paidOn, source: p.source }]
        : [],
    ),
    creditNoteNumber: invoice.creditNoteNumber,
    // Which e-invoices can be made (issue 28): the download's own rule, so the portal never links a 422.
    eInvoices: eInvoicesOf(row),
    // The client's own late payments and their refunds (the payment that paid it is the status itself).
    refunds: invoice.payments.flatMap((p) =>
      p.outcome === 'applied'
        ? []
        : [
            {
              amountCents: p.amountCents,
              currency: p.currency,
              receivedAt: p.receivedAt,
              outcome: p.outcome,
              refundedAt: p.refundedAt,
            },
          ],
    ),
    payment,
  };
}
