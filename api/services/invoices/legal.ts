import type { InvoiceLegal, InvoiceParty } from '../../../shared/contracts/invoices';
import {
  effectiveCategory,
  type InvoiceTaxMode,
  type InvoiceUnit,
  LEGAL_NOTES,
  type PreSendProblem,
  preSendProblems,
  type TaxMode,
  type VatCategory,
} from '../../../shared/contracts/legal';
import type { Sql, Tx } from '../../db/client';

/*
 * The legal content of an invoice (issue 28): its seller and buyer, tax mode, date or period of supply, the
 * notes the law wants printed, and the pre-send check. A draft reads the provider's settings and the client as
 * they are now; sending stores them on the invoice (`invoices.parties`, with the seller's phone and bank account
 * for the e-invoice), so a sent invoice keeps the details it was sent with whatever changes later.
 */

/** The seller's contact phone and bank account (settings; EN 16931 BT-42, BT-84, BT-86): the e-invoice's. */
export interface SellerPayment {
  phone: string | null;
  iban: string | null;
  bic: string | null;
}

/** What is stored in `invoices.parties` when an invoice is sent. */
export interface PartiesSnapshot {
  taxMode: InvoiceTaxMode | null;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  sellerNote: string | null;
  /** Frozen at sending too; absent on invoices sent before it was (they read the settings as they are). */
  sellerPayment?: SellerPayment;
}

/** The columns {@link legalColumns} adds to a detail row. */
export interface LegalRow {
  language: 'en' | 'de';
  supply_date: string | null;
  supply_from: string | null;
  supply_to: string | null;
  invoice_tax_mode: InvoiceTaxMode | null;
  parties: PartiesSnapshot | null;
  client_name: string;
  client_company: string | null;
  billing_street: string | null;
  billing_postcode: string | null;
  billing_city: string | null;
  billing_country: string | null;
  client_vat_id: string | null;
  buyer_reference: string | null;
  seller_legal_name: string | null;
  seller_street: string | null;
  seller_postcode: string | null;
  seller_city: string | null;
  seller_country: string | null;
  seller_tax_number: string | null;
  seller_vat_id: string | null;
  settings_tax_mode: TaxMode | null;
  seller_note: string | null;
  seller_phone: string | null;
  seller_iban: string | null;
  seller_bic: string | null;
}

/** A line's legal fields as read from `invoice_lines`. */
export interface LegalLine {
  description: string;
  quantityMilli: number;
  unit: InvoiceUnit;
  taxRateBp: number | null;
  vatCategory: VatCategory | null;
  exemptionReason: string | null;
}

/**
 * The legal columns over `invoices i` with its client `c` and {@link legalJoins} (`ls` the settings, `lpr` the
 * profile, `lu` the user).
 */
export const legalColumns = (sql: Sql | Tx) => sql`
  to_char(i.supply_date, 'YYYY-MM-DD') AS supply_date, to_char(i.supply_from, 'YYYY-MM-DD') AS supply_from,
  to_char(i.supply_to, 'YYYY-MM-DD') AS supply_to, i.tax_mode AS invoice_tax_mode,
  i.parties,
  c.billing_street, c.billing_postcode, c.billing_city, c.billing_country, c.vat_id AS client_vat_id,
  c.buyer_reference,
  coalesce(nullif(ls.legal_name, ''), nullif(lpr.business_name, ''), nullif(lpr.full_name, ''), lu.email)
    AS seller_legal_name,
  ls.street AS seller_street, ls.postcode AS seller_postcode, ls.city AS seller_city,
  ls.country AS seller_country, ls.tax_number AS seller_tax_number, ls.vat_id AS seller_vat_id,
  ls.tax_mode AS settings_tax_mode, ls.business_note AS seller_note,
  ls.phone AS seller_phone, ls.iban AS seller_iban, ls.bic AS seller_bic`;

export const legalJoins = (sql: Sql | Tx) => sql`
  JOIN users lu ON lu.id = i.provider_id
  LEFT JOIN invoice_settings ls ON ls.provider_id = i.provider_id
  LEFT JOIN profiles lpr ON lpr.user_id = i.provider_id`;

