import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositGroups, groupTotals, restGroups, type SplitLine } from './deposit';
import { computeTotals } from './money';

const line = (over: Partial<SplitLine> = {}): SplitLine => ({
  quantityMilli: 1000,
  unitPriceCents: 100_000,
  taxRateBp: 1900,
  vatCategory: null,
  exemptionReason: null,
  ...over,
});

const arbLine = fc.record({
  quantityMilli: fc.integer({ min: 1, max: 200_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
  taxRateBp: fc.constantFrom(null, 0, 700, 1900, 2000, 1650, 2100),
  vatCategory: fc.constantFrom(null, 'standard' as const, 'exempt' as const),
  exemptionReason: fc.constantFrom(null, '§ 4 Nr. 21 UStG'),
});

describe('a quote billed as deposit and rest', () => {
  it('bills 30 % of a one-rate quote as the deposit and the remaining 70 % as the rest', () => {
    const lines = [line(), line({ quantityMilli: 2500, unitPriceCents: 8000 })];
    const deposit = depositGroups(lines, 30);
    expect(deposit).toEqual([
      { taxRateBp: 1900, vatCategory: null, exemptionReason: null, netCents: 36_000 },
    ]);
    const rest = restGroups(lines, deposit);
    expect(rest).toEqual([{ taxRateBp: 1900, vatCategory: null, exemptionReason: null, netCents: 84_000 }]);
    expect(groupTotals(deposit).totalCents + groupTotals(rest ?? []).totalCents).toBe(
      computeTotals(lines).totalCents,
    );
  });

  it('keeps one deposit line per VAT group, each with its own rate', () => {
    const lines = [
      line(),
      line({ taxRateBp: 700, unitPriceCents: 5000 }),
      line({ taxRateBp: null, unitPriceCents: 999 }),
    ];
    expect(depositGroups(lines, 50).map((g) => g.taxRateBp)).toEqual([1900, 700, null]);
  });

  it('moves a cent of net rather than let the two totals miss the quote’s by a cent', () => {
    // 33 % of 1,01 € net at 19 %: 33,33 ct → tax rounding alone would lose a cent over the two invoices.
    const lines = [line({ unitPriceCents: 101 })];
    const deposit = depositGroups(lines, 33);
    const rest = restGroups(lines, deposit) ?? [];
    expect(groupTotals(deposit).totalCents + groupTotals(rest).totalCents).toBe(
      computeTotals(lines).totalCents,
    );
  });

  it('adds up to the quote’s total to the cent for any lines and percentage', () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 99 }),
        (lines, pct) => {
          const deposit = depositGroups(lines, pct);
          const rest = restGroups(lines, deposit);
          expect(rest).not.toBeNull();
          expect(groupTotals(deposit).totalCents + groupTotals(rest ?? []).totalCents).toBe(
            computeTotals(lines).totalCents,
          );
          expect(groupTotals(deposit).subtotalCents + groupTotals(rest ?? []).subtotalCents).toBe(
            computeTotals(lines).subtotalCents,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a rest when the deposit billed more of a group than the quote has', () => {
    const lines = [line({ unitPriceCents: 1000 })];
    expect(
      restGroups(lines, [{ taxRateBp: 1900, vatCategory: null, exemptionReason: null, netCents: 1001 }]),
    ).toBeNull();
  });
});
