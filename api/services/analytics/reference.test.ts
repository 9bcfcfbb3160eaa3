import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderScope } from '../../auth/scope';
import { signedInProvider } from '../../auth/testing';
import { seedWorkspace, userIdOf } from '../../routes/overview/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { moneyAnalytics } from './money';
import { resolvePeriod } from './period';

/*
 * Issue 29's property: the ageing buckets and the monthly sums equal a brute-force reference in plain
 * JavaScript (days read with Intl, not PostgreSQL) over random invoices and payments whose instants sit
 * around month ends and DST changes, in Europe/Berlin, America/New_York and Pacific/Auckland.
 */

let t: TestContext;
let scope: ProviderScope;
let providerId: string;
let clientIds: string[];
beforeAll(async () => {
  t = await createTestContext();
  const cookie = await signedInProvider(t, 'analytics-reference@example.com');
  providerId = await userIdOf(t, cookie);
  scope = { kind: 'provider', providerId, sessionId: '' };
  ({ clientIds } = await seedWorkspace(t.sql, providerId, { clients: 3 }));
});
afterAll(() => t.close());

const ZONES = ['Europe/Berlin', 'America/New_York', 'Pacific/Auckland'] as const;

/** Instants where a day or month read in some zone is easy to get wrong: month ends and DST changes. */
const ANCHORS = [
  '2025-12-31T23:30:00Z',
  '2026-01-31T11:00:00Z',
  '2026-02-28T22:59:00Z',
  '2026-03-08T07:00:00Z', // New York springs forward
  '2026-03-29T01:00:00Z', // Berlin springs forward
  '2026-03-31T23:00:00Z',
  '2026-04-05T14:00:00Z', // Auckland falls back
  '2026-06-30T12:00:00Z',
  '2026-09-27T14:00:00Z', // Auckland springs forward
  '2026-10-25T01:00:00Z', // Berlin falls back
  '2026-11-01T06:00:00Z', // New York falls back
  '2026-11-30T23:59:00Z',
].map((iso) => Date.parse(iso));

const instant = fc
  .tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -14 * 60, max: 14 * 60 }))
  .map(([anchor, minutes]) => new Date(anchor + minutes * 60_000));

const day = fc
  .integer({ min: Date.parse('2025-10-01'), max: Date.parse('2027-01-31') })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

interface RandomInvoice {
  status: 'sent' | 'overdue' | 'paid' | 'cancelled';
  amount: number;
  currency: 'EUR' | 'USD';
  client: number;
  issuedAt: Date;
  dueDate: string | null;
  paidOn: string;
  payments: { fraction: number; paidOn: string }[];
}

const invoiceArb: fc.Arbitrary<RandomInvoice> = fc.record({
  status: fc.constantFrom('sent', 'overdue', 'paid', 'cancelled'),
  amount: fc.integer({ min: 100, max: 5_000_000 }),
  currency: fc.constantFrom('EUR', 'EUR', 'USD'),
  client: fc.integer({ min: 0, max: 2 }),
  issuedAt: instant,
  dueDate: fc.option(day, { nil: null }),
  paidOn: day,
  payments: fc.array(fc.record({ fraction: fc.double({ min: 0.01, max: 0.3, noNaN: true }), paidOn: day }), {
    maxLength: 3,
  }),
});

