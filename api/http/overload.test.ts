import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { actingFor } from '../auth/scope';
import { signedInProvider } from '../auth/testing';
import type { Sql } from '../db/client';
import { createInProcessPubSub } from '../db/pubsub';
import { runScoped } from '../db/scoped';
import { send } from '../routes/account/testing';
import { createClient, createPortal } from '../routes/portals/testing';
import { createTestContext, type TestContext } from '../testing/harness';
import { ApiError } from './errors';
import { ConcurrencyLimit, concurrencyLimit, limitDefaults } from './overload';

/** Resolves once `done()` holds, polling every 10 ms (fails after 10 s). */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('ConcurrencyLimit', () => {
  it('runs up to max at once, queues up to queue, refuses the rest at once, hands a freed slot on', async () => {
    const limit = new ConcurrencyLimit(2, 1, 5_000);
    const a = await limit.acquire();
    const b = await limit.acquire();
    let queuedGot = false;
    const queued = limit.acquire().then((release) => {
      queuedGot = true;
      return release;
    });
    expect(limit.load).toEqual({ active: 2, waiting: 1 });
    expect(limit.saturated).toBe(true);
    const refused = await limit.acquire().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('overloaded');
    expect((refused as ApiError).headers).toEqual({ 'Retry-After': '1' });
    a();
    a(); // a second call frees nothing more
    const c = await queued;
    expect(queuedGot).toBe(true);
    expect(limit.load).toEqual({ active: 2, waiting: 0 });
    b();
    c();
    expect(limit.load).toEqual({ active: 0, waiting: 0 });
    (await limit.acquire())();
  });

  it('refuses a queued operation when its wait is over, and leaves the queue empty', async () => {
    const shed: number[] = [];
    const limit = new ConcurrencyLimit(1, 5, 50, (n) => shed.push(n));
    const held = await limit.acquire();
    const started = Date.now();
    const error = await limit.acquire().catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('overloaded');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(limit.load).toEqual({ active: 1, waiting: 0 });
    expect(shed).toEqual([1]);
    held();
    expect(limit.load).toEqual({ active: 0, waiting: 0 });
  });

  it('runs as many at once as the pool has connections by default, and queues a few times that', () => {
    expect(limitDefaults(10)).toEqual({ max: 10, queue: 80 });
    expect(limitDefaults(1)).toEqual({ max: 1, queue: 50 });
  });
});

