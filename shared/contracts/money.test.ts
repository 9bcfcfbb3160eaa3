import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  formatQuantity,
  lineAmountCents,
  MAX_AMOUNT_CENTS,
  MAX_QUANTITY_MILLI,
  MAX_TAX_RATE_BP,
  type MoneyLine,
  parseAmount,
  parseQuantity,
  parseTaxRate,
} from './money';

/**
 * Property-based tests of the invoice arithmetic against an exact reference: rationals as BigInt
 * numerator/denominator pairs, rounded half up by hand, so no float is involved anywhere in the check.
 */

/** round_half_up(n / d) for n ≥ 0, d > 0, by comparing the remainder with half the denominator. */
function roundHalfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n - q * d;
  return 2n * r >= d ? q + 1n : q;
}

const quantity = fc.integer({ min: 1, max: MAX_QUANTITY_MILLI });
const price = fc.integer({ min: 0, max: MAX_AMOUNT_CENTS });
const rate = fc.option(fc.integer({ min: 0, max: MAX_TAX_RATE_BP }), { nil: null });
const moneyLine: fc.Arbitrary<MoneyLine> = fc.record({
  quantityMilli: quantity,
  unitPriceCents: price,
  taxRateBp: rate,
});
/** Realistic rates: most invoices use a handful (19 %, 7 %, none). */
const commonRateLine: fc.Arbitrary<MoneyLine> = fc.record({
  quantityMilli: fc.integer({ min: 1, max: 1_000_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
  taxRateBp: fc.constantFrom(null, 0, 700, 1900, 2000),
});

describe('lineAmountCents', () => {
  it('is quantity × price / 1000 rounded half up, exactly (BigInt reference)', () => {
    fc.assert(
      fc.property(quantity, price, (q, p) => {
        const expected = roundHalfUp(BigInt(q) * BigInt(p), 1000n);
        const actual = lineAmountCents(q, p);
        expect(Number.isSafeInteger(actual)).toBe(true);
        expect(BigInt(actual)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds a half cent up and anything less down', () => {
    expect(lineAmountCents(1500, 1)).toBe(2); // 1.5 cents
    expect(lineAmountCents(1499, 1)).toBe(1);
    expect(lineAmountCents(333, 3)).toBe(1); // 0.999
    expect(lineAmountCents(MAX_QUANTITY_MILLI, MAX_AMOUNT_CENTS)).toBe(99_999_999_000_000);
  });
});

describe('computeTotals', () => {
  it('is the sum of its parts: lines, tax per rate on the rate’s net sum, total = subtotal + tax', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(moneyLine, commonRateLine), { maxLength: 100 }), (lines) => {
        const totals = computeTotals(lines);
        const amounts = lines.map((l) =>
          roundHalfUp(BigInt(l.quantityMilli) * BigInt(l.unitPriceCents), 1000n),
        );
        expect(totals.lines.map(BigInt)).toEqual(amounts);
        const subtotal = amounts.reduce((a, b) => a + b, 0n);
        expect(BigInt(totals.subtotalCents)).toBe(subtotal);
        const byRate = new Map<number, bigint>();
        lines.forEach((l, i) => {
          if (l.taxRateBp) byRate.set(l.taxRateBp, (byRate.get(l.taxRateBp) ?? 0n) + (amounts[i] ?? 0n));
        });
        const rates = [...byRate.keys()].sort((a, b) => a - b);
        expect(totals.taxes.map((g) => g.rateBp)).toEqual(rates);
        for (const group of totals.taxes) {
          const net = byRate.get(group.rateBp) ?? 0n;
          expect(BigInt(group.netCents)).toBe(net);
          expect(BigInt(group.taxCents)).toBe(roundHalfUp(net * BigInt(group.rateBp), 10_000n));
        }
        const tax = totals.taxes.reduce((a, g) => a + BigInt(g.taxCents), 0n);
        expect(BigInt(totals.taxCents)).toBe(tax);
        expect(BigInt(totals.totalCents)).toBe(subtotal + tax);
        for (const value of [totals.subtotalCents, totals.taxCents, totals.totalCents, ...totals.lines]) {
          expect(Number.isSafeInteger(value)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('does not depend on the order of the lines (but for the order of the line amounts)', () => {
    const permuted = fc
      .array(commonRateLine, { maxLength: 30 })
      .chain((lines) =>
        fc.tuple(
          fc.constant(lines),
          fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }),
        ),
      );
    fc.assert(
      fc.property(permuted, ([lines, shuffled]) => {
        const a = computeTotals(lines);
        const b = computeTotals(shuffled);
        expect({ ...b, lines: [...b.lines].sort() }).toEqual({ ...a, lines: [...a.lines].sort() });
      }),
    );
  });

  it('carries no tax for lines without a rate or at 0 %', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ quantityMilli: quantity, unitPriceCents: price, taxRateBp: fc.constantFrom(null, 0) }),
        ),
        (lines) => {
          const totals = computeTotals(lines);
          expect(totals.taxes).toEqual([]);
          expect(totals.taxCents).toBe(0);
          expect(totals.totalCents).toBe(totals.subtotalCents);
        },
      ),
    );
  });
});

/** A decimal text of an integer in 10^-decimals units, written by hand (no float). */
function decimalText(units: number, decimals: number, style: 'en' | 'de' | 'plain'): string {
  const base = 10 ** decimals;
  const whole = Math.trunc(units / base);
  const fraction = String(units % base).padStart(decimals, '0');
  const grouped =
    style === 'plain'
      ? String(whole)
      : String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, style === 'de' ? '.' : ',');
  const separator = style === 'de' ? ',' : '.';
  return decimals ? `${grouped}${separator}${fraction}` : grouped;
}

