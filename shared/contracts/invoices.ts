import { z } from 'zod';
import { DateOnly, Language, text, Uuid } from './common';
import {
  Bic,
  CountryCode,
  Iban,
  InvoiceTaxMode,
  InvoiceUnit,
  TaxMode,
  TaxNumber,
  VatCategory,
  VatId,
} from './legal';
import { MAX_AMOUNT_CENTS, MAX_QUANTITY_MILLI, MAX_TAX_RATE_BP } from './money';
import { PageQuery, pageOf } from './paging';

/*
 * Invoices, credit notes, invoice settings, the provider's Stripe connection and plan (spec §1, §3, §4, §8, §9;
 * issue 21). Money is integer minor units, quantities thousandths, tax rates basis points (see `money.ts`).
 *
 * Statuses and who moves them (the spec names them, "the provider can update the status"):
 *   draft → sent         the provider sends it: the next number is assigned, it becomes immutable and, with
 *                        Stripe connected, a job creates, finalises and sends it in Stripe too (`stripe.push`);
 *   sent → paid          the provider marks it paid, or Stripe reports the payment (webhook);
 *   sent → overdue       the overdue job, the day after its due date (or the provider);
 *   overdue → paid       as sent → paid;
 *   sent | overdue → cancelled   the provider cancels it: a credit note with its own number references it;
 *   paid, cancelled      final. A draft is deleted, never cancelled (it has no number).
 * Leaving sent/overdue closes the invoice in Stripe (a job: Checkout sessions expired, the Stripe invoice
 * voided or settled, `stripe.closing`); a card payment that still arrives is refunded (`payments`).
 */

export const InvoiceStatus = z
  .enum(['draft', 'sent', 'paid', 'overdue', 'cancelled'])
  .meta({ description: 'Invoice status (spec §4).', example: 'sent' });
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;
export const INVOICE_STATUSES = InvoiceStatus.options;

export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  draft: ['sent'],
  sent: ['paid', 'overdue', 'cancelled'],
  overdue: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
};

export const canTransition = (from: InvoiceStatus, to: InvoiceStatus): boolean =>
  INVOICE_TRANSITIONS[from].includes(to);

/** Open for payment: the portal's pay button and the Stripe webhooks act only on these. */
export const isPayable = (status: InvoiceStatus): boolean => status === 'sent' || status === 'overdue';

export const Currency = z
  .enum(['EUR', 'USD'], { error: 'validation.invoiceCurrency' })
  .meta({ description: 'ISO 4217 currency.', example: 'EUR' });
export type Currency = z.infer<typeof Currency>;

/** A new invoice's currency: the profile's when set and supported, else by language (de → EUR, en → USD). */
export const defaultCurrency = (language: Language, profileCurrency?: string | null): Currency =>
  profileCurrency === 'EUR' || profileCurrency === 'USD'
    ? profileCurrency
    : language === 'de'
      ? 'EUR'
      : 'USD';

export const INVOICE_MAX_LINES = 100;

