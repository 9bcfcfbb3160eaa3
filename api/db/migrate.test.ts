import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/harness';
import type { Database } from './client';
import { migrate, readMigrations } from './migrate';

describe('migrations', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('records every migration once and applies nothing on a second run', async () => {
    const rows = await db.sql<{ name: string }[]>`SELECT name FROM schema_migrations ORDER BY name`;
    expect(rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));
    expect(await migrate(db.sql)).toEqual([]);
  });

  it('applies a pending migration exactly once when two instances start at once', async () => {
    const extra = [
      ...readMigrations(),
      { name: '9999_probe.sql', sql: 'CREATE TABLE probe (id int);', checksum: 'x' },
    ];
    const [a, b] = await Promise.all([migrate(db.sql, extra), migrate(db.sql, extra)]);
    expect([...a, ...b]).toEqual(['9999_probe.sql']);
    const [row] = await db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM schema_migrations WHERE name = '9999_probe.sql'`;
    expect(row?.n).toBe(1);
  });

  it('refuses to start when an applied migration was edited', async () => {
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'changed' } : m));
    await expect(migrate(db.sql, edited)).rejects.toThrow(/was changed/);
  });
});
