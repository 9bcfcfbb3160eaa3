import type { VatCategory } from './legal';
import { computeTotals, lineAmountCents } from './money';

/*
 * A quote billed in two parts (issue 28): a deposit of a percentage first, the rest later. Each invoice
 * carries one line per VAT group of the quote (rate, category, exemption reason), so each bills its VAT
 * correctly; and since `computeTotals` rounds the tax per rate, the deposit of each rate is chosen so that
 * round(deposit × rate) + round(rest × rate) = round(net × rate): the two invoices' totals add up to the
 * quote's total exactly to the cent (a cent of net moves at most, never the total).
 */

/** A quote line as the split reads it. */
export interface SplitLine {
  quantityMilli: number;
  unitPriceCents: number;
  taxRateBp: number | null;
  vatCategory: VatCategory | null;
  exemptionReason: string | null;
}

/** One VAT group's net amount (an invoice line: quantity 1, this unit price). */
export interface GroupAmount {
  taxRateBp: number | null;
  vatCategory: VatCategory | null;
  exemptionReason: string | null;
  netCents: number;
}

const keyOf = (g: Pick<GroupAmount, 'taxRateBp' | 'vatCategory' | 'exemptionReason'>) =>
  `${g.taxRateBp ?? 'none'}|${g.vatCategory ?? ''}|${g.exemptionReason ?? ''}`;

/** The quote's net per VAT group, in the order the groups first appear. */
export function vatGroups(lines: readonly SplitLine[]): GroupAmount[] {
  const groups = new Map<string, GroupAmount>();
  for (const line of lines) {
    const net = lineAmountCents(line.quantityMilli, line.unitPriceCents);
    const key = keyOf(line);
    const group = groups.get(key);
    if (group) group.netCents += net;
    else groups.set(key, { ...pick(line), netCents: net });
  }
  return [...groups.values()];
}

const pick = (g: Pick<GroupAmount, 'taxRateBp' | 'vatCategory' | 'exemptionReason'>) => ({
  taxRateBp: g.taxRateBp,
  vatCategory: g.vatCategory,
  exemptionReason: g.exemptionReason,
});

/** Tax of a net amount at a rate, as `computeTotals` rounds it. */
const taxOf = (netCents: number, rateBp: number | null) =>
  computeTotals([{ quantityMilli: 1000, unitPriceCents: netCents, taxRateBp: rateBp }]).taxCents;

/**
 * The deposit's net per VAT group for `percent` (1–99) of the quote: each group's share rounded half up, then
 * per tax rate the largest group moved by the fewest cents so that the taxes of deposit and rest add up to the
 * quote's. Groups whose deposit is 0 are left out.
 * @example depositGroups([{ quantityMilli: 1000, unitPriceCents: 100000, taxRateBp: 1900, vatCategory: null, exemptionReason: null }], 30)
 *   // [{ taxRateBp: 1900, …, netCents: 30000 }]
 */
export function depositGroups(lines: readonly SplitLine[], percent: number): GroupAmount[] {
  const groups = vatGroups(lines);
  const deposit = groups.map((g) => ({ ...g, netCents: Math.floor((g.netCents * percent * 2 + 100) / 200) }));
  const rates = new Set(groups.map((g) => g.taxRateBp));
  for (const rate of rates) {
    if (!rate) continue;
    const members = groups.map((_, i) => i).filter((i) => groups[i]?.taxRateBp === rate);
    const net = members.reduce((s, i) => s + (groups[i]?.netCents ?? 0), 0);
    const largest = members.reduce((a, b) =>
      (groups[b]?.netCents ?? 0) > (groups[a]?.netCents ?? 0) ? b : a,
    );
    const target = deposit[largest] as GroupAmount;
    const max = groups[largest]?.netCents ?? 0;
    const others = members.filter((i) => i !== largest).reduce((s, i) => s + (deposit[i]?.netCents ?? 0), 0);
    const fits = (d: number) => taxOf(others + d, rate) + taxOf(net - others - d, rate) === taxOf(net, rate);
    const start = target.netCents;
    // d = 0 and d = max always fit when the group is alone at its rate, so the search ends.
    for (let step = 0; step <= max; step++) {
      if (start + step <= max && fits(start + step)) {
        target.netCents = start + step;
        break;
      }
      if (start - step >= 0 && fits(start - step)) {
        target.netCents = start - step;
        break;
      }
    }
  }
  return deposit.filter((g) => g.netCents > 0);
}

/**
 * What the deposit left of each VAT group: the quote's group net less the deposit invoice's lines of that group
 * (as the deposit invoice was made, or as the provider changed it while a draft). Null when the deposit bills
 * more of a group than the quote has.
 */
export function restGroups(
  lines: readonly SplitLine[],
  deposit: readonly GroupAmount[],
): GroupAmount[] | null {
  const billed = new Map<string, number>();
  for (const g of deposit) billed.set(keyOf(g), (billed.get(keyOf(g)) ?? 0) + g.netCents);
  const rest: GroupAmount[] = [];
  for (const g of vatGroups(lines)) {
    const left = g.netCents - (billed.get(keyOf(g)) ?? 0);
    billed.delete(keyOf(g));
    if (left < 0) return null;
    if (left > 0) rest.push({ ...pick(g), netCents: left });
  }
  return billed.size > 0 ? null : rest;
}

/** The totals of invoice lines made of groups (quantity 1 each). */
export const groupTotals = (groups: readonly GroupAmount[]) =>
  computeTotals(
    groups.map((g) => ({ quantityMilli: 1000, unitPriceCents: g.netCents, taxRateBp: g.taxRateBp })),
  );