export const InvoiceLineInput = z
  .object({
    description: text({ error: 'validation.lineDescriptionRequired' })
      .trim()
      .min(1, { error: 'validation.lineDescriptionRequired' })
      .max(500, { error: 'validation.lineDescriptionTooLong' }),
    quantityMilli: z
      .number({ error: 'validation.quantityInvalid' })
      .int({ error: 'validation.quantityInvalid' })
      .min(1, { error: 'validation.quantityInvalid' })
      .max(MAX_QUANTITY_MILLI, { error: 'validation.quantityInvalid' })
      .meta({ format: 'int64', description: 'Quantity in thousandths (1.5 hours = 1500).', example: 1500 }),
    unitPriceCents: z
      .number({ error: 'validation.unitPriceInvalid' })
      .int({ error: 'validation.unitPriceInvalid' })
      .min(0, { error: 'validation.unitPriceInvalid' })
      .max(MAX_AMOUNT_CENTS, { error: 'validation.unitPriceInvalid' })
      .meta({ format: 'int64', description: 'Unit price in minor units (cents).', example: 8000 }),
    taxRateBp: z
      .number({ error: 'validation.taxRateInvalid' })
      .int({ error: 'validation.taxRateInvalid' })
      .min(0, { error: 'validation.taxRateInvalid' })
      .max(MAX_TAX_RATE_BP, { error: 'validation.taxRateInvalid' })
      .meta({ format: 'int32' })
      .nullable()
      .meta({ description: 'Tax rate in basis points (19 % = 1900); null for none.', example: 1900 }),
    unit: InvoiceUnit.optional()
      .default('unit')
      .meta({ description: 'Unit of the quantity (default `unit`, UN/ECE C62 "one").' }),
    vatCategory: VatCategory.nullable().optional().default(null).meta({
      description:
        'VAT category; null: `standard` for a line with a rate, to be chosen for a line without (the pre-send check names it). A small business’s lines are `exempt` by § 19.',
    }),
    exemptionReason: text()
      .trim()
      .max(500, { error: 'validation.fieldTooLong' })
      .nullable()
      .optional()
      .default(null)
      .meta({ description: 'Why an `exempt` line is exempt (EN 16931 BT-120), e.g. `§ 4 Nr. 21 UStG`.' }),
  })
  .meta({ id: 'InvoiceLineInput' });
export type InvoiceLineInput = z.infer<typeof InvoiceLineInput>;

/** A day of supply OR a period of service, the period's days in order (422 on the field). Quotes too. */
export function checkSupply(
  v: { supplyDate?: string | null; supplyFrom?: string | null; supplyTo?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.supplyDate && (v.supplyFrom || v.supplyTo)) {
    ctx.addIssue({ code: 'custom', path: ['supplyDate'], message: 'validation.supplyDayOrPeriod' });
  }
  if (v.supplyFrom && v.supplyTo && v.supplyFrom > v.supplyTo) {
    ctx.addIssue({ code: 'custom', path: ['supplyTo'], message: 'validation.endBeforeStart' });
  }
}

/** The fields of an invoice's body, shared with quotes (`quotes.ts`), which replace the due date by a validity. */
export const InvoiceFields = {
  clientId: Uuid({ error: 'validation.clientRequired' }),
  projectId: Uuid({ error: 'validation.projectInvalid' }).nullable(),
  currency: Currency,
  language: Language.meta({ description: 'Language of the invoice’s PDF and e-mails.' }),
  description: text().trim().max(2000, { error: 'validation.descriptionTooLong' }).nullable(),
  dueDate: DateOnly.nullable(),
  supplyDate: DateOnly.nullable().meta({
    description: 'Date of supply (Leistungsdatum), `YYYY-MM-DD`; or give a period of service instead.',
  }),
  supplyFrom: DateOnly.nullable().meta({ description: 'Period of service: first day.' }),
  supplyTo: DateOnly.nullable().meta({ description: 'Period of service: last day (not before the first).' }),
  taxMode: InvoiceTaxMode.nullable().meta({
    description:
      'Only when the settings’ tax mode is `per_invoice`: this invoice’s (`standard` or `small_business`). Ignored otherwise.',
  }),
  lines: z
    .array(InvoiceLineInput)
    .min(1, { error: 'validation.linesRequired' })
    .max(INVOICE_MAX_LINES, { error: 'validation.tooManyLines' }),
};

/**
 * What a new document (invoice, quote, recurring invoice) may leave out: no project, description or tax
 * mode (null); the currency from the profile and the language from the client (the server's choice).
 */
export const documentDefaults = (
  fields: Pick<typeof InvoiceFields, 'projectId' | 'description' | 'taxMode'> & { language: typeof Language },
) => ({
  projectId: fields.projectId.optional().default(null),
  currency: Currency.optional().meta({ description: 'Default: from the profile, else the language.' }),
  language: fields.language.optional().meta({ description: 'Default: the client’s language.' }),
  description: fields.description.optional().default(null),
  taxMode: fields.taxMode.optional().default(null),
});

