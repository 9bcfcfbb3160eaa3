import type { Currency, InvoiceStatus } from '../../../../shared/contracts/invoices';
import { computeTotals, type MoneyLine } from '../../../../shared/contracts/money';
import type { Sql } from '../../../db/client';
import type { InvoicePdfData } from './render';

/*
 * The German sample invoice the PDF and e-invoice tests and the e-invoice bench start from (`germanInvoice`),
 * and invoices written straight into the database, in the shape the invoice services write them (totals from
 * `computeTotals`, a number unless draft, issued/paid/cancelled times per status, a credit note for a
 * cancelled one): for the PDF tests and the isolation suite's victim, which need invoices in every status
 * without going through the invoice API.
 */

export interface TestInvoiceInput {
  providerId: string;
  clientId: string;
  status: InvoiceStatus;
  number?: string;
  language?: 'en' | 'de';
  currency?: Currency;
  description?: string | null;
  issuedAt?: Date;
  dueDate?: string | null;
  paidAt?: Date;
  lines: (MoneyLine & { description: string })[];
  creditNote?: { number: string; reason: string | null; createdAt?: Date };
}

/** Inserts one invoice (its lines, its credit note) and returns its id. */
export async function insertTestInvoice(sql: Sql, input: TestInvoiceInput): Promise<string> {
  const totals = computeTotals(input.lines);
  const draft = input.status === 'draft';
  const issuedAt = draft ? null : (input.issuedAt ?? new Date('2026-03-12T10:00:00Z'));
  const paidAt = input.status === 'paid' ? (input.paidAt ?? new Date('2026-03-20T09:00:00Z')) : null;
  const cancelledAt =
    input.status === 'cancelled' ? (input.creditNote?.createdAt ?? new Date('2026-04-02T08:00:00Z')) : null;
  return sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO invoices (provider_id, client_id, number, amount_cents, subtotal_cents, tax_cents, currency,
        status, language, description, due_date, issued_at, paid_at, paid_via, cancelled_at)
      VALUES (${input.providerId}, ${input.clientId}, ${draft ? null : (input.number ?? 'INV-0001')},
        ${totals.totalCents}, ${totals.subtotalCents}, ${totals.taxCents}, ${input.currency ?? 'EUR'},
        ${input.status}, ${input.language ?? 'en'}, ${input.description ?? null}, ${input.dueDate ?? null},
        ${issuedAt}, ${paidAt}, ${paidAt ? 'manual' : null}, ${cancelledAt})
      RETURNING id`;
    const id = row?.id as string;
    for (const [index, line] of input.lines.entries()) {
      await tx`
        INSERT INTO invoice_lines (provider_id, invoice_id, position, description, quantity_milli,
          unit_price_cents, tax_rate_bp, amount_cents)
        VALUES (${input.providerId}, ${id}, ${index + 1}, ${line.description}, ${line.quantityMilli},
          ${line.unitPriceCents}, ${line.taxRateBp}, ${totals.lines[index] ?? 0})`;
    }
    if (input.status === 'cancelled') {
      const note = input.creditNote ?? { number: 'CN-0001', reason: null };
      await tx`
        INSERT INTO credit_notes (provider_id, invoice_id, number, reason, amount_cents, created_at)
        VALUES (${input.providerId}, ${id}, ${note.number}, ${note.reason}, ${totals.totalCents}, ${cancelledAt})`;
    }
    return id;
  });
}

/**
 * The German sample invoice: a design studio in München bills a bakery in Nürnberg (umlauts and ß in every
 * party), 19 % and 7 % and a flat rate, a day of supply, a Leitweg-ID. What a test or bench needs otherwise
 * it overrides (whole fields: spread `germanInvoice().seller` to change one detail).
 */
export function germanInvoice(overrides: Partial<InvoicePdfData> = {}): InvoicePdfData {
  return {
    kind: 'invoice',
    language: 'de',
    currency: 'EUR',
    status: 'sent',
    number: 'RE-2026-0042',
    issueDate: '2026-03-12',
    dueDate: '2026-03-26',
    paidDate: null,
    description: 'Website-Relaunch für die Bäckerei Groß',
    provider: {
      businessName: 'Müller Design Studio',
      fullName: 'Jürgen Müller',
      email: 'juergen@mueller.example',
      website: 'https://mueller.example',
      paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00',
      footerNote: 'Vielen Dank für Ihren Auftrag – Grüße aus München!',
    },
    client: { name: 'Renée Weiß', company: 'Bäckerei Groß GmbH', email: 'renee@gross.example' },
    seller: {
      name: 'Müller Design Studio – Jürgen Müller',
      street: 'Hauptstraße 5',
      postcode: '80331',
      city: 'München',
      country: 'DE',
      taxNumber: '143/123/45678',
      vatId: 'DE123456789',
      buyerReference: null,
    },
    buyer: {
      name: 'Bäckerei Groß GmbH',
      street: 'Brotgasse 12',
      postcode: '90403',
      city: 'Nürnberg',
      country: 'DE',
      vatId: null,
      taxNumber: null,
      buyerReference: '04011000-12345-67',
    },
    sellerNote: null,
    supply: { date: '2026-03-10', from: null, to: null },
    taxMode: 'standard',
    notes: [],
    branding: { logo: null, primaryColor: '#0f766e', secondaryColor: '#f59e0b' },
    lines: [
      {
        description: 'Gestaltung Startseite (Maße & Größen)',
        quantityMilli: 1500,
        unitPriceCents: 123450,
        taxRateBp: 1900,
        unit: 'day',
        vatCategory: 'standard',
        exemptionReason: null,
      },
      {
        description: 'Fachbuch „Typografie“',
        quantityMilli: 2000,
        unitPriceCents: 3999,
        taxRateBp: 700,
        unit: 'piece',
        vatCategory: 'reduced',
        exemptionReason: null,
      },
      {
        description: 'Pauschale Projektleitung',
        quantityMilli: 1000,
        unitPriceCents: 5000,
        taxRateBp: 1900,
        unit: 'flat_rate',
        vatCategory: 'standard',
        exemptionReason: null,
      },
    ],
    cancelledBy: null,
    cancels: null,
    ...overrides,
  };
}
