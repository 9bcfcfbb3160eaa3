import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientScope, ProviderScope } from '../../auth/scope';
import { signedInProvider } from '../../auth/testing';
import { seedWorkspace, userIdOf } from '../../routes/overview/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { sendMessage } from '../messages/messages';
import { resolvePeriod } from './period';
import { workAnalytics } from './work';

/*
 * The provider's first response (issue 29's work view), kept on the waiting message by the database
 * (migration 0033: `opens_wait` on a client's first message of a run, `wait_started_at` on the provider's reply): the stored columns after each insert, and the view's
 * figures against a brute-force reference over random conversations.
 */

let t: TestContext;
let scope: ProviderScope;
let providerId: string;
let projectIds: string[];
let asClient: ClientScope;
beforeAll(async () => {
  t = await createTestContext();
  const cookie = await signedInProvider(t, 'analytics-first-response@example.com');
  providerId = await userIdOf(t, cookie);
  scope = { kind: 'provider', providerId, sessionId: '' };
  const seeded = await seedWorkspace(t.sql, providerId, {
    clients: 1,
    projects: ['in_progress', 'completed'],
  });
  projectIds = seeded.projectIds;
  asClient = {
    kind: 'client',
    providerId,
    portalId: seeded.portalId,
    clientId: seeded.clientIds[0] ?? '',
    clientName: 'Client 0',
    sessionId: '',
  };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.sql`DELETE FROM messages WHERE provider_id = ${providerId}`;
});

const START = Date.parse('2026-03-01T00:00:00Z');
const at = (minutes: number) => new Date(START + minutes * 60_000);
type Side = 'provider' | 'client';

/** Writes a message as the service does (its triggers, its idempotency), `minutes` after START. */
async function write(project: string, side: Side, minutes: number, clientMessageId = crypto.randomUUID()) {
  const deps = { ...t.deps, now: () => at(minutes) };
  return sendMessage(deps, side === 'provider' ? scope : asClient, project, {
    clientMessageId,
    body: 'Hello',
  });
}

/** The stored columns of a conversation in its order: [sender, opens_wait, minutes a reply ended a wait of]. */
async function stored(project: string) {
  const rows = await t.sql<
    { sender_type: Side; opens_wait: boolean; wait_started_at: Date | null; created_at: Date }[]
  >`
    SELECT sender_type, opens_wait, wait_started_at, created_at FROM messages
    WHERE provider_id = ${providerId} AND project_id = ${project} ORDER BY seq`;
  return rows.map((r) => [
    r.sender_type,
    r.opens_wait,
    r.wait_started_at === null ? null : (r.created_at.getTime() - r.wait_started_at.getTime()) / 60_000,
  ]);
}

describe('the waiting message and its answer (0033)', () => {
  it('a client message answered by one reply', async () => {
    const p = projectIds[0] ?? '';
    await write(p, 'client', 0);
    expect(await stored(p)).toEqual([['client', true, null]]);
    await write(p, 'provider', 45);
    expect(await stored(p)).toEqual([
      ['client', true, null],
      ['provider', false, 45],
    ]);
  });

  it('two client messages, then one reply: the first waits, the second continues its run', async () => {
    const p = projectIds[0] ?? '';
    await write(p, 'client', 0);
    await write(p, 'client', 10);
    await write(p, 'provider', 70);
    await write(p, 'provider', 80);
    expect(await stored(p)).toEqual([
      ['client', true, null],
      ['client', false, null],
      ['provider', false, 70],
      ['provider', false, null],
    ]);
  });

  it('provider messages first wait for nothing; a later client message waits; other conversations stay apart', async () => {
    const [p, q] = projectIds as [string, string];
    await write(p, 'provider', 0);
    await write(p, 'provider', 5);
    await write(q, 'client', 6);
    await write(p, 'client', 10);
    await write(q, 'provider', 20);
    expect(await stored(p)).toEqual([
      ['provider', false, null],
      ['provider', false, null],
      ['client', true, null],
    ]);
    expect(await stored(q)).toEqual([
      ['client', true, null],
      ['provider', false, 14],
    ]);
  });

  it('a retried reply (same clientMessageId) answers no later wait', async () => {
    const p = projectIds[0] ?? '';
    const id = crypto.randomUUID();
    await write(p, 'client', 0);
    await write(p, 'provider', 30, id);
    await write(p, 'client', 40);
    const retry = await write(p, 'provider', 50, id);
    expect(retry.created).toBe(false);
    expect(await stored(p)).toEqual([
      ['client', true, null],
      ['provider', false, 30],
      ['client', true, null],
    ]);
  });
});

/** The reference: per conversation in order, a client message after none or the provider's starts a wait,
 *  answered by the next provider message; the median in minutes (interpolated) of those begun in [from, to). */
function reference(messages: { project: number; side: Side; minutes: number }[], from: number, to: number) {
  const waits: (number | null)[] = [];
  for (const project of [0, 1]) {
    const conv = messages.filter((m) => m.project === project);
    conv.forEach((m, i) => {
      if (m.side !== 'client' || conv[i - 1]?.side === 'client') return;
      if (m.minutes < from || m.minutes >= to) return;
      const reply = conv.slice(i + 1).find((r) => r.side === 'provider');
      waits.push(reply ? reply.minutes - m.minutes : null);
    });
  }
  const answered = waits.filter((w): w is number => w !== null).sort((a, b) => a - b);
  let median: number | null = null;
  if (answered.length > 0) {
    const k = (answered.length - 1) / 2;
    const lo = answered[Math.floor(k)] as number;
    const hi = answered[Math.ceil(k)] as number;
    median = Math.round(lo + (hi - lo) * (k - Math.floor(k)));
  }
  return { medianMinutes: median, answered: answered.length, unanswered: waits.length - answered.length };
}

describe('the view’s first response against a brute-force reference', () => {
  it('over random conversations and periods', async () => {
    const DAY = 24 * 60;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            project: fc.integer({ min: 0, max: 1 }),
            side: fc.constantFrom<Side>('provider', 'client', 'client'),
            gap: fc.integer({ min: 1, max: 2 * DAY }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })),
        async (drawn, [a, b]) => {
          await t.sql`DELETE FROM messages WHERE provider_id = ${providerId}`;
          let minutes = 0;
          const messages = drawn.map((m) => {
            minutes += m.gap;
            return { project: m.project, side: m.side, minutes };
          });
          for (const m of messages) await write(projectIds[m.project] ?? '', m.side, m.minutes);
          const [first, last] = a <= b ? [a, b] : [b, a];
          const day = (n: number) => new Date(START + n * DAY * 60_000).toISOString().slice(0, 10);
          const period = await resolvePeriod(
            t.sql,
            scope,
            { from: day(first), to: day(last), currency: 'EUR', timeZone: 'UTC' },
            new Date(START),
          );
          const got = await workAnalytics(t.sql, scope, period);
          expect(got.firstResponse).toEqual(reference(messages, first * DAY, (last + 1) * DAY));
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