/** What a new draft invoice or quote may leave out: `documentDefaults`, and no day or period of supply. */
export const createDefaults = (
  fields: Parameters<typeof documentDefaults>[0] &
    Pick<typeof InvoiceFields, 'supplyDate' | 'supplyFrom' | 'supplyTo'>,
) => ({
  ...documentDefaults(fields),
  supplyDate: fields.supplyDate.optional().default(null),
  supplyFrom: fields.supplyFrom.optional().default(null),
  supplyTo: fields.supplyTo.optional().default(null),
});

/** A new draft. Total at most 999,999.99 (422 `invoice_total_too_large`). */
export const InvoiceCreate = z
  .object({
    ...InvoiceFields,
    ...createDefaults(InvoiceFields),
    dueDate: InvoiceFields.dueDate.optional().meta({
      description: 'A day of 1900 to 9999 (`YYYY-MM-DD`); default: today plus the settings’ payment term.',
    }),
  })
  .superRefine(checkSupply)
  .meta({ id: 'InvoiceCreate' });
export type InvoiceCreate = z.input<typeof InvoiceCreate>;

/** Changes to a draft (409 `invoice_not_editable` once sent); `lines` replaces all lines. */
export const InvoiceUpdate = z
  .object(InvoiceFields)
  .partial()
  .superRefine(checkSupply)
  .meta({ id: 'InvoiceUpdate' });
export type InvoiceUpdate = z.infer<typeof InvoiceUpdate>;

export const InvoiceLine = z
  .object({
    id: Uuid(),
    position: z.number().int(),
    description: text(),
    quantityMilli: z.number().int(),
    unitPriceCents: z.number().int(),
    taxRateBp: z.number().int().nullable(),
    amountCents: z.number().int().meta({ description: 'Net amount of the line.' }),
    unit: InvoiceUnit,
    unitCode: text().meta({ description: 'UN/ECE Rec 20 code of the unit.', example: 'HUR' }),
    vatCategory: VatCategory.nullable().meta({
      description:
        'The category in effect (chosen, or derived from the rate and tax mode); null: not chosen yet.',
    }),
    vatCategoryCode: text().nullable().meta({ description: 'EN 16931 BT-151 code.', example: 'S' }),
    exemptionReason: text().nullable(),
  })
  .meta({ id: 'InvoiceLine' });

/** The seller or buyer as printed on the invoice (from sending on: as it was sent). */
export const InvoiceParty = z
  .object({
    name: text().nullable(),
    street: text().nullable(),
    postcode: text().nullable(),
    city: text().nullable(),
    country: text().nullable().meta({ description: 'ISO 3166-1 alpha-2.' }),
    vatId: text().nullable(),
    taxNumber: text().nullable().meta({ description: 'The seller’s Steuernummer (null for a buyer).' }),
    buyerReference: text().nullable().meta({ description: 'The buyer’s reference, e.g. a Leitweg-ID.' }),
  })
  .meta({ id: 'InvoiceParty' });
export type InvoiceParty = z.infer<typeof InvoiceParty>;

/** The legal content of an invoice: who, when, under which tax rules, and what the law still misses. */
export const InvoiceLegal = z
  .object({
    taxMode: InvoiceTaxMode.nullable().meta({
      description: 'In effect; null: `per_invoice` and not chosen.',
    }),
    supplyDate: text().nullable().meta({ description: 'Date of supply `YYYY-MM-DD`.' }),
    supplyFrom: text().nullable(),
    supplyTo: text().nullable(),
    seller: InvoiceParty,
    buyer: InvoiceParty,
    sellerNote: text().nullable().meta({ description: 'Details the provider kept as free text.' }),
    notes: z.array(text()).meta({
      description:
        'Legal notes printed in the invoice’s language (§ 19 UStG, reverse charge, exemption reasons).',
    }),
    missing: z
      .array(z.object({ path: text(), key: text().meta({ description: 'i18n key naming the field.' }) }))
      .meta({
        description:
          'A draft: what § 14 (4) UStG still needs before it can be sent (sending answers 422 `invoice_incomplete` naming the same). Empty once sent.',
      }),
  })
  .meta({ id: 'InvoiceLegal' });
