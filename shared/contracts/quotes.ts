import { z } from 'zod';
import { DateOnly, Language, text, Uuid } from './common';
import {
  Currency,
  checkSupply,
  createDefaults,
  documentDetail,
  documentListed,
  InvoiceFields,
  InvoiceLegal,
  InvoiceStatus,
  portalDocumentContent,
  QuoteInvoicePart,
} from './invoices';
import { PageQuery, pageOf } from './paging';

/*
 * Quotes (Angebote, issue 28): lines and totals like an invoice (the same line contract and arithmetic), a
 * validity date instead of a due date, their own gapless number sequence (`AN-0001` / `Q-0001`).
 *
 *   draft → sent          the provider sends it: the next quote number, the client's e-mail, the portal shows it;
 *   sent → accepted       the client accepts it in the portal (who, when, from which address, the SHA-256 of
 *                         its canonical content as the client saw it), while it is valid;
 *   sent → declined       the client declines it (an optional reason);
 *   expired               not stored: a sent quote past its validity date reads `expired` and cannot be accepted.
 * An accepted quote becomes invoices (drafts the provider then sends): all of it, or a deposit percentage
 * first and the rest later; the two add up to the quote's total to the cent (`deposit.ts`).
 */

export const QuoteStatus = z
  .enum(['draft', 'sent', 'accepted', 'declined', 'expired'])
  .meta({ description: 'Quote status; `expired`: sent, and its validity date has passed.', example: 'sent' });
export type QuoteStatus = z.infer<typeof QuoteStatus>;
export const QUOTE_STATUSES = QuoteStatus.options;

/** The part of an accepted quote an invoice bills. */
export { QuoteInvoicePart };

const QuoteBody = {
  clientId: InvoiceFields.clientId,
  projectId: InvoiceFields.projectId,
  currency: InvoiceFields.currency,
  language: Language.meta({ description: 'Language of the quote’s PDF and e-mails.' }),
  description: InvoiceFields.description,
  validUntil: DateOnly.meta({ description: 'The last day the client may accept it, `YYYY-MM-DD`.' }),
  supplyDate: InvoiceFields.supplyDate,
  supplyFrom: InvoiceFields.supplyFrom,
  supplyTo: InvoiceFields.supplyTo,
  taxMode: InvoiceFields.taxMode,
  lines: InvoiceFields.lines,
};

/** A new draft quote. Total at most 999,999.99 (422 `invoice_total_too_large`). */
export const QuoteCreate = z
  .object({
    ...QuoteBody,
    ...createDefaults(QuoteBody),
    validUntil: QuoteBody.validUntil.optional().meta({
      description: 'Default: today plus the settings’ validity (30 days unless changed).',
    }),
  })
  .superRefine(checkSupply)
  .meta({ id: 'QuoteCreate' });
export type QuoteCreate = z.input<typeof QuoteCreate>;

/** Changes to a draft quote (409 `quote_not_editable` once sent); `lines` replaces all lines. */
export const QuoteUpdate = z.object(QuoteBody).partial().superRefine(checkSupply).meta({ id: 'QuoteUpdate' });
export type QuoteUpdate = z.infer<typeof QuoteUpdate>;

/** The client's decision as recorded (accepted or declined). */
export const QuoteDecision = z
  .object({
    outcome: z.enum(['accepted', 'declined']),
    at: z.iso.datetime(),
    clientId: Uuid().nullable(),
    name: text().nullable().meta({ description: 'The client’s name when they decided.' }),
    email: text().nullable(),
    ip: text()
      .nullable()
      .meta({ description: 'The address the decision came from (the proxy rules of `TRUST_PROXY`).' }),
    contentSha256: text().nullable().meta({
      description: 'For an acceptance: the SHA-256 (hex) of the quote’s canonical content accepted.',
    }),
    reason: text().nullable().meta({ description: 'For a decline: the client’s reason, if given.' }),
  })
  .meta({ id: 'QuoteDecision' });
export type QuoteDecision = z.infer<typeof QuoteDecision>;

/** An invoice made from the quote. */
export const QuoteInvoice = z
  .object({
    id: Uuid(),
    number: text().nullable(),
    status: InvoiceStatus,
    part: QuoteInvoicePart,
    amountCents: z.number().int(),
  })
  .meta({ id: 'QuoteInvoice' });