describe('parse and format round trips', () => {
  it('parses every amount back to its cents, in English and German notation, with or without grouping', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseAmount(decimalText(cents, 2, 'plain'))).toBe(cents);
        expect(parseAmount(decimalText(cents, 2, 'en'), 'en')).toBe(cents);
        expect(parseAmount(decimalText(cents, 2, 'de'), 'de')).toBe(cents);
        expect(parseAmount(` ${decimalText(cents, 2, 'plain')} `)).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it('formats quantities shortest and parses them back (formatQuantity ∘ parseQuantity = id)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_QUANTITY_MILLI }), (milli) => {
        const text = formatQuantity(milli);
        expect(text).toMatch(/^\d+(\.\d{1,3})?$/);
        expect(text).not.toMatch(/\.\d*0$/);
        expect(parseQuantity(text)).toBe(milli);
        // A decimal comma too ("1,5"), except before exactly three digits: "1,500" is a thousands group in English.
        if (!/\.\d{3}$/.test(text)) expect(parseQuantity(text.replace('.', ','))).toBe(milli);
      }),
      { numRuns: 2000 },
    );
  });

  it('parses tax rates in percent to basis points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TAX_RATE_BP }), (bp) => {
        expect(parseTaxRate(decimalText(bp, 2, 'plain'))).toBe(bp);
      }),
    );
    expect(parseTaxRate('19')).toBe(1900);
    expect(parseTaxRate('7,5')).toBe(750);
  });

  it('refuses more decimals than the unit has, signs, exponents and words', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 1, max: 9 }), (whole, digit) => {
        expect(parseAmount(`${whole}.00${digit}`)).toBeNull();
        expect(parseQuantity(`${whole}.000${digit}`)).toBeNull();
      }),
    );
    for (const bad of ['-1', '+1', '1e3', 'abc', '', '.', '1..2', 'NaN', 'Infinity', '0x10']) {
      expect(parseAmount(bad), bad).toBeNull();
    }
  });

  it('never produces a fraction of a cent: every result is an integer', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (input) => {
        for (const value of [
          parseAmount(input),
          parseAmount(input, 'de'),
          parseQuantity(input),
          parseTaxRate(input),
        ]) {
          if (value !== null) expect(Number.isSafeInteger(value)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
