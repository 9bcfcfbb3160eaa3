/*
 * The invoice PDF's texts, in the invoice's language (not the caller's: the document is the same whoever
 * downloads it). Kept beside the renderer, typed so that both languages have every label.
 *
 * A cancellation is a "Stornorechnung" in German, not a "Gutschrift": under § 14 (2) UStG a "Gutschrift" is
 * an invoice the RECIPIENT of a supply issues (self-billing) and must say so; calling a cancellation
 * "Gutschrift" mixes the two up (tax advisers warn it can even read as a self-billed invoice with its own
 * VAT liability under § 14c UStG). A cancellation of one's own invoice, with negative amounts and a reference
 * to the cancelled invoice, is called "Stornorechnung" (migration 0014 uses the word). English: "Credit note".
 */

import type { InvoiceUnit, VatCategory } from '../../../../shared/contracts/legal';

export type PdfLanguage = 'en' | 'de';

export interface InvoiceLabels {
  invoice: string;
  creditNote: string;
  draft: string;
  invoiceNumber: string;
  creditNoteNumber: string;
  issueDate: string;
  creditNoteDate: string;
  dueDate: string;
  cancelsInvoice: string;
  cancelledInvoiceDate: string;
  reason: string;
  billTo: string;
  taxId: string;
  position: string;
  description: string;
  quantity: string;
  unitPrice: string;
  tax: string;
  amount: string;
  subtotal: string;
  /** "VAT 19 % on $1,234.50" / "19 % USt. auf 1.234,50 €". */
  taxGroup: (rate: string, net: string) => string;
  total: string;
  creditTotal: string;
  /** Partial payments (issue 28): what was paid so far and what is still due. */
  paidSoFar: string;
  balanceDue: string;
  payment: string;
  payBy: (date: string) => string;
  paidStamp: string;
  paidOn: (date: string) => string;
  cancelledStamp: string;
  cancelledBy: (number: string) => string;
  creditNoteIntro: (number: string, date: string) => string;
  page: (page: number, count: number) => string;
  /** The `Title` of the PDF's metadata. */
  title: (kind: 'invoice' | 'credit_note' | 'quote', number: string | null) => string;
  /** The download's name when there is no number yet. */
  draftFileName: string;
  /** § 14 (4) UStG (issue 28). */
  supplyDate: string;
  supplyPeriod: string;
  taxNumber: string;
  vatId: string;
  buyerReference: string;
  unit: Record<InvoiceUnit, string>;
  /** The tax column for an untaxed line, and the totals' row per untaxed category ("… on <net>"). */
  category: Record<Exclude<VatCategory, 'standard' | 'reduced'> | 'small_business', string>;
  categoryTotal: Record<Exclude<VatCategory, 'standard' | 'reduced'> | 'small_business', string>;
  untaxedGroup: (category: string, net: string) => string;
  notes: string;
  /** A quote's PDF (issue 28). */
  quote: {
    title: string;
    number: string;
    date: string;
    validUntil: string;
    acceptance: string;
    record: string;
    acceptBy: (date: string) => string;
    acceptedStamp: string;
    declinedStamp: string;
    decidedOn: (date: string) => string;
    acceptedBy: (name: string, email: string, at: string, ip: string) => string;
    declinedBy: (name: string, at: string) => string;
    draftFileName: string;
  };
}

