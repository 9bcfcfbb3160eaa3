import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './client';

/** Any constant works; it only has to be the same for every instance of this service. */
const MIGRATION_LOCK_ID = 727_001;

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** Reads `NNNN_name.sql` files in name order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies pending migrations in one transaction holding an advisory lock, so two instances starting at
 * once apply each migration exactly once: the second waits, then finds nothing left to do.
 * An edited migration that was already applied stops start-up (its checksum changed). After a run that
 * applied any, `app_apply_tenant_policies()` (0038) gives every tenant table its row-level security.
 * @returns the names of the migrations this call applied
 */
export async function migrate(sql: Sql, migrations = readMigrations()): Promise<string[]> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
    await tx`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`;
    const rows = await tx<{ name: string; checksum: string }[]>`SELECT name, checksum FROM schema_migrations`;
    const applied = new Map(rows.map((r) => [r.name, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const checksum = applied.get(m.name);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied`);
        continue;
      }
      await tx.unsafe(m.sql).simple();
      await tx`INSERT INTO schema_migrations (name, checksum) VALUES (${m.name}, ${m.checksum})`;
      done.push(m.name);
    }
    // Row-level security (0038) covers every tenant table, also those of migrations after it.
    const [rls] = await tx<{ exists: boolean }[]>`
      SELECT to_regprocedure('app_apply_tenant_policies()') IS NOT NULL AS exists`;
    if (done.length && rls?.exists) await tx`SELECT app_apply_tenant_policies()`;
    return done;
  });
}
