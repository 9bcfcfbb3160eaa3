import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './pglite';

describe('the embedded database socket with several clients', () => {
  let pg: EmbeddedPostgres;
  const clients: postgres.Sql[] = [];
  /** A client on its own connection; `prepare: false` uses the session's one unnamed statement, as `pg` does. */
  const connect = (prepare = false) => {
    const sql = postgres({
      host: pg.host,
      port: pg.port,
      database: 'postgres',
      username: 'postgres',
      max: 1,
      prepare,
      onnotice: () => {},
    });
    clients.push(sql);
    return sql;
  };
  beforeAll(async () => {
    pg = await startEmbeddedPostgres(undefined, 8, createLogger('silent'));
  });
  afterAll(async () => {
    for (const sql of clients) await sql.end({ timeout: 1 });
    await pg.stop();
  });

  it("keeps each client's extended-protocol batch together (two drivers' unnamed statements)", async () => {
    const a = connect();
    const b = connect();
    const c = connect(true);
    const runs = Array.from({ length: 60 }, (_, i) => [
      a<{ x: number }[]>`SELECT ${i}::int AS x`.then((rows) => rows[0]?.x === i),
      b<{ y: number }[]>`SELECT ${i}::int AS y, ${'two'}::text AS s`.then((rows) => rows[0]?.y === i),
      c<{ z: number }[]>`SELECT ${i}::int + ${1}::int + ${1}::int AS z`.then((rows) => rows[0]?.z === i + 2),
    ]).flat();
    // Before: "bind message supplies 1 parameters, but prepared statement "" requires 2".
    expect(await Promise.all(runs)).toEqual(Array(180).fill(true));
  });

  it('serves other clients while one holds a transaction, and after it fails mid-batch', async () => {
    const a = connect();
    const b = connect();
    await a`CREATE TABLE IF NOT EXISTS socket_probe (n int)`;
    const tx = a.begin(async (t) => {
      await t`INSERT INTO socket_probe VALUES (1)`;
      await new Promise((r) => setTimeout(r, 50));
      await t`INSERT INTO socket_probe VALUES (2)`;
    });
    const [count] = await b<{ n: number }[]>`SELECT count(*)::int AS n FROM socket_probe`;
    await tx;
    // b ran after a's transaction, never inside it.
    expect(count?.n === 0 || count?.n === 2).toBe(true);
    await expect(a`SELECT ${'x'}::int AS bad`).rejects.toThrow(/invalid input syntax/);
    expect((await b<{ one: number }[]>`SELECT ${1}::int AS one`)[0]?.one).toBe(1);
  });

  it('rolls back what a client left open when it disconnects', async () => {
    const a = connect();
    const b = connect();
    await b`CREATE TABLE IF NOT EXISTS socket_left (n int)`;
    const reserved = await a.reserve();
    await reserved`BEGIN`;
    await reserved`INSERT INTO socket_left VALUES (1)`;
    // The connection goes away inside its transaction.
    await a.end({ timeout: 0 });
    const [row] = await b<{ n: number }[]>`SELECT count(*)::int AS n FROM socket_left`;
    expect(row?.n).toBe(0);
  });
});
