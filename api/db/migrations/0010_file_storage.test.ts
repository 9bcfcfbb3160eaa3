import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/harness';
import type { Database } from '../client';
import { migrate, readMigrations } from '../migrate';

/** Logos stored before the file store keep working: their pointer becomes the local store's key. */
let db: Database;
beforeAll(async () => {
  db = await createTestDatabase(process.env.DATABASE_URL, {
    migrations: readMigrations().filter((m) => m.name < '0010'),
  });
});
afterAll(() => db.close());

describe('migration 0010: logo paths become storage keys', () => {
  it('prefixes a stored file name with logos/ and leaves keys and empty logos alone', async () => {
    const [user] = await db.sql<{ id: string }[]>`
      INSERT INTO users (email, password_hash) VALUES ('legacy@example.com', 'x') RETURNING id`;
    const portals = await db.sql<{ id: string }[]>`
      INSERT INTO client_portals (provider_id, portal_name) VALUES
        (${user?.id ?? null}, 'Old logo'), (${user?.id ?? null}, 'No logo'), (${user?.id ?? null}, 'Key')
      RETURNING id`;
    const [old, none, keyed] = portals.map((p) => p.id);
    const legacy = `${old}-AbCdEfGhIjKlMnOp.webp`;
    const key = `providers/${user?.id}/portals/${keyed}/logo-QrStUvWxYz012345.webp`;
    await db.sql`UPDATE client_portals SET logo_path = ${legacy} WHERE id = ${old ?? null}`;
    await db.sql`UPDATE client_portals SET logo_path = ${key} WHERE id = ${keyed ?? null}`;

    expect(await migrate(db.sql)).toContain('0010_file_storage.sql');

    const rows = await db.sql<{ id: string; logo_path: string | null }[]>`
      SELECT id, logo_path FROM client_portals WHERE provider_id = ${user?.id ?? null}`;
    const pathOf = (id: string | undefined) => rows.find((r) => r.id === id)?.logo_path;
    expect(pathOf(old)).toBe(`logos/${legacy}`);
    expect(pathOf(none)).toBeNull();
    expect(pathOf(keyed)).toBe(key);
  });
});
