import {
  depositGroups,
  type GroupAmount,
  restGroups,
  type SplitLine,
} from '../../../shared/contracts/deposit';
import type { Invoice } from '../../../shared/contracts/invoices';
import type { QuoteInvoiceCreate } from '../../../shared/contracts/quotes';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { translate } from '../../http/i18n';
import { type DraftInput, insertInvoiceDraft } from '../invoices/create-draft';
import { type InvoiceDeps, publishInvoiceActivity } from '../invoices/deps';
import { getInvoice } from '../invoices/get-invoice';
import type { LineRow } from '../invoices/view';
import { lockQuote, quoteLinesOf, quoteRow } from './get-quote';
import { invoiceableParts, type QuoteRow } from './view';

/*
 * An accepted quote becomes an invoice in one call (issue 28): a DRAFT invoice of the quote's client, project,
 * currency, language, supply dates and tax mode, linked to the quote (`invoices.quote_id`, `quote_part`), which
 * the provider checks and sends as any invoice. `full`: the quote's lines as they are; `deposit`: one line per
 * VAT group for the percentage; `rest`: one line per VAT group for what the deposit invoice left
 * (`shared/contracts/deposit.ts`: deposit + rest = the quote's total, to the cent).
 */

const toSplit = (l: LineRow): SplitLine => ({
  quantityMilli: Number(l.quantity_milli),
  unitPriceCents: Number(l.unit_price_cents),
  taxRateBp: l.tax_rate_bp,
  vatCategory: l.vat_category,
  exemptionReason: l.exemption_reason,
});

/** A rate for a line's text: "19 %" / "19 %" (de "7,5 %"). */
const rateText = (bp: number | null, lang: 'en' | 'de') =>
  bp === null ? '' : `${new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US').format(bp / 100)} %`;

/** Invoice lines of VAT groups (quantity 1 flat rate each), described in the invoice's language. */
function groupLines(groups: GroupAmount[], lang: 'en' | 'de', key: string, vars: Record<string, string>) {
  const several = new Set(groups.map((g) => g.taxRateBp)).size > 1;
  return groups.map((g) => ({
    description:
      translate(lang, key, vars) + (several && g.taxRateBp ? ` (${rateText(g.taxRateBp, lang)})` : ''),
    quantityMilli: 1000,
    unitPriceCents: g.netCents,
    taxRateBp: g.taxRateBp,
    unit: 'flat_rate' as const,
    vatCategory: g.vatCategory,
    exemptionReason: g.exemptionReason,
  }));
}

/**
 * Makes the draft invoice of `part` for an accepted quote, under the quote's lock. 409 `quote_not_invoiceable`
 * when the quote is not accepted or the part is not open (`invoiceable`: `full` or `deposit` before any live
 * invoice, `rest` after a deposit; a cancelled invoice frees its part again).
 */
export async function invoiceFromQuote(
  deps: InvoiceDeps,
  scope: ProviderScope,
  quoteId: string,
  input: QuoteInvoiceCreate,
): Promise<Invoice> {
  const { id, seq } = await deps.sql.begin(async (tx) => {
    await lockQuote(tx, scope, quoteId);
    const quote = await quoteRow(tx, scope, quoteId);
    if (!invoiceableParts(quote.status, quote.invoices).includes(input.part)) {
      throw new ApiError('quote_not_invoiceable');
    }
    const lines = await quoteLinesOf(tx, scope, quoteId);
    const draft = await draftOf(tx, scope, quote, lines, input);
    return insertInvoiceDraft(tx, deps, scope, draft, { id: quoteId, part: input.part });
  });
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getInvoice(deps.sql, scope, id);
}

async function draftOf(
  tx: Tx,
  scope: ProviderScope,
  quote: QuoteRow,
  lines: LineRow[],
  input: QuoteInvoiceCreate,
): Promise<DraftInput> {
  const lang = quote.language;
  const number = quote.number ?? '';
  const base = {
    clientId: quote.client_id,
    projectId: quote.project_id,
    currency: quote.currency.trim() as DraftInput['currency'],
    language: lang,
    supplyDate: quote.supply_date,
    supplyFrom: quote.supply_from,
    supplyTo: quote.supply_to,
    taxMode: quote.parties?.taxMode ?? quote.invoice_tax_mode,
  };
  if (input.part === 'full') {
    return {
      ...base,
      description: quote.description ?? translate(lang, 'quoteInvoice.full', { number }),
      lines: lines.map((l) => ({
        description: l.description,
        quantityMilli: Number(l.quantity_milli),
        unitPriceCents: Number(l.unit_price_cents),
        taxRateBp: l.tax_rate_bp,
        unit: l.unit,
        vatCategory: l.vat_category,
        exemptionReason: l.exemption_reason,
      })),
    };
  }
  if (input.part === 'deposit') {
    const percent = String(input.depositPercent ?? 0);
    const groups = depositGroups(lines.map(toSplit), input.depositPercent ?? 0);
    if (groups.length === 0) throw new ApiError('quote_not_invoiceable');
    return {
      ...base,
      description: translate(lang, 'quoteInvoice.depositDescription', { number, percent }),
      lines: groupLines(groups, lang, 'quoteInvoice.deposit', { number, percent }),
    };
  }
  // The rest: what the live deposit invoice billed, per VAT group, taken off the quote's groups.
  const depositLines = await tx<(LineRow & { invoice_number: string | null })[]>`
    SELECT l.tax_rate_bp, l.vat_category, l.exemption_reason, l.amount_cents::text AS amount_cents,
           v.number AS invoice_number
    FROM invoice_lines l JOIN invoices v ON v.provider_id = l.provider_id AND v.id = l.invoice_id
    WHERE ${ownedBy(tx, scope, 'v.provider_id')} AND v.quote_id = ${quote.id} AND v.quote_part = 'deposit'
      AND v.status <> 'cancelled'`;
  const rest = restGroups(
    lines.map(toSplit),
    depositLines.map((l) => ({
      taxRateBp: l.tax_rate_bp,
      vatCategory: l.vat_category,
      exemptionReason: l.exemption_reason,
      netCents: Number(l.amount_cents),
    })),
  );
  if (!rest || rest.length === 0) throw new ApiError('quote_not_invoiceable');
  const deposit = depositLines[0]?.invoice_number ?? '';
  const key = deposit ? 'quoteInvoice.restWithDeposit' : 'quoteInvoice.rest';
  return {
    ...base,
    description: translate(
      lang,
      deposit ? 'quoteInvoice.restDescriptionWithDeposit' : 'quoteInvoice.restDescription',
      { number, deposit },
    ),
    lines: groupLines(rest, lang, key, { number, deposit }),
  };
}