const dayIn = (zone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** What was applied of each payment (whole cents, never past the total). */
function paymentsOf(inv: RandomInvoice) {
  let left = inv.status === 'paid' ? inv.amount : inv.amount - 1;
  return inv.payments.flatMap((p) => {
    const cents = Math.min(left, Math.max(1, Math.floor(inv.amount * p.fraction)));
    left -= cents;
    return cents > 0 ? [{ cents, paidOn: p.paidOn }] : [];
  });
}

async function plant(invoices: RandomInvoice[]) {
  await t.sql`DELETE FROM invoices WHERE provider_id = ${providerId}`;
  let n = 0;
  for (const inv of invoices) {
    n += 1;
    const payments = paymentsOf(inv);
    const paid = payments.reduce((s, p) => s + p.cents, 0);
    const [row] = await t.sql<{ id: string }[]>`
      INSERT INTO invoices (provider_id, client_id, number, amount_cents, subtotal_cents, tax_cents, currency, status,
                            due_date, issued_at, paid_at, paid_on, paid_via, cancelled_at, paid_cents)
      VALUES (${providerId}, ${clientIds[inv.client] ?? ''}, ${`R-${n}`}, ${inv.amount}, ${inv.amount}, 0,
              ${inv.currency}, ${inv.status}, ${inv.dueDate}, ${inv.issuedAt},
              ${inv.status === 'paid' ? new Date(`${inv.paidOn}T12:00:00Z`) : null},
              ${inv.status === 'paid' ? inv.paidOn : null}, ${inv.status === 'paid' ? 'manual' : null},
              ${inv.status === 'cancelled' ? inv.issuedAt : null},
              ${inv.status === 'paid' ? inv.amount : paid})
      RETURNING id`;
    if (payments.length > 0)
      await t.sql`
        INSERT INTO invoice_payments ${t.sql(
          payments.map((p) => ({
            provider_id: providerId,
            invoice_id: row?.id ?? '',
            source: 'manual',
            amount_cents: p.cents,
            currency: inv.currency.toLowerCase(),
            invoice_status: inv.status === 'cancelled' ? 'cancelled' : 'sent',
            outcome: 'applied',
            received_at: new Date(`${p.paidOn}T12:00:00Z`),
            paid_on: p.paidOn,
          })),
        )}`;
  }
}

/** The brute-force reference: months and ageing in plain JavaScript. */
function reference(invoices: RandomInvoice[], zone: string, now: Date, from: string, to: string) {
  const today = dayIn(zone, now);
  const months = new Map<string, { invoiced: number; paid: number }>();
  for (let d = dayNumber(`${from.slice(0, 7)}-01`); d <= dayNumber(to); d += 1) {
    const key = new Date(d * 86_400_000).toISOString().slice(0, 7);
    months.set(key, { invoiced: 0, paid: 0 });
  }
  const inPeriod = (d: string) => d >= from && d <= to;
  const buckets: Record<string, { count: number; cents: number }> = {
    current: { count: 0, cents: 0 },
    days1to30: { count: 0, cents: 0 },
    days31to60: { count: 0, cents: 0 },
    days61to90: { count: 0, cents: 0 },
    over90: { count: 0, cents: 0 },
  };
  for (const inv of invoices.filter((i) => i.currency === 'EUR')) {
    const payments = paymentsOf(inv);
    const issued = dayIn(zone, inv.issuedAt);
    if (inv.status !== 'cancelled') {
      if (inPeriod(issued)) (months.get(issued.slice(0, 7)) as { invoiced: number }).invoiced += inv.amount;
      const receipts = [...payments];
      if (inv.status === 'paid')
        receipts.push({ cents: inv.amount - payments.reduce((s, p) => s + p.cents, 0), paidOn: inv.paidOn });
      for (const r of receipts)
        if (inPeriod(r.paidOn)) (months.get(r.paidOn.slice(0, 7)) as { paid: number }).paid += r.cents;
    }
    if (inv.status === 'sent' || inv.status === 'overdue') {
      const balance = inv.amount - payments.reduce((s, p) => s + p.cents, 0);
      const late = inv.dueDate ? dayNumber(today) - dayNumber(inv.dueDate) : 0;
      const bucket =
        late <= 0
          ? 'current'
          : late <= 30
            ? 'days1to30'
            : late <= 60
              ? 'days31to60'
              : late <= 90
                ? 'days61to90'
                : 'over90';
      const b = buckets[bucket] as { count: number; cents: number };
      b.count += 1;
      b.cents += balance;
    }
  }
  return {
    today,
    months: [...months].map(([month, v]) => ({ month, invoicedCents: v.invoiced, paidCents: v.paid })),
    ageing: Object.entries(buckets).map(([bucket, v]) => ({ bucket, ...v })),
  };
}

describe('money analytics against a brute-force reference', () => {
  for (const zone of ZONES) {
    it(`ageing buckets and monthly sums in ${zone}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(invoiceArb, { minLength: 1, maxLength: 12 }),
          instant,
          fc.tuple(day, day),
          async (invoices, now, [a, b]) => {
            const [from, to] = a <= b ? [a, b] : [b, a];
            await plant(invoices);
            const period = await resolvePeriod(
              t.sql,
              scope,
              { from, to, currency: 'EUR', timeZone: zone },
              now,
            );
            const got = await moneyAnalytics(t.sql, scope, period);
            const want = reference(invoices, zone, now, from, to);
            expect(period.today).toBe(want.today);
            expect(got.months).toEqual(want.months);
            expect(got.ageing).toEqual(want.ageing);
            expect(got.totals.revenueCents).toBe(want.months.reduce((s, m) => s + m.paidCents, 0));
            expect(got.totals.outstandingCents).toBe(want.ageing.reduce((s, m) => s + m.cents, 0));
          },
        ),
        { numRuns: 40 },
      );
    }, 120_000);
  }
});