/** The invoice's tax mode: the settings' unless they say `per_invoice`, then the invoice's own (or none yet). */
export function taxModeOf(
  settingsMode: TaxMode | null,
  invoiceMode: InvoiceTaxMode | null,
): InvoiceTaxMode | null {
  const mode = settingsMode ?? 'standard';
  return mode === 'per_invoice' ? invoiceMode : mode;
}

/** Seller and buyer as they are now (a draft), from the settings, profile and client. */
export function currentParties(row: LegalRow): PartiesSnapshot {
  return {
    taxMode: taxModeOf(row.settings_tax_mode, row.invoice_tax_mode),
    seller: {
      name: row.seller_legal_name,
      street: row.seller_street,
      postcode: row.seller_postcode,
      city: row.seller_city,
      country: row.seller_country,
      vatId: row.seller_vat_id,
      taxNumber: row.seller_tax_number,
      buyerReference: null,
    },
    buyer: {
      name: row.client_company || row.client_name,
      street: row.billing_street,
      postcode: row.billing_postcode,
      city: row.billing_city,
      country: row.billing_country,
      vatId: row.client_vat_id,
      taxNumber: null,
      buyerReference: row.buyer_reference,
    },
    sellerNote: row.seller_note,
    sellerPayment: { phone: row.seller_phone, iban: row.seller_iban, bic: row.seller_bic },
  };
}

/** The parties the invoice shows: as sent, or (a draft) as they are now. */
export const partiesOf = (row: LegalRow): PartiesSnapshot => row.parties ?? currentParties(row);

/**
 * The phone and bank account the invoice's e-invoice names: as sent (a later change of the settings leaves a
 * sent invoice's e-invoice as it was), or as they are now (a draft, or an invoice sent before they were
 * frozen). One exception: a phone missing at sending is taken from the settings once they have one, since
 * XRechnung cannot be made without it (BR-DE-6) and a contact number is no term of the invoice.
 */
export function sellerPaymentOf(row: LegalRow): SellerPayment {
  const now = { phone: row.seller_phone, iban: row.seller_iban, bic: row.seller_bic };
  const sent = row.parties?.sellerPayment;
  return sent ? { ...sent, phone: sent.phone ?? now.phone } : now;
}

/** What § 14 (4) UStG still misses on an invoice with these parties, supply dates and lines. */
export function problemsOf(
  row: LegalRow,
  parties: PartiesSnapshot,
  lines: readonly LegalLine[],
): PreSendProblem[] {
  return preSendProblems({
    taxMode: parties.taxMode,
    seller: parties.seller,
    buyer: parties.buyer,
    supplyDate: row.supply_date,
    supplyFrom: row.supply_from,
    supplyTo: row.supply_to,
    lines,
  });
}

/** The legal notes in the invoice's language: § 19, reverse charge, each distinct exemption reason. */
export function legalNotes(language: 'en' | 'de', mode: InvoiceTaxMode | null, lines: readonly LegalLine[]) {
  const notes: string[] = [];
  if (mode === 'small_business') return [LEGAL_NOTES.smallBusiness[language]];
  if (mode && lines.some((l) => effectiveCategory(l, mode) === 'reverse_charge')) {
    notes.push(LEGAL_NOTES.reverseCharge[language]);
  }
  if (mode && lines.some((l) => effectiveCategory(l, mode) === 'outside_scope')) {
    notes.push(LEGAL_NOTES.outsideScope[language]);
  }
  for (const line of lines) {
    const reason = line.exemptionReason?.trim();
    if (mode && effectiveCategory(line, mode) === 'exempt' && reason && !notes.includes(reason))
      notes.push(reason);
  }
  return notes;
}

/** The invoice's `legal` block. */
export function toInvoiceLegal(row: LegalRow, lines: readonly LegalLine[], draft: boolean): InvoiceLegal {
  const parties = partiesOf(row);
  return {
    taxMode: parties.taxMode,
    supplyDate: row.supply_date,
    supplyFrom: row.supply_from,
    supplyTo: row.supply_to,
    seller: parties.seller,
    buyer: parties.buyer,
    sellerNote: parties.sellerNote,
    notes: legalNotes(row.language, parties.taxMode, lines),
    missing: draft ? problemsOf(row, parties, lines) : [],
  };
}