export type QuoteInvoice = z.infer<typeof QuoteInvoice>;

export const QuoteSummary = z
  .object({
    id: Uuid(),
    number: text()
      .nullable()
      .meta({ description: 'Assigned when sent; null for a draft.', example: 'AN-0001' }),
    status: QuoteStatus,
    ...documentListed(),
    validUntil: text().meta({ description: 'Calendar date `YYYY-MM-DD`.' }),
    issuedAt: z.iso.datetime().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'QuoteSummary' });
export type QuoteSummary = z.infer<typeof QuoteSummary>;

export const Quote = QuoteSummary.extend({
  ...documentDetail(),
  legal: InvoiceLegal,
  contentSha256: text()
    .nullable()
    .meta({ description: 'SHA-256 (hex) of the canonical content, fixed when it is sent.' }),
  decision: QuoteDecision.nullable(),
  invoices: z.array(QuoteInvoice).meta({ description: 'Invoices made from it, oldest first.' }),
  invoiceable: z.array(QuoteInvoicePart).meta({
    description:
      'What `POST …/invoice` accepts now: `full` and `deposit` once accepted, `rest` after a deposit.',
  }),
  updatedAt: z.iso.datetime(),
}).meta({ id: 'Quote' });
export type Quote = z.infer<typeof Quote>;

export const QuoteListQuery = z.object({
  status: QuoteStatus.optional(),
  clientId: Uuid({ error: 'validation.invalid' }).optional(),
  q: text().trim().max(200).optional().meta({ description: 'Searches number and description.' }),
  ...PageQuery,
});
export type QuoteListQuery = z.input<typeof QuoteListQuery>;

export const QuoteList = pageOf(QuoteSummary).meta({ id: 'QuoteList' });
export type QuoteList = z.infer<typeof QuoteList>;

/** Making an invoice of an accepted quote. */
export const QuoteInvoiceCreate = z
  .object({
    part: QuoteInvoicePart,
    depositPercent: z
      .number({ error: 'validation.depositPercent' })
      .int({ error: 'validation.depositPercent' })
      .min(1, { error: 'validation.depositPercent' })
      .max(99, { error: 'validation.depositPercent' })
      .optional()
      .meta({
        format: 'int32',
        description: 'For `deposit`: the share of the total, in whole percent (1–99).',
        example: 30,
      }),
  })
  .refine((v) => v.part !== 'deposit' || v.depositPercent !== undefined, {
    error: 'validation.depositPercent',
    path: ['depositPercent'],
  })
  .meta({ id: 'QuoteInvoiceCreate' });
export type QuoteInvoiceCreate = z.infer<typeof QuoteInvoiceCreate>;

/** The client accepts: the hash of the content they saw (409 `quote_changed` when it is not the quote's). */
export const QuoteAccept = z
  .object({
    contentSha256: text({ error: 'validation.invalid' })
      .max(64, { error: 'validation.invalid' })
      .regex(/^[0-9a-f]{64}$/, { error: 'validation.invalid' })
      .meta({ description: 'The `contentSha256` of the quote as shown to the client.' }),
  })
  .meta({ id: 'QuoteAccept' });

export const QuoteDecline = z
  .object({
    reason: text().trim().max(1000, { error: 'validation.descriptionTooLong' }).nullable().default(null),
  })
  .meta({ id: 'QuoteDecline' });

/** What the client sees of a quote (never a draft). */
export const PortalQuote = z
  .object({
    id: Uuid(),
    number: text(),
    status: QuoteStatus.exclude(['draft']),
    currency: Currency,
    language: Language,
    description: text().nullable(),
    validUntil: text(),
    issuedAt: z.iso.datetime(),
    project: z.object({ id: Uuid(), name: text() }).nullable(),
    ...portalDocumentContent(),
    contentSha256: text(),
    decision: QuoteDecision.nullable(),
  })
  .meta({ id: 'PortalQuote' });
export type PortalQuote = z.infer<typeof PortalQuote>;

export const PortalQuoteList = pageOf(PortalQuote).meta({ id: 'PortalQuoteList' });
