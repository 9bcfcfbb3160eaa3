import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import type { Sql } from './client';
import { guardConnection } from './scoped';
import { isDatabaseUnavailable } from './unavailable';

const url = process.env.DATABASE_URL;

/**
 * A reserved connection whose backend dies (a PostgreSQL restart, here `pg_terminate_backend`): with
 * postgres.js 3.4.9 alone the next query on it throws from a timer and ends the process
 * (porsager/postgres#1208); through `guardConnection` it fails as the database being away, and the
 * connection is not released into the pool.
 */
describe.skipIf(!url)('guardConnection', () => {
  const sql = postgres(url ?? '', { max: 2, onnotice: () => {} }) as unknown as Sql;
  const killer = postgres(url ?? '', { max: 1, onnotice: () => {} });
  afterAll(async () => {
    await sql.end({ timeout: 1 });
    await killer.end({ timeout: 1 });
  });

  it('fails every query after the connection was lost, and keeps it from the pool', async () => {
    const reserved = (await sql.reserve()) as unknown as Sql & { release(): void };
    const link = guardConnection(reserved);
    const [row] = await link.sql.unsafe('SELECT pg_backend_pid() AS pid', [], {
      onexecute: link.onexecute,
    } as postgres.UnsafeQueryOptions);
    await killer`SELECT pg_terminate_backend(${(row as unknown as { pid: number }).pid})`;
    // Whichever comes first, the close or a failing query: afterwards nothing is sent.
    const first = await link.sql`SELECT 1`.catch((e: unknown) => e);
    expect(isDatabaseUnavailable(first)).toBe(true);
    for (let i = 0; i < 3; i++) {
      const again = await link.sql`SELECT 1`.catch((e: unknown) => e);
      expect(isDatabaseUnavailable(again)).toBe(true);
    }
    const rollback = await link.sql.unsafe('ROLLBACK').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(rollback)).toBe(true);
    expect(link.detach()).toBe(false);
    // The pool carries on.
    expect(await sql`SELECT 2 AS two`).toEqual([{ two: 2 }]);
  });

  it('releases a connection that stayed up', async () => {
    const reserved = (await sql.reserve()) as unknown as Sql & { release(): void };
    const link = guardConnection(reserved);
    await link.sql.unsafe('SELECT 1', [], { onexecute: link.onexecute } as postgres.UnsafeQueryOptions);
    expect(await link.sql`SELECT 3 AS three`).toEqual([{ three: 3 }]);
    expect(link.detach()).toBe(true);
    reserved.release();
  });
});
