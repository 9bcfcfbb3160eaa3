import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../routes/overview/testing';
import { createTestDatabase } from '../../testing/harness';
import type { Database, Sql } from '../client';
import { migrate, readMigrations } from '../migrate';

/**
 * 0033 marks the messages already written (the waits and the replies that ended them) exactly as its trigger
 * marks a conversation written message by message afterwards.
 */
let db: Database;
beforeAll(async () => {
  db = await createTestDatabase(process.env.DATABASE_URL, {
    migrations: readMigrations().filter((m) => m.name < '0033'),
  });
});
afterAll(() => db.close());

type Side = 'provider' | 'client';
const START = Date.parse('2026-01-01T00:00:00Z');

async function workspace(sql: Sql, projects: number) {
  const [user] = await sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash) VALUES (${`${crypto.randomUUID()}@example.com`}, 'x') RETURNING id`;
  const providerId = user?.id as string;
  const seeded = await seedWorkspace(sql, providerId, {
    projects: Array.from({ length: projects }, () => 'in_progress'),
  });
  return { providerId, clientId: seeded.clientIds[0] as string, projectIds: seeded.projectIds };
}

async function write(sql: Sql, w: { providerId: string; clientId: string }, project: string, sides: Side[]) {
  for (const [i, side] of sides.entries())
    await sql`
      INSERT INTO messages (provider_id, project_id, sender_type, sender_client_id, sender_name, client_message_id,
                            body, created_at)
      VALUES (${w.providerId}, ${project}, ${side}, ${side === 'client' ? w.clientId : null}, 'Someone',
              ${crypto.randomUUID()}, 'Hello', ${new Date(START + i * 7 * 60_000 + i * i * 60_000)})`;
}

const marks = (sql: Sql, project: string) => sql<{ opens_wait: boolean; waited: number | null }[]>`
  SELECT opens_wait, extract(epoch FROM created_at - wait_started_at)::float8 / 60 AS waited
  FROM messages WHERE project_id = ${project} ORDER BY seq`;

describe('0033_first_response', () => {
  it('marks the messages already written as the trigger marks new ones', async () => {
    const conversations = fc.sample(
      fc.array(fc.constantFrom<Side>('provider', 'client', 'client'), { minLength: 1, maxLength: 12 }),
      { numRuns: 25, seed: 33 },
    );
    conversations.push(['client', 'client', 'provider', 'client', 'provider', 'provider'], ['provider']);
    const before = await workspace(db.sql, conversations.length);
    for (const [i, sides] of conversations.entries())
      await write(db.sql, before, before.projectIds[i] as string, sides);
    expect(await migrate(db.sql)).toContain('0033_first_response.sql');
    const after = await workspace(db.sql, conversations.length);
    for (const [i, sides] of conversations.entries()) {
      await write(db.sql, after, after.projectIds[i] as string, sides);
      const migrated = await marks(db.sql, before.projectIds[i] as string);
      expect(migrated, sides.join(' ')).toEqual(await marks(db.sql, after.projectIds[i] as string));
      expect(migrated.filter((m) => m.opens_wait).length).toBe(
        sides.filter((s, k) => s === 'client' && sides[k - 1] !== 'client').length,
      );
    }
    // Written at 0, 8, 18, 30, 44 and 60 minutes.
    expect(await marks(db.sql, before.projectIds[conversations.length - 2] as string)).toEqual([
      { opens_wait: true, waited: null },
      { opens_wait: false, waited: null },
      { opens_wait: false, waited: 18 },
      { opens_wait: true, waited: null },
      { opens_wait: false, waited: 14 },
      { opens_wait: false, waited: null },
    ]);
  });
});
