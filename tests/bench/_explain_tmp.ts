import postgres from 'postgres';
import type { Sql } from '../../api/db/client';
import { clientEngagement } from '../../api/services/analytics/clients';
import { moneyAnalytics } from '../../api/services/analytics/money';
import { resolvePeriod } from '../../api/services/analytics/period';
import { workAnalytics } from '../../api/services/analytics/work';

const captured: { query: string; params: unknown[] }[] = [];
const url = 'postgres://postgres@127.0.0.1:5432/bench_analytics';
const sql = postgres(url, { max: 4, onnotice: () => {}, debug: (_c, query, params) => captured.push({ query, params: params as unknown[] }) }) as unknown as Sql;
const raw = postgres(url, { max: 1, onnotice: () => {} });
const [u] = await raw`SELECT id FROM users WHERE email LIKE 'provider0%'`;
const scope = { kind: 'provider' as const, providerId: u.id, sessionId: '' };
const now = new Date();
const day = (d: Date) => d.toISOString().slice(0, 10);
const period = await resolvePeriod(sql, scope, { from: day(new Date(now.getTime() - 364 * 86_400_000)), to: day(now), currency: 'EUR', timeZone: 'Europe/Berlin' }, now);
const which = process.argv[2] ?? 'money';
const fn = { money: moneyAnalytics, work: workAnalytics, clients: clientEngagement }[which]!;
captured.length = 0;
for (let i = 0; i < 3; i++) { const t = performance.now(); await fn(sql, scope, period); console.log(which, 'ms', (performance.now() - t).toFixed(0)); }
const seen = new Set<string>();
const filter = process.argv[3];
for (const { query, params } of captured) {
  if (seen.has(query)) continue; seen.add(query);
  if (filter && !query.includes(filter)) continue;
  const plan = await raw.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params as never[]);
  console.log('=====', query.slice(0, 120).replace(/\s+/g, ' '));
  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
}
await sql.end(); await raw.end();