export type InvoiceLegal = z.infer<typeof InvoiceLegal>;
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const TaxGroup = z
  .object({ rateBp: z.number().int(), netCents: z.number().int(), taxCents: z.number().int() })
  .meta({ id: 'InvoiceTaxGroup' });

export const CreditNote = z
  .object({
    id: Uuid(),
    number: text().meta({ example: 'CN-0001' }),
    reason: text().nullable(),
    amountCents: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CreditNote' });
export type CreditNote = z.infer<typeof CreditNote>;

export const PaidVia = z.enum(['manual', 'stripe_invoice', 'stripe_checkout', 'stripe_autopay']);

/** Why the last Stripe job of an invoice failed (the texts live with the frontends' `stripeError.*`). */
export const StripeErrorCode = z
  .enum(['stripe_unavailable', 'stripe_key_invalid', 'stripe_total_mismatch', 'stripe_account_changed'])
  .meta({ id: 'StripeErrorCode' });

/** The invoice in the provider's Stripe account, as our jobs and Stripe's webhooks last reported it. */
export const InvoiceStripe = z
  .object({
    push: z.enum(['pending', 'sent', 'failed', 'skipped']).nullable().meta({
      description:
        'Creating it in Stripe after it was sent (a background job): `pending` (queued, or retrying after a failure: see `error`), `sent` (created, finalised and sent), `failed` (given up; the provider was notified), `skipped` (closed or disconnected before it ran). Null: Stripe was not connected when it was sent.',
    }),
    invoiceId: text().nullable().meta({ description: 'The Stripe invoice (`in_…`), once created.' }),
    status: z
      .enum(['draft', 'open', 'paid', 'void', 'uncollectible', 'deleted'])
      .nullable()
      .meta({ description: 'The Stripe invoice’s status as last seen.' }),
    closing: z.enum(['pending', 'done', 'failed']).nullable().meta({
      description:
        'After it was cancelled or paid: closing it in Stripe (Checkout sessions expired, the Stripe invoice voided or marked paid out of band). Null when nothing there needed closing.',
    }),
    error: StripeErrorCode.nullable().meta({ description: 'Why the last push or closing attempt failed.' }),
    hostedUrl: text().nullable().meta({ description: '“View in the payment provider”.' }),
    pdfUrl: text().nullable(),
  })
  .meta({ id: 'InvoiceStripe' });
export type InvoiceStripe = z.infer<typeof InvoiceStripe>;

/**
 * A card payment through Stripe for the invoice: the one that paid it (`applied`), or one that arrived
 * after it was cancelled or paid another way, which is refunded automatically (`refund_pending` →
 * `refunded`; `refund_failed`: Stripe refused, the provider refunds it in Stripe and was notified).
 */
export const InvoicePayment = z
  .object({
    id: Uuid(),
    source: z.enum(['manual', 'stripe_checkout', 'stripe_invoice', 'stripe_autopay']).meta({
      description:
        '`manual`: recorded by the provider (bank transfer, cash…); `stripe_checkout`: the portal’s pay button; `stripe_invoice`: Stripe’s hosted invoice page; `stripe_autopay`: charged automatically to the card the client saved for a recurring schedule.',
    }),
    amountCents: z.number().int(),
    currency: Currency,
    invoiceStatus: z
      .enum(['sent', 'overdue', 'paid', 'cancelled'])
      .meta({ description: 'What the invoice was when the payment arrived.' }),
    outcome: z.enum(['applied', 'refund_pending', 'refunded', 'refund_failed']),
    receivedAt: z.iso.datetime(),
    refundedAt: z.iso.datetime().nullable(),
    paidOn: text().meta({ description: 'The day the money arrived, `YYYY-MM-DD` (a calendar day).' }),
    method: text().nullable().meta({ description: 'A hand-recorded payment’s method (e.g. bank transfer).' }),
    note: text().nullable().meta({ description: 'The provider’s note on a hand-recorded payment.' }),
  })
  .meta({ id: 'InvoicePayment' });
export type InvoicePayment = z.infer<typeof InvoicePayment>;

/** Which part of an accepted quote an invoice bills (issue 28). */
export const QuoteInvoicePart = z.enum(['full', 'deposit', 'rest']).meta({
  description: '`full`: the whole quote; `deposit`: a percentage first; `rest`: what the deposit left.',
});
export type QuoteInvoicePart = z.infer<typeof QuoteInvoicePart>;

/*
 * The fields an invoice and a quote (`quotes.ts`) both have, in the same places: made anew for each use
 * (a schema is not shared between two documents of the API).
 */

/** A document's list entry after its number and status: client, project, currency, total, description. */
export const documentListed = () => ({
  client: z.object({ id: Uuid(), name: text() }),
  project: z.object({ id: Uuid(), name: text() }).nullable(),
  currency: Currency,
  amountCents: z.number().int().meta({ description: 'Total, tax included.' }),
  description: text().nullable(),
});

/** What a document's own page adds: the client's e-mail and company, its language, lines and taxes. */
export const documentDetail = () => ({
  client: z.object({ id: Uuid(), name: text(), email: text(), company: text().nullable() }),
  language: Language,
  lines: z.array(InvoiceLine),
  subtotalCents: z.number().int(),
  taxes: z.array(TaxGroup),
  taxCents: z.number().int(),
});

/** What the client sees of a document's content in the portal: its lines, legal texts and totals. */
export const portalDocumentContent = () => ({
  lines: z.array(InvoiceLine.omit({ id: true })),
  legal: InvoiceLegal.omit({ missing: true }),
  subtotalCents: z.number().int(),
  taxes: z.array(TaxGroup),
  taxCents: z.number().int(),
  amountCents: z.number().int(),
});

/** What the provider sees of an invoice in lists. */
export const InvoiceSummary = z
  .object({
    id: Uuid(),
    number: text()
      .nullable()
      .meta({ description: 'Assigned when sent; null for a draft.', example: 'INV-0007' }),
    status: InvoiceStatus,
    ...documentListed(),
    dueDate: text().nullable().meta({ description: 'Calendar date `YYYY-MM-DD`.' }),
    issuedAt: z.iso.datetime().nullable(),
    paidAt: z.iso.datetime().nullable(),
    paidOn: text().nullable().meta({ description: 'The day it was paid, `YYYY-MM-DD` (a calendar day).' }),
    paidCents: z
      .number()
      .int()
      .meta({ description: 'Paid so far (partial payments; the total once paid).', example: 0 }),
    balanceCents: z.number().int().meta({
      description: 'Still due: total − payments while sent or overdue; 0 when draft, paid or cancelled.',
      example: 0,
    }),
    creditNoteNumber: text().nullable(),
    viaStripe: z.boolean().meta({ description: 'Created in the provider’s Stripe account.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const Invoice = InvoiceSummary.extend({
  ...documentDetail(),
  paidVia: PaidVia.nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  creditNote: CreditNote.nullable(),
  stripe: InvoiceStripe.nullable().meta({ description: 'Null: the invoice never went to Stripe.' }),
  payments: z.array(InvoicePayment).meta({
    description: 'Payments recorded by hand and card payments through Stripe, oldest first.',
  }),
  legal: InvoiceLegal,
  quote: z.object({ id: Uuid(), number: text(), part: QuoteInvoicePart }).nullable().meta({
    description:
      'The accepted quote this invoice bills (all of it, its deposit or its rest); null for any other.',
  }),
  allowedStatuses: z.array(InvoiceStatus).meta({
    description:
      'Statuses the provider may set now (INVOICE_TRANSITIONS; sending and cancelling have their own calls).',
  }),
  updatedAt: z.iso.datetime(),
}).meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceListQuery = z.object({
  status: InvoiceStatus.optional(),
  clientId: Uuid({ error: 'validation.invalid' }).optional(),
  projectId: Uuid({ error: 'validation.invalid' }).optional(),
  q: text().trim().max(200).optional().meta({ description: 'Searches number and description.' }),
  ...PageQuery,
});
export type InvoiceListQuery = z.input<typeof InvoiceListQuery>;

export const MoneyAmount = z.object({ currency: Currency, amountCents: z.number().int() });

/**
 * Per status: how many invoices and their sum per currency (never added across currencies), and what of
 * it is still due (`balanceCents`: partial payments deducted; 0 unless sent or overdue).
 */
export const InvoiceStatusTotal = z
  .object({
    status: InvoiceStatus,
    count: z.number().int(),
    amounts: z.array(MoneyAmount.extend({ balanceCents: z.number().int() })),
  })
  .meta({ id: 'InvoiceStatusTotal' });

export const InvoiceList = pageOf(InvoiceSummary)
  .extend({
    totals: z
      .array(InvoiceStatusTotal)
      .meta({ description: 'Over the client/project/search filter, ignoring the status filter.' }),
  })
  .meta({ id: 'InvoiceList' });
export type InvoiceList = z.infer<typeof InvoiceList>;

/** The provider sets a status along INVOICE_TRANSITIONS: paid (with the date it was paid) or overdue. */
export const InvoiceStatusChange = z
  .object({
    status: z.enum(['paid', 'overdue'], { error: 'validation.invalid' }),
    paidDate: DateOnly.optional().meta({
      description: 'For `paid`: the day the money arrived (`YYYY-MM-DD`, 1900 to 9999; default today).',
    }),
  })
  .meta({ id: 'InvoiceStatusChange' });

export const InvoiceCancel = z
  .object({
    reason: text().trim().max(1000, { error: 'validation.descriptionTooLong' }).nullable().default(null),
  })
  .meta({ id: 'InvoiceCancel' });

/**
 * The answer to sending: the invoice, and whether it goes to Stripe too (a job queued with the send; the
 * invoice's `stripe.push` tells how it went).
 */
export const InvoiceSent = z
  .object({
    invoice: Invoice,
    payment: z.object({
      provider: z.enum(['stripe', 'none']),
      status: z.enum(['pending', 'not_connected']).meta({
        description:
          '`pending`: being created in Stripe in the background (follow `invoice.stripe.push`); `not_connected`: Stripe is not connected.',
      }),
    }),
  })
  .meta({ id: 'InvoiceSent' });
export type InvoiceSent = z.infer<typeof InvoiceSent>;

/** A short text of the business details; empty is stored as null. */
const detail = (max: number) => text().trim().max(max, { error: 'validation.fieldTooLong' }).nullable();
/** A checked field that may also be cleared: `''` or null → null. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .transform((v) => (v === '' ? null : v) as z.output<T> | null);

/**
 * The provider's business details as § 14 (4) UStG wants them on every invoice (issue 28): legal name and
 * address (ISO country), tax number and VAT id apart, and the tax mode. `businessNote`: what an older free-text
 * address or tax id held that could not be split (migration 0020), printed under the details.
 */
const BusinessDetails = {
  legalName: detail(200).meta({
    description: 'Full legal name on invoices; default: the profile’s business name, else your name.',
    example: 'Müller Design Studio – Jürgen Müller',
  }),
  street: detail(200).meta({ example: 'Hauptstraße 5' }),
  postcode: detail(20).meta({ example: '80331' }),
  city: detail(100).meta({ example: 'München' }),
  country: text().nullable().meta({ description: 'ISO 3166-1 alpha-2.', example: 'DE' }),
  taxNumber: text().nullable().meta({ description: 'Steuernummer.', example: '21/815/08150' }),
  vatId: text().nullable().meta({ description: 'USt-IdNr., normalised.', example: 'DE123456789' }),
  taxMode: TaxMode,
  businessNote: detail(1000),
  phone: detail(50).meta({
    description: 'Telephone of the seller contact (EN 16931 BT-42; XRechnung requires it).',
    example: '+49 89 1234567',
  }),
  iban: text().nullable().meta({
    description: 'IBAN for SEPA credit transfer (e-invoices: payment means 58), normalised.',
    example: 'DE89370400440532013000',
  }),
  bic: text().nullable().meta({ description: 'BIC of that account.', example: 'COBADEFFXXX' }),
};
/** The same details as input: country, tax number and VAT id checked ('' clears them). */
const BusinessDetailsInput = {
  ...BusinessDetails,
  country: clearable(CountryCode),
  taxNumber: clearable(TaxNumber),
  vatId: clearable(VatId),
  iban: clearable(Iban),
  bic: clearable(Bic),
};

export const InvoiceSettings = z
  .object({
    numberPrefix: text().trim().max(20, { error: 'validation.prefixTooLong' }),
    creditNotePrefix: text().trim().max(20, { error: 'validation.prefixTooLong' }),
    nextNumber: z.number().int().meta({ description: 'Read only: the number the next sent invoice gets.' }),
    ...BusinessDetails,
    paymentInstructions: text()
      .trim()
      .max(1000)
      .nullable()
      .meta({ description: 'How to pay without a card (bank details); shown in the portal and on the PDF.' }),
    footerNote: text().trim().max(500).nullable(),
    attachEInvoice: z.boolean().meta({
      description:
        'Attach the invoice’s XRechnung (EN 16931 CII XML) to the e-mail that tells the client about it (issue 28). Left out, with a log line, while the settings lack what XRechnung needs (the phone).',
    }),
    defaultDueDays: z.number().int().min(0).max(365).meta({ format: 'int32' }),
    defaultTaxRateBp: z.number().int().min(0).max(MAX_TAX_RATE_BP).meta({ format: 'int32' }).nullable(),
    quotePrefix: text().trim().max(20, { error: 'validation.prefixTooLong' }).meta({
      description: 'Prefix of quote numbers; default `AN-` for a German-speaking provider, else `Q-`.',
    }),
    nextQuoteNumber: z
      .number()
      .int()
      .meta({ description: 'Read only: the number the next sent quote gets.' }),
    defaultQuoteValidDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .meta({ format: 'int32', description: 'How many days a new quote is valid by default.' }),
  })
  .meta({ id: 'InvoiceSettings' });
export type InvoiceSettings = z.infer<typeof InvoiceSettings>;

export const InvoiceSettingsUpdate = InvoiceSettings.omit({ nextNumber: true, nextQuoteNumber: true })
  .extend(BusinessDetailsInput)
  .partial()
  .refine((v) => !v.numberPrefix || v.numberPrefix !== v.creditNotePrefix, {
    error: 'validation.prefixesDiffer',
    path: ['creditNotePrefix'],
  })
  .meta({ id: 'InvoiceSettingsUpdate' });

/* --- Stripe connection (the provider's own account) ------------------------------------------------------ */

export const StripeConnection = z
  .object({
    connected: z.boolean(),
    accountId: text().nullable(),
    accountName: text().nullable(),
    livemode: z.boolean().nullable(),
    keyLast4: text().nullable(),
    webhookUrl: text().meta({
      description: 'Where Stripe sends events: `<PUBLIC_URL>/api/webhooks/stripe`.',
    }),
    webhookManaged: z.boolean().meta({ description: 'True when we created the webhook endpoint ourselves.' }),
    connectedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'StripeConnection' });
export type StripeConnection = z.infer<typeof StripeConnection>;

export const StripeConnect = z
  .object({
    secretKey: text({ error: 'validation.stripeKeyRequired' })
      .max(255, { error: 'validation.stripeKeyFormat' })
      .trim()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, { error: 'validation.stripeKeyFormat' }),
    webhookSecret: text()
      .max(255, { error: 'validation.stripeWebhookSecretFormat' })
      .trim()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, { error: 'validation.stripeWebhookSecretFormat' })
      .optional()
      .meta({ description: 'Optional: without it, a webhook endpoint is created in the account for you.' }),
  })
  .meta({ id: 'StripeConnect' });

/* --- The provider's plan (spec §1, §9) ------------------------------------------------------------------ */

export const PLAN_PRICE_CENTS = 900;
export const PLAN_CURRENCY = 'EUR';
export const TRIAL_DAYS = 14;

export const Plan = z
  .object({
    plan: z.enum(['trial', 'premium', 'expired', 'self_hosted']).meta({
      description:
        'trial: inside the 14 days; premium: an active subscription; expired: read-only until subscribed; self_hosted: this server has no platform billing, nothing is ever gated.',
    }),
    trialEndsAt: z.iso.datetime(),
    subscription: z
      .object({
        status: text(),
        currentPeriodEnd: z.iso.datetime().nullable(),
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable(),
    billingAvailable: z
      .boolean()
      .meta({ description: 'False when this server has no Stripe account of its own.' }),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const CheckoutRedirect = z
  .object({ url: text().meta({ description: 'Open this Stripe page in the browser.' }) })
  .meta({ id: 'CheckoutRedirect' });

/* --- The portal's view ----------------------------------------------------------------------------------- */

/** What the client sees of one invoice: no drafts; how to pay (card through Stripe, or instructions). */
export const PortalInvoiceDetail = z
  .object({
    id: Uuid(),
    number: text(),
    status: z.enum(['sent', 'paid', 'overdue', 'cancelled']),
    currency: Currency,
    language: Language,
    description: text().nullable(),
    dueDate: text().nullable(),
    issuedAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    paidOn: text().nullable().meta({ description: 'The day it was paid, `YYYY-MM-DD`.' }),
    project: z.object({ id: Uuid(), name: text() }).nullable(),
    ...portalDocumentContent(),
    paidCents: z.number().int().meta({ description: 'Paid so far (the total once paid).' }),
    balanceCents: z
      .number()
      .int()
      .meta({ description: 'Still due (what Pay now charges); 0 when paid or cancelled.' }),
    payments: z
      .array(
        z.object({
          amountCents: z.number().int(),
          currency: Currency,
          paidOn: text().meta({ description: '`YYYY-MM-DD`' }),
          source: z.enum(['manual', 'stripe_checkout', 'stripe_invoice', 'stripe_autopay']),
        }),
      )
      .meta({ description: 'The payments applied to the invoice, oldest first.' }),
    creditNoteNumber: text().nullable(),
    refunds: z
      .array(
        z.object({
          amountCents: z.number().int(),
          currency: Currency,
          receivedAt: z.iso.datetime(),
          outcome: z.enum(['refund_pending', 'refunded', 'refund_failed']).meta({
            description: '`refund_failed`: the provider was asked to refund it by hand.',
          }),
          refundedAt: z.iso.datetime().nullable(),
        }),
      )
      .meta({
        description: 'Card payments that arrived after the invoice was cancelled or paid, and their refund.',
      }),
    eInvoices: z
      .object({
        xrechnung: z.boolean(),
        zugferd: z.boolean(),
      })
      .meta({
        description:
          'Which e-invoices of the invoice (and of its credit note) can be downloaded now: false while the provider’s details lack what it needs (the seller’s phone for XRechnung; countries on an invoice sent before the legal content), when the download would answer 422 `einvoice_incomplete`.',
      }),
    payment: z.object({
      method: z.enum(['card', 'instructions', 'none']).meta({
        description: 'card: the pay button (Stripe); instructions: text how to pay; none: nothing to pay.',
      }),
      instructions: text().nullable(),
    }),
  })
  .meta({ id: 'PortalInvoiceDetail' });
export type PortalInvoiceDetail = z.infer<typeof PortalInvoiceDetail>;
