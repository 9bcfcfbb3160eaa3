/** One line per budget, the format `npm run bench` promises: `budget <name>: <measured> (limit <limit>) ok|over`. */
export interface Budget {
  name: string;
  measured: number;
  limit: number;
  unit?: string;
  /** 'max': measured must be ≤ limit (sizes, times); 'min': ≥ limit (scores, ratios of throughput). */
  kind: 'max' | 'min';
  digits?: number;
}

export function formatBudget(b: Budget): string {
  const ok = b.kind === 'max' ? b.measured <= b.limit : b.measured >= b.limit;
  const fmt = (v: number) => `${v.toFixed(b.digits ?? 2)}${b.unit ?? ''}`;
  const limit = `${b.kind === 'max' ? '≤' : '≥'} ${fmt(b.limit)}`;
  return `budget ${b.name}: ${fmt(b.measured)} (limit ${limit}) ${ok ? 'ok' : 'over'}`;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
