import type { z } from 'zod';
import type { InvoiceSettings, InvoiceSettingsUpdate } from '../../../shared/contracts/invoices';
import type { TaxMode } from '../../../shared/contracts/legal';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';

/*
 * The provider's invoice settings (migration 0014 `invoice_settings`, 0020): the two number sequences, the
 * structured business details and tax mode for the PDF and the pre-send check, payment instructions, defaults for new invoices. The row is created on first use
 * with the table's defaults; it is also the lock that keeps the number sequences gapless (`lockSettings`).
 */

export interface SettingsRow {
  provider_id: string;
  number_prefix: string;
  next_number: number;
  credit_note_prefix: string;
  next_credit_note_number: number;
  legal_name: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  tax_number: string | null;
  vat_id: string | null;
  tax_mode: TaxMode;
  business_note: string | null;
  phone: string | null;
  iban: string | null;
  bic: string | null;
  attach_e_invoice: boolean;
  payment_instructions: string | null;
  footer_note: string | null;
  default_due_days: number;
  default_tax_rate_bp: number | null;
  /** Null: the default by the provider's language (`quote_prefix_effective`). */
  quote_prefix: string | null;
  quote_prefix_effective: string;
  next_quote_number: number;
  default_quote_valid_days: number;
}

/**
 * The quote prefix in effect: the provider's own, else `AN-` (Angebot) for a German-speaking provider and
 * `Q-` otherwise, so numbers read `AN-0001` / `Q-0001` without any setting (issue 28).
 */
const withQuotePrefix = (sql: Sql | Tx) => sql`*, coalesce(quote_prefix,
  (SELECT CASE WHEN pr.preferred_language = 'de' THEN 'AN-' ELSE 'Q-' END FROM profiles pr
   WHERE pr.user_id = invoice_settings.provider_id), 'Q-') AS quote_prefix_effective`;

export function toInvoiceSettings(row: SettingsRow): InvoiceSettings {
  return {
    numberPrefix: row.number_prefix,
    creditNotePrefix: row.credit_note_prefix,
    nextNumber: row.next_number,
    legalName: row.legal_name,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    taxNumber: row.tax_number,
    vatId: row.vat_id,
    taxMode: row.tax_mode,
    businessNote: row.business_note,
    phone: row.phone,
    iban: row.iban,
    bic: row.bic,
    attachEInvoice: row.attach_e_invoice,
    paymentInstructions: row.payment_instructions,
    footerNote: row.footer_note,
    defaultDueDays: row.default_due_days,
    defaultTaxRateBp: row.default_tax_rate_bp,
    quotePrefix: row.quote_prefix_effective,
    nextQuoteNumber: row.next_quote_number,
    defaultQuoteValidDays: row.default_quote_valid_days,
  };
}

/** The provider's settings row, created with the defaults when there is none (read without a lock). */
export async function settingsOf(sql: Sql | Tx, scope: ProviderScope): Promise<SettingsRow> {
  const [row] = await sql<
    SettingsRow[]
  >`SELECT ${withQuotePrefix(sql)} FROM invoice_settings WHERE ${ownedBy(sql, scope, 'provider_id')}`;
  if (row) return row;
  const [created] = await sql<SettingsRow[]>`
    INSERT INTO invoice_settings (provider_id) VALUES (${scope.providerId})
    ON CONFLICT (provider_id) DO UPDATE SET provider_id = EXCLUDED.provider_id
    RETURNING ${withQuotePrefix(sql)}`;
  if (!created) throw new Error('invoice settings not created');
  return created;
}

/**
 * The settings row locked (`FOR UPDATE`) for the rest of the transaction: every number handed out is
 * taken under this lock, so concurrent sends (and cancellations) of one provider queue here, and a
 * rolled-back transaction leaves `next_*` as it was.
 */
export async function lockSettings(tx: Tx, scope: ProviderScope): Promise<SettingsRow> {
  await tx`INSERT INTO invoice_settings (provider_id) VALUES (${scope.providerId}) ON CONFLICT (provider_id) DO NOTHING`;
  const [row] = await tx<SettingsRow[]>`
    SELECT ${withQuotePrefix(tx)} FROM invoice_settings WHERE ${ownedBy(tx, scope, 'provider_id')} FOR UPDATE`;
  if (!row) throw new Error('invoice settings missing');
  return row;
}

/** `INV-0007`: the prefix and the number, at least four digits. */
export const formatNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;

/** GET /api/invoice-settings */
export async function getInvoiceSettings(sql: Sql, scope: ProviderScope): Promise<InvoiceSettings> {
  return toInvoiceSettings(await settingsOf(sql, scope));
}

const COLUMNS = {
  numberPrefix: 'number_prefix',
  creditNotePrefix: 'credit_note_prefix',
  legalName: 'legal_name',
  street: 'street',
  postcode: 'postcode',
  city: 'city',
  country: 'country',
  taxNumber: 'tax_number',
  vatId: 'vat_id',
  taxMode: 'tax_mode',
  businessNote: 'business_note',
  phone: 'phone',
  iban: 'iban',
  bic: 'bic',
  attachEInvoice: 'attach_e_invoice',
  paymentInstructions: 'payment_instructions',
  footerNote: 'footer_note',
  defaultDueDays: 'default_due_days',
  defaultTaxRateBp: 'default_tax_rate_bp',
  quotePrefix: 'quote_prefix',
  defaultQuoteValidDays: 'default_quote_valid_days',
} as const;

/** Empty texts are stored as NULL (no address rather than an empty one); prefixes may be empty. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value === '' ? null : value);

/**
 * PATCH /api/invoice-settings: the fields sent. The two prefixes must differ after the change (422
 * `validation.prefixesDiffer` on `creditNotePrefix`), else a credit note's number could equal an invoice's.
 * The numbers themselves are not editable (gapless sequences).
 */
export async function updateInvoiceSettings(
  sql: Sql,
  scope: ProviderScope,
  input: z.output<typeof InvoiceSettingsUpdate>,
): Promise<InvoiceSettings> {
  return sql.begin(async (tx) => {
    const current = await lockSettings(tx, scope);
    const numberPrefix = input.numberPrefix ?? current.number_prefix;
    const creditNotePrefix = input.creditNotePrefix ?? current.credit_note_prefix;
    const quotePrefix = input.quotePrefix ?? current.quote_prefix_effective;
    if (quotePrefix === numberPrefix || quotePrefix === creditNotePrefix) {
      throw new ApiError('validation_failed', {
        fields: [{ path: 'quotePrefix', key: 'validation.quotePrefixDiffers' }],
      });
    }
    if (numberPrefix === creditNotePrefix) {
      throw new ApiError('validation_failed', {
        fields: [
          {
            path: input.creditNotePrefix !== undefined ? 'creditNotePrefix' : 'numberPrefix',
            key: 'validation.prefixesDiffer',
          },
        ],
      });
    }
    const changes: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(COLUMNS)) {
      const value = (input as Record<string, unknown>)[field];
      if (value === undefined) continue;
      changes[column] = field.endsWith('Prefix') ? value : blankToNull(value);
    }
    if (Object.keys(changes).length === 0) return toInvoiceSettings(current);
    const [row] = await tx<SettingsRow[]>`
      UPDATE invoice_settings SET ${tx(changes as never, ...(Object.keys(changes) as never[]))}, updated_at = now()
      WHERE ${ownedBy(tx, scope, 'provider_id')}
      RETURNING ${withQuotePrefix(tx)}`;
    if (!row) throw new ApiError('not_found');
    return toInvoiceSettings(row);
  });
}
