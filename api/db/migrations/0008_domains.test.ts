import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/harness';
import type { Database } from '../client';

/** Migration 0008: a custom-domain claim is not ownership; only a verified domain is unique. */
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

function claim(provider: string, domain: string, status: 'pending' | 'failed' | 'verified') {
  return db.sql<{ id: string }[]>`
    INSERT INTO client_portals (provider_id, portal_name, custom_domain, domain_status, domain_claimed_at)
    VALUES (${provider}, 'P', ${domain}, ${status}, now())
    RETURNING id`;
}

describe('migration 0008: custom-domain claims', () => {
  it('lets several portals hold unverified claims of one domain, beside one verified', async () => {
    await claim(a, 'shared.example.com', 'pending');
    await claim(b, 'shared.example.com', 'pending');
    await claim(b, 'shared.example.com', 'failed');
    await claim(a, 'shared.example.com', 'verified');
    const [row] = await db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM client_portals WHERE custom_domain = 'shared.example.com'`;
    expect(row?.n).toBe(4);
  });

  it('refuses a second verified portal of the same domain, also by an update', async () => {
    await claim(a, 'one.example.com', 'verified');
    await expect(claim(b, 'one.example.com', 'verified')).rejects.toThrow(/unique/);
    const [pending] = await claim(b, 'one.example.com', 'pending');
    await expect(
      db.sql`UPDATE client_portals SET domain_status = 'verified' WHERE id = ${pending?.id ?? null}`,
    ).rejects.toThrow(/unique/);
  });

  it('refuses an unverified claim without the time it started (its expiry would be unknown)', async () => {
    await expect(
      db.sql`
        INSERT INTO client_portals (provider_id, portal_name, custom_domain, domain_status)
        VALUES (${a}, 'P', 'nostart.example.com', 'pending')`,
    ).rejects.toThrow(/check constraint/);
  });
});
