/*
 * Invoice arithmetic in integer minor units (issue 21): never a float near money. Used by the API to store
 * totals, by the editors to show them as you type, by the PDF and by the Stripe push, so every place shows
 * the same cent.
 *
 *   quantity: integer thousandths (1.5 hours = 1500), unit price: integer cents, tax rate: basis points.
 *   line net   = round_half_up(quantity_milli × unit_price_cents / 1000)
 *   tax        = per rate, round_half_up(Σ line nets at that rate × rate_bp / 10000)  (tax on the sum per rate,
 *                as German invoices show it: "19 % USt. auf 1.234,50 €")
 *   total      = Σ line nets + Σ taxes
 * Products are computed with BigInt, so no intermediate loses a cent whatever the inputs within the limits.
 */

/** Stripe's ceiling for one payment, and ours for an invoice's total (minor units). */
export const MAX_AMOUNT_CENTS = 99_999_999;
export const MAX_QUANTITY_MILLI = 1_000_000_000;
export const MAX_TAX_RATE_BP = 10_000;

/** round_half_up(numerator / denominator) for non-negative BigInts. */
function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

export function lineAmountCents(quantityMilli: number, unitPriceCents: number): number {
  return Number(divRoundHalfUp(BigInt(quantityMilli) * BigInt(unitPriceCents), 1000n));
}

export type MoneyLine = { quantityMilli: number; unitPriceCents: number; taxRateBp: number | null };

export type TaxGroup = { rateBp: number; netCents: number; taxCents: number };

export type InvoiceTotals = {
  lines: number[];
  subtotalCents: number;
  taxes: TaxGroup[];
  taxCents: number;
  totalCents: number;
};

/** Totals of an invoice's lines; tax groups ordered by rate, lines without a rate carry no tax. */
export function computeTotals(lines: readonly MoneyLine[]): InvoiceTotals {
  const amounts = lines.map((line) => lineAmountCents(line.quantityMilli, line.unitPriceCents));
  const byRate = new Map<number, bigint>();
  lines.forEach((line, index) => {
    if (line.taxRateBp === null || line.taxRateBp === 0) return;
    byRate.set(line.taxRateBp, (byRate.get(line.taxRateBp) ?? 0n) + BigInt(amounts[index] ?? 0));
  });
  const taxes = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rateBp, net]) => ({
      rateBp,
      netCents: Number(net),
      taxCents: Number(divRoundHalfUp(net * BigInt(rateBp), 10_000n)),
    }));
  const subtotalCents = amounts.reduce((sum, amount) => sum + amount, 0);
  const taxCents = taxes.reduce((sum, group) => sum + group.taxCents, 0);
  return { lines: amounts, subtotalCents, taxes, taxCents, totalCents: subtotalCents + taxCents };
}

/** "1.5" / "1,5" / "2" → thousandths (1500, 1500, 2000); null when not a number with at most 3 decimals. */
export function parseQuantity(input: string): number | null {
  return parseDecimal(input, 3);
}

/** "80" / "80.5" / "1.234,56" (de) → cents; null when not an amount with at most 2 decimals. */
export function parseAmount(input: string, language: 'en' | 'de' = 'en'): number | null {
  return parseDecimal(input, 2, language);
}

/** Percent ("19", "7,5") → basis points; null when not a rate with at most 2 decimals. */
export function parseTaxRate(input: string): number | null {
  return parseDecimal(input, 2);
}

function parseDecimal(input: string, decimals: number, language: 'en' | 'de' = 'en'): number | null {
  let value = input.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (language === 'de') value = value.replace(/\./g, '').replace(',', '.');
  else value = value.replace(/,(?=\d{3}(\D|$))/g, '').replace(',', '.');
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(value);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

/** Thousandths → the shortest decimal text ("1.5"), for inputs and PDFs in English notation. */
export function formatQuantity(quantityMilli: number): string {
  const whole = Math.trunc(quantityMilli / 1000);
  const fraction = String(quantityMilli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
