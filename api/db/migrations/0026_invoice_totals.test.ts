import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../routes/overview/testing';
import { insertInvoice } from '../../services/invoices/testing';
import { createTestDatabase } from '../../testing/harness';
import type { Database, Sql } from '../client';
import { migrate, readMigrations } from '../migrate';

/**
 * `invoice_totals` is the sum of `invoices` per provider, status and currency after any sequence of inserts,
 * updates (one row or many in one statement) and deletes, concurrent or not; and the migration fills it from
 * the invoices already there.
 */
let db: Database;
beforeAll(async () => {
  db = await createTestDatabase(process.env.DATABASE_URL, {
    migrations: readMigrations().filter((m) => m.name < '0026'),
  });
});
afterAll(() => db.close());

let users = 0;
async function provider(sql: Sql): Promise<{ providerId: string; clientId: string }> {
  users += 1;
  const [user] = await sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash) VALUES (${`totals-${users}@example.com`}, 'x') RETURNING id`;
  const providerId = user?.id as string;
  const { clientIds } = await seedWorkspace(sql, providerId, { clients: 1 });
  return { providerId, clientId: clientIds[0] as string };
}

type Totals = { status: string; currency: string; count: number; cents: string; paid: string }[];
const kept = (sql: Sql, providerId: string) => sql<Totals>`
  SELECT status, currency, invoice_count AS count, amount_cents::text AS cents, paid_cents::text AS paid
  FROM invoice_totals
  WHERE provider_id = ${providerId} ORDER BY status, currency`;
const summed = (sql: Sql, providerId: string) => sql<Totals>`
  SELECT status, currency, count(*)::int AS count, sum(amount_cents)::text AS cents,
    sum(paid_cents)::text AS paid FROM invoices
  WHERE provider_id = ${providerId} GROUP BY status, currency ORDER BY status, currency`;

const status = fc.constantFrom('draft' as const, 'sent' as const, 'paid' as const, 'cancelled' as const);
const currency = fc.constantFrom('EUR' as const, 'USD' as const);
const operation = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    status,
    currency,
    cents: fc.integer({ min: 0, max: 99_999 }),
  }),
  fc.record({ op: fc.constant('send' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('pay' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('payPart' as const), pick: fc.nat(), by: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ op: fc.constant('overdueAll' as const) }),
  fc.record({ op: fc.constant('reprice' as const), pick: fc.nat(), by: fc.integer({ min: -500, max: 500 }) }),
  fc.record({ op: fc.constant('recurrency' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('touch' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
);

type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** One operation, through SQL that keeps migration 0014's checks. */
async function apply(sql: Sql, p: { providerId: string; clientId: string }, op: Operation) {
  const pick = async (where: ReturnType<Sql>) => {
    const rows = await sql<{ id: string }[]>`
      SELECT id FROM invoices WHERE provider_id = ${p.providerId} ${where} ORDER BY created_at, id`;
    return rows.length ? rows[('pick' in op ? op.pick : 0) % rows.length]?.id : undefined;
  };
  switch (op.op) {
    case 'insert':
      await insertInvoice(sql, { ...p, status: op.status, currency: op.currency, amountCents: op.cents });
      return;
    case 'send': {
      const id = await pick(sql`AND status = 'draft'`);
      if (id)
        await sql`UPDATE invoices SET status = 'sent', number = ${`S-${id}`}, issued_at = now() WHERE id = ${id}`;
      return;
    }
    case 'pay': {
      const id = await pick(sql`AND status IN ('sent', 'overdue')`);
      if (id)
        await sql`
          UPDATE invoices SET status = 'paid', paid_at = now(), paid_via = 'manual', paid_cents = amount_cents
          WHERE id = ${id}`;
      return;
    }
    case 'payPart': {
      // A partial payment (0025): the paid sum grows up to the total.
      const id = await pick(sql`AND status IN ('sent', 'overdue')`);
      if (id)
        await sql`UPDATE invoices SET paid_cents = least(amount_cents, paid_cents + ${op.by}) WHERE id = ${id}`;
      return;
    }
    case 'overdueAll':
      await sql`UPDATE invoices SET status = 'overdue' WHERE provider_id = ${p.providerId} AND status = 'sent'`;
      return;
    case 'reprice': {
      const id = await pick(sql`AND status = 'draft' AND amount_cents + ${op.by} >= 0`);
      if (id)
        await sql`
          UPDATE invoices SET amount_cents = amount_cents + ${op.by}, subtotal_cents = subtotal_cents + ${op.by}
          WHERE id = ${id}`;
      return;
    }
    case 'recurrency': {
      const id = await pick(sql`AND status = 'draft'`);
      if (id)
        await sql`UPDATE invoices SET currency = CASE WHEN currency = 'EUR' THEN 'USD' ELSE 'EUR' END WHERE id = ${id}`;
      return;
    }
    case 'touch': {
      const id = await pick(sql``);
      if (id) await sql`UPDATE invoices SET updated_at = now() WHERE id = ${id}`;
      return;
    }
    case 'delete': {
      const id = await pick(sql``);
      if (id) await sql`DELETE FROM invoices WHERE id = ${id}`;
      return;
    }
  }
}

describe('migration 0026: invoice totals kept by the database', () => {
  it('fills the totals from the invoices already there', async () => {
    const before = await provider(db.sql);
    await seedWorkspace(db.sql, before.providerId, {
      invoices: [
        ['paid', 1000, 'EUR'],
        ['paid', 2500, 'EUR'],
        ['sent', 700, 'USD'],
      ],
    });
    expect(await migrate(db.sql)).toContain('0026_invoice_totals.sql');
    expect(await kept(db.sql, before.providerId)).toEqual([
      { status: 'paid', currency: 'EUR', count: 2, cents: '3500', paid: '0' },
      { status: 'sent', currency: 'USD', count: 1, cents: '700', paid: '0' },
    ]);
  });

  it('equals the sums after any sequence of changes, and leaves nothing once the invoices are gone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (ops) => {
        const p = await provider(db.sql);
        const other = await provider(db.sql);
        await insertInvoice(db.sql, { ...other, status: 'sent', amountCents: 4200 });
        for (const o of ops) await apply(db.sql, p, o);
        expect(await kept(db.sql, p.providerId)).toEqual(await summed(db.sql, p.providerId));
        expect(await kept(db.sql, other.providerId)).toEqual([
          { status: 'sent', currency: 'EUR', count: 1, cents: '4200', paid: '0' },
        ]);
        await db.sql`DELETE FROM users WHERE id = ${p.providerId}`;
        expect(await kept(db.sql, p.providerId)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it('stays exact under concurrent transactions of one provider, without deadlocks', async () => {
    const p = await provider(db.sql);
    const drafts = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        insertInvoice(db.sql, { ...p, currency: i % 2 ? 'USD' : 'EUR', amountCents: 100 + i }),
      ),
    );
    // Each transaction sends one draft and pays it, another re-prices a draft or deletes one: every one of
    // them touches two or three of the provider's totals rows.
    await Promise.all(
      drafts.map((id, i) =>
        db.sql.begin(async (tx) => {
          if (i % 3 === 2) {
            await tx`DELETE FROM invoices WHERE id = ${id}`;
            return;
          }
          await tx`UPDATE invoices SET status = 'sent', number = ${`C-${i}`}, issued_at = now() WHERE id = ${id}`;
          if (i % 3 === 0) await tx`UPDATE invoices SET status = 'paid', paid_at = now() WHERE id = ${id}`;
        }),
      ),
    );
    const totals = await kept(db.sql, p.providerId);
    expect(totals).toEqual(await summed(db.sql, p.providerId));
    expect(totals.reduce((n, t) => n + t.count, 0)).toBe(16);
  });
});