export const LABELS: Record<PdfLanguage, InvoiceLabels> = {
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    draft: 'Draft',
    invoiceNumber: 'Invoice number',
    creditNoteNumber: 'Credit note number',
    issueDate: 'Issue date',
    creditNoteDate: 'Date',
    dueDate: 'Due date',
    cancelsInvoice: 'Cancels invoice',
    cancelledInvoiceDate: 'Invoice date',
    reason: 'Reason',
    billTo: 'Bill to',
    taxId: 'Tax ID',
    position: '#',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    tax: 'Tax',
    amount: 'Amount',
    subtotal: 'Subtotal (net)',
    taxGroup: (rate, net) => `VAT ${rate} on ${net}`,
    total: 'Total',
    creditTotal: 'Total credited',
    paidSoFar: 'Paid so far',
    balanceDue: 'Balance due',
    payment: 'Payment',
    payBy: (date) => `Please pay the total by ${date}.`,
    paidStamp: 'PAID',
    paidOn: (date) => `Paid on ${date}`,
    cancelledStamp: 'CANCELLED',
    cancelledBy: (number) => `Cancelled by credit note ${number}`,
    creditNoteIntro: (number, date) =>
      `This credit note cancels invoice ${number} of ${date} in full. The amounts below are credited.`,
    page: (page, count) => `Page ${page} of ${count}`,
    title: (kind, number) =>
      `${kind === 'invoice' ? 'Invoice' : kind === 'quote' ? 'Quote' : 'Credit note'} ${number ?? '(draft)'}`.trim(),
    draftFileName: 'Invoice-draft',
    supplyDate: 'Date of supply',
    supplyPeriod: 'Period of service',
    taxNumber: 'Tax number',
    vatId: 'VAT ID',
    buyerReference: 'Buyer reference',
    unit: {
      hour: 'h',
      day: 'days',
      week: 'weeks',
      month: 'months',
      piece: 'pcs',
      unit: 'units',
      flat_rate: 'flat rate',
      km: 'km',
    },
    category: {
      zero: '0 %',
      exempt: 'exempt',
      reverse_charge: 'RC',
      outside_scope: 'n/t',
      small_business: '–',
    },
    categoryTotal: {
      zero: 'Zero-rated',
      exempt: 'Tax-exempt',
      reverse_charge: 'Reverse charge (0 %)',
      outside_scope: 'Not taxable in Germany',
      small_business: 'No VAT (§ 19 UStG)',
    },
    untaxedGroup: (category, net) => `${category} on ${net}`,
    notes: 'Notes',
    quote: {
      title: 'Quote',
      number: 'Quote number',
      date: 'Quote date',
      validUntil: 'Valid until',
      acceptance: 'Acceptance',
      record: 'Acceptance record',
      acceptBy: (date) =>
        `This quote is valid until ${date}. You can accept or decline it in your client portal.`,
      acceptedStamp: 'ACCEPTED',
      declinedStamp: 'DECLINED',
      decidedOn: (date) => `on ${date}`,
      acceptedBy: (name, email, at, ip) => `Accepted by ${name} (${email}) on ${at} from ${ip}.`,
      declinedBy: (name, at) => `Declined by ${name} on ${at}.`,
      draftFileName: 'Quote-draft',
    },
  },
  de: {
    invoice: 'Rechnung',
    creditNote: 'Stornorechnung',
    draft: 'Entwurf',
    invoiceNumber: 'Rechnungsnummer',
    creditNoteNumber: 'Stornonummer',
    issueDate: 'Rechnungsdatum',
    creditNoteDate: 'Datum',
    dueDate: 'Fällig am',
    cancelsInvoice: 'Storniert Rechnung',
    cancelledInvoiceDate: 'Rechnungsdatum',
    reason: 'Grund',
    billTo: 'Rechnungsempfänger',
    taxId: 'Steuernummer/USt-IdNr.',
    position: 'Pos.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    tax: 'USt.',
    amount: 'Betrag',
    subtotal: 'Zwischensumme (netto)',
    taxGroup: (rate, net) => `${rate} USt. auf ${net}`,
    total: 'Gesamtbetrag',
    creditTotal: 'Gutgeschriebener Betrag',
    paidSoFar: 'Bereits bezahlt',
    balanceDue: 'Noch offener Betrag',
    payment: 'Zahlung',
    payBy: (date) => `Bitte überweisen Sie den Gesamtbetrag bis zum ${date}.`,
    paidStamp: 'BEZAHLT',
    paidOn: (date) => `Bezahlt am ${date}`,
    cancelledStamp: 'STORNIERT',
    cancelledBy: (number) => `Storniert durch Stornorechnung ${number}`,
    creditNoteIntro: (number, date) =>
      `Mit dieser Stornorechnung wird die Rechnung ${number} vom ${date} vollständig storniert. Die folgenden Beträge werden gutgeschrieben.`,
    page: (page, count) => `Seite ${page} von ${count}`,
    title: (kind, number) =>
      `${kind === 'invoice' ? 'Rechnung' : kind === 'quote' ? 'Angebot' : 'Stornorechnung'} ${number ?? '(Entwurf)'}`,
    draftFileName: 'Rechnung-Entwurf',
    supplyDate: 'Leistungsdatum',
    supplyPeriod: 'Leistungszeitraum',
    taxNumber: 'Steuernummer',
    vatId: 'USt-IdNr.',
    buyerReference: 'Ihre Referenz',
    unit: {
      hour: 'Std.',
      day: 'Tage',
      week: 'Wochen',
      month: 'Monate',
      piece: 'Stk.',
      unit: 'Einh.',
      flat_rate: 'pauschal',
      km: 'km',
    },
    category: {
      zero: '0 %',
      exempt: 'steuerfrei',
      reverse_charge: 'RC',
      outside_scope: 'n. stb.',
      small_business: '–',
    },
    categoryTotal: {
      zero: 'Nullsatz',
      exempt: 'Steuerfrei',
      reverse_charge: 'Reverse Charge (0 %)',
      outside_scope: 'Nicht steuerbar',
      small_business: 'Ohne USt. (§ 19 UStG)',
    },
    untaxedGroup: (category, net) => `${category} auf ${net}`,
    notes: 'Hinweise',
    quote: {
      title: 'Angebot',
      number: 'Angebotsnummer',
      date: 'Angebotsdatum',
      validUntil: 'Gültig bis',
      acceptance: 'Annahme',
      record: 'Annahmeprotokoll',
      acceptBy: (date) =>
        `Dieses Angebot ist gültig bis zum ${date}. Sie können es in Ihrem Kundenportal annehmen oder ablehnen.`,
      acceptedStamp: 'ANGENOMMEN',
      declinedStamp: 'ABGELEHNT',
      decidedOn: (date) => `am ${date}`,
      acceptedBy: (name, email, at, ip) => `Angenommen von ${name} (${email}) am ${at} von ${ip}.`,
      declinedBy: (name, at) => `Abgelehnt von ${name} am ${at}.`,
      draftFileName: 'Angebot-Entwurf',
    },
  },
};
