import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../routes/overview/testing';
import { createTestDatabase } from '../../testing/harness';
import type { Database } from '../client';

/** The domain schema guards tenancy and integrity itself, whatever a query forgets. */
let db: Database;
let a: string;
let b: string;
beforeAll(async () => {
  db = await createTestDatabase();
  const users = await db.sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash) VALUES ('a@example.com', 'x'), ('b@example.com', 'x') RETURNING id`;
  [a, b] = users.map((u) => u.id) as [string, string];
});
afterAll(() => db.close());

describe('migration 0002: domain schema', () => {
  it('refuses a client in another provider’s portal', async () => {
    const { portalId } = await seedWorkspace(db.sql, b);
    await expect(
      db.sql`INSERT INTO clients (provider_id, portal_id, name, email) VALUES (${a}, ${portalId}, 'X', 'x@example.com')`,
    ).rejects.toThrow(/foreign key/);
  });

  it('refuses a project or invoice pointing at another provider’s client or project', async () => {
    const other = await seedWorkspace(db.sql, b, { projects: ['planning'] });
    await expect(
      db.sql`INSERT INTO projects (provider_id, client_id, name) VALUES (${a}, ${other.clientIds[0] ?? null}, 'X')`,
    ).rejects.toThrow(/foreign key/);
    const mine = await seedWorkspace(db.sql, a, { clients: 1 });
    await expect(
      db.sql`
        INSERT INTO invoices (provider_id, client_id, project_id, number, amount_cents, subtotal_cents, currency)
        VALUES (${a}, ${mine.clientIds[0] ?? null}, ${other.projectIds[0] ?? null}, NULL, 1, 1, 'USD')`,
    ).rejects.toThrow(/foreign key/);
  });

  it('keeps an invoice when its project is deleted, clearing only project_id', async () => {
    const { projectIds } = await seedWorkspace(db.sql, a, {
      projects: ['planning'],
      invoices: [['paid', 5, 'EUR']],
    });
    await db.sql`DELETE FROM projects WHERE id = ${projectIds[0] ?? null}`;
    const [invoice] = await db.sql<{ provider_id: string; project_id: string | null }[]>`
      SELECT provider_id, project_id FROM invoices WHERE provider_id = ${a} AND amount_cents = 5`;
    expect(invoice).toEqual({ provider_id: a, project_id: null });
  });

  it.each([
    [
      'a colour that is not #rrggbb',
      (p: string) =>
        db.sql`INSERT INTO client_portals (provider_id, portal_name, primary_color) VALUES (${p}, 'P', 'red')`,
    ],
    [
      'an upper-case custom domain',
      (p: string) =>
        db.sql`INSERT INTO client_portals (provider_id, portal_name, custom_domain) VALUES (${p}, 'P', 'Portal.Example.com')`,
    ],
    [
      'an unknown domain status',
      (p: string) =>
        db.sql`INSERT INTO client_portals (provider_id, portal_name, domain_status) VALUES (${p}, 'P', 'maybe')`,
    ],
  ])('rejects %s', async (_label, insert) => {
    await expect(insert(a)).rejects.toThrow(/check constraint/);
  });

  // Custom domains were unique here as soon as they were set; migration 0008 makes only VERIFIED ones
  // unique (its own test).
  it('keeps client e-mails unique per portal', async () => {
    const { portalId } = await seedWorkspace(db.sql, a, { clients: 1 });
    await expect(
      db.sql`INSERT INTO clients (provider_id, portal_id, name, email) VALUES (${a}, ${portalId}, 'Dup', 'client0@example.com')`,
    ).rejects.toThrow(/unique/);
  });

  it('rejects negative amounts, unknown statuses and lower-case currencies on invoices', async () => {
    const { clientIds } = await seedWorkspace(db.sql, a, { clients: 1 });
    const client = clientIds[0] ?? null;
    // Otherwise valid rows (migration 0014: a draft has no number, a sent one a number and an issue date).
    for (const [amount, currency, status] of [
      [-1, 'USD', 'draft'],
      [1, 'usd', 'draft'],
      [1, 'USD', 'lost'],
    ] as const) {
      const issued = status !== 'draft';
      await expect(
        db.sql`
          INSERT INTO invoices (provider_id, client_id, number, amount_cents, subtotal_cents, currency, status, issued_at)
          VALUES (${a}, ${client}, ${issued ? `N-${Math.random()}` : null}, ${amount}, ${amount}, ${currency},
                  ${status}, ${issued ? new Date() : null})`,
      ).rejects.toThrow(/check constraint/);
    }
  });
});