describe('overload on PostgreSQL: held operations, excess answered 429 at once', () => {
  let t: TestContext;
  let cookie: string;
  let clientIds: string[];
  beforeAll(async () => {
    t = await createTestContext({
      OVERLOAD_MAX_CONCURRENT: '2',
      OVERLOAD_QUEUE: '1',
      OVERLOAD_MAX_WAIT_MS: '5000',
    });
    cookie = await signedInProvider(t, 'overload@example.com');
    const portalId = (await createPortal(t, cookie)).id;
    clientIds = [(await createClient(t, cookie, portalId)).id, (await createClient(t, cookie, portalId)).id];
  });
  afterAll(() => t.close());

  it('holds two, queues one, refuses the rest with 429 overloaded + Retry-After, then recovers at once', async () => {
    const limit = concurrencyLimit(t.deps);
    let unlock = () => {};
    const unlocked = new Promise<void>((r) => {
      unlock = r;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    // The test's own transaction locks both clients' rows: the updates below wait on it, each holding
    // its slot and its pooled connection.
    const lock = t.sql.begin(async (tx) => {
      await tx`SELECT id FROM clients WHERE id = ANY(${clientIds}::uuid[]) FOR UPDATE`;
      locked();
      await unlocked;
    });
    await isLocked;
    const held = clientIds.map((id, i) =>
      send(t, 'PATCH', `/api/clients/${id}`, cookie, { name: `Held ${i}` }),
    );
    await until(async () => {
      const [row] = await t.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      return row?.n === 2;
    }, 'two updates waiting on the lock');
    expect(limit.load).toEqual({ active: 2, waiting: 0 });

    const queued = send(t, 'GET', '/api/clients', cookie);
    await until(() => limit.load.waiting === 1, 'one queued request');
    const ready = await t.app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not_ready', reasons: ['overloaded'] });

    const started = Date.now();
    const excess = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? send(t, 'GET', `/api/clients/${clientIds[0]}`, cookie, undefined, { 'Accept-Language': 'de' })
          : send(t, 'GET', '/api/clients', cookie),
      ),
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const res of excess) {
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('overloaded');
      expect(body.error.message).not.toMatch(/^errors\./);
    }
    const messages = new Set(
      await Promise.all(
        [
          send(t, 'GET', '/api/clients', cookie),
          send(t, 'GET', '/api/clients', cookie, undefined, { 'Accept-Language': 'de' }),
        ].map(async (r) => ((await (await r).json()) as { error: { message: string } }).error.message),
      ),
    );
    expect(messages.size).toBe(2);
    // Flat: nothing more waits than the queue allows.
    expect(limit.load).toEqual({ active: 2, waiting: 1 });

    unlock();
    await lock;
    const answers = await Promise.all([...held, queued]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(limit.load).toEqual({ active: 0, waiting: 0 });

    const after = Date.now();
    const again = await Promise.all([
      send(t, 'GET', '/api/clients', cookie),
      send(t, 'GET', `/api/clients/${clientIds[0]}`, cookie),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(Date.now() - after).toBeLessThan(2_000);
    const detail = (await again[1]?.json()) as { name: string } | undefined;
    expect(detail?.name).toBe('Held 0');
    expect((await t.app.request('/api/health/ready')).status).toBe(200);
  });
});

describe('runScoped frees the slot when the connection is back', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('after a held transaction ends, not at the answer; also when no connection could be had', async () => {
    const scope = actingFor(crypto.randomUUID());
    let released = 0;
    let finish = () => {};
    const held = new Promise<void>((r) => {
      finish = r;
    });
    const answer = await runScoped(
      t.sql,
      createInProcessPubSub(),
      scope,
      async ({ sql, holdUntil }) => {
        holdUntil(held.then(() => sql`SELECT 1`));
        return 'answered';
      },
      () => {},
      () => released++,
    );
    expect(answer).toBe('answered');
    await new Promise((r) => setTimeout(r, 50));
    expect(released).toBe(0);
    finish();
    await until(() => released === 1, 'the slot freed after the held transaction');

    const closed = postgres('postgres://postgres@127.0.0.1:1/none', {
      max: 1,
      connect_timeout: 1,
      onnotice: () => {},
    }) as unknown as Sql;
    const failed = await runScoped(
      closed,
      createInProcessPubSub(),
      scope,
      async () => 'never',
      () => {},
      () => released++,
    ).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(released).toBe(2);
    await closed.end({ timeout: 1 });
  });
});

for (const [name, url] of [
  ['PostgreSQL', process.env.DATABASE_URL],
  ['the embedded PGlite', undefined],
] as const) {
  describe(`readiness on ${name}`, () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext({}, { databaseUrl: url });
    });
    afterAll(() => t.close());

    it('is ready when the database answers and every migration is applied; liveness stays apart', async () => {
      const res = await t.app.request('/api/health/ready');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'ready', reasons: [], version: 'test' });
      expect((await t.app.request('/api/health')).status).toBe(200);
    });

    it('is not ready while shutting down', async () => {
      const limit = concurrencyLimit(t.deps);
      limit.stopping = true;
      try {
        const res = await t.app.request('/api/health/ready');
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ status: 'not_ready', reasons: ['shutting_down'] });
      } finally {
        limit.stopping = false;
      }
    });

    it('is not ready when a migration of this build is not applied', async () => {
      await t.sql
        .begin(async (tx) => {
          const [last] = await tx<{ name: string }[]>`
          SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`;
          await tx`DELETE FROM schema_migrations WHERE name = ${last?.name ?? ''}`;
          const res = await createApp({ ...t.deps, sql: tx as unknown as Sql }).request('/api/health/ready');
          expect(res.status).toBe(503);
          expect(await res.json()).toMatchObject({ reasons: ['migrations_pending'] });
          throw new Rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof Rollback)) throw e;
        });
      expect((await t.app.request('/api/health/ready')).status).toBe(200);
    });
  });
}

class Rollback extends Error {}

describe('readiness with the database unreachable', () => {
  let t: TestContext;
  let closed: Sql;
  beforeAll(async () => {
    t = await createTestContext();
    // A port nothing listens on: every connection attempt is refused.
    closed = postgres('postgres://postgres@127.0.0.1:1/none', {
      max: 1,
      connect_timeout: 1,
      onnotice: () => {},
    }) as unknown as Sql;
  });
  afterAll(async () => {
    await closed.end({ timeout: 1 });
    await t.close();
  });

  it('answers 503 database_unreachable within the bound (and liveness reports the database down)', async () => {
    const app = createApp({ ...t.deps, sql: closed });
    const started = Date.now();
    const res = await app.request('/api/health/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not_ready', reasons: ['database_unreachable'] });
    const health = await app.request('/api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ database: 'down' });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The instance whose database answers is ready.
    expect((await t.app.request('/api/health/ready')).status).toBe(200);
  });
});
