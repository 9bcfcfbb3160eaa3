import { describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger';
import { openDatabase } from './client';

describe('the embedded database', () => {
  it('answers many concurrent parameterised queries without mixing them up', async () => {
    const db = await openDatabase({ DATA_DIR: undefined, DATABASE_POOL_MAX: 10 }, createLogger('silent'));
    try {
      const results = await Promise.all(
        Array.from(
          { length: 40 },
          (_, i) => db.sql<{ v: number; s: string }[]>`SELECT ${i}::int AS v, ${`x${i}`} AS s`,
        ),
      );
      expect(results.map((rows) => rows[0])).toEqual(
        Array.from({ length: 40 }, (_, i) => ({ v: i, s: `x${i}` })),
      );
      const inTx = await db.sql.begin(async (tx) => (await tx<{ one: number }[]>`SELECT 1 AS one`)[0]?.one);
      expect(inTx).toBe(1);
      // Each query is parsed and planned once, then reused (PGlite plans on the event loop's thread).
      const prepared = await db.sql<{ statement: string }[]>`SELECT statement FROM pg_prepared_statements`;
      expect(prepared.map((row) => row.statement)).toContain('SELECT $1::int AS v, $2 AS s');
    } finally {
      await db.close();
    }
  });
});
