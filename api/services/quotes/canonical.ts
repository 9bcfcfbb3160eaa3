import { createHash } from 'node:crypto';
import type { Quote } from '../../../shared/contracts/quotes';

/*
 * The canonical content of a quote (issue 28): what the client accepts, as one JSON text with its keys sorted
 * at every level and no spaces, so the same quote always gives the same bytes, and its SHA-256. Fixed when the
 * quote is sent (a sent quote never changes) and recorded with the acceptance: anyone holding the quote's data
 * can recompute it (`quoteContentSha256`), and a client who accepts names the hash they were shown.
 */

/** The fields that make up what was offered: parties, lines, totals, validity, language and currency. */
export function canonicalContent(quote: Quote): unknown {
  return {
    kind: 'quote',
    version: 1,
    number: quote.number,
    issuedOn: quote.issuedAt?.slice(0, 10) ?? null,
    validUntil: quote.validUntil,
    currency: quote.currency,
    language: quote.language,
    description: quote.description,
    seller: quote.legal.seller,
    buyer: quote.legal.buyer,
    taxMode: quote.legal.taxMode,
    supply: { date: quote.legal.supplyDate, from: quote.legal.supplyFrom, to: quote.legal.supplyTo },
    notes: quote.legal.notes,
    lines: quote.lines.map((l) => ({
      position: l.position,
      description: l.description,
      quantityMilli: l.quantityMilli,
      unit: l.unitCode,
      unitPriceCents: l.unitPriceCents,
      taxRateBp: l.taxRateBp,
      vatCategory: l.vatCategoryCode,
      exemptionReason: l.exemptionReason,
      amountCents: l.amountCents,
    })),
    subtotalCents: quote.subtotalCents,
    taxes: quote.taxes,
    taxCents: quote.taxCents,
    totalCents: quote.amountCents,
  };
}

/** JSON with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the quote's canonical content. */
export const quoteContentSha256 = (quote: Quote) =>
  createHash('sha256')
    .update(canonicalJson(canonicalContent(quote)), 'utf8')
    .digest('hex');
