import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import postgres from 'postgres';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { type Database, openDatabase } from '../../api/db/client';
import type { AppDeps } from '../../api/http/context';
import { createLogger } from '../../api/http/logger';
import { queueClientEvent } from '../../api/integrations/webhooks/client-events';
import { createEndpoint } from '../../api/integrations/webhooks/endpoints';
import { pollUntil, type Receiver, startReceiver } from '../../api/integrations/webhooks/testing';
import { createDeps, type RunningServer, startServer } from '../../api/server';

/**
 * Two server instances (createDeps + startServer, as api/main.ts runs them) on one fresh PostgreSQL
 * database, each committing half of the events: every event reaches every endpoint exactly once as a
 * success (retries of failed attempts carry the same webhook-id), signed, and no delivery is left pending.
 */
const EVENTS = 100;
const ENDPOINTS = 3;
const FAILURES = 20;

interface Instance {
  deps: AppDeps;
  server: RunningServer;
}

let receiver: Receiver;
let dropDatabase: () => Promise<void> = async () => {};
const instances: Instance[] = [];
const secrets: string[] = [];
let providerId = '';
let portalId = '';

async function startInstance(db: Database): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: join(import.meta.dirname, 'no-dist'),
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    // Retries in milliseconds instead of seconds: configuration, not a test switch.
    WEBHOOKS_RETRY_BASE_MS: '20',
    WEBHOOKS_RETRY_MAX_MS: '100',
    JOBS_POLL_INTERVAL_MS: '100',
    JOBS_CONCURRENCY: '4',
  });
  const { deps } = await createDeps(config, createLogger('silent'), db);
  return { deps, server: await startServer(deps, db) };
}

const url = process.env.DATABASE_URL;

describe.runIf(url)('webhooks from two server instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    receiver = await startReceiver();
    const name = `hooks_${randomBytes(5).toString('hex')}`;
    const admin = postgres(url as string, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(url as string);
    dbUrl.pathname = `/${name}`;
    const log = createLogger('silent');
    const open = () =>
      openDatabase({ DATABASE_URL: dbUrl.href, DATA_DIR: undefined, DATABASE_POOL_MAX: 5 }, log);
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    };
    instances.push(await startInstance(await open()));
    instances.push(await startInstance(await open()));
    const { deps } = instances[0] as Instance;
    const [user] = await deps.sql<{ id: string }[]>`
      INSERT INTO users (email, password_hash, email_verified_at) VALUES ('two@instances.test', 'x', now()) RETURNING id`;
    providerId = (user as { id: string }).id;
    const [portal] = await deps.sql<{ id: string }[]>`
      INSERT INTO client_portals (provider_id, portal_name) VALUES (${providerId}, 'Two') RETURNING id`;
    portalId = (portal as { id: string }).id;
    for (let i = 0; i < ENDPOINTS; i++) {
      const created = await createEndpoint(
        deps,
        { kind: 'provider', providerId, sessionId: '' },
        {
          url: `http://127.0.0.1:${receiver.port}/e${i}`,
          description: null,
          eventTypes: ['client.created'],
          enabled: true,
        },
      );
      secrets.push(created.secret);
    }
  }, 120_000);

  afterAll(async () => {
    for (const instance of [...instances].reverse()) await instance.server.stop();
    await dropDatabase();
    await receiver?.close();
  }, 120_000);

  it(`delivers ${EVENTS} events to ${ENDPOINTS} endpoints exactly once each, retrying while the receiver fails`, async () => {
    receiver.failNext(FAILURES);
    const commit = async (instance: Instance, offset: number) => {
      for (let i = offset; i < offset + EVENTS / 2; i++) {
        await instance.deps.sql.begin(async (tx) => {
          const [client] = await tx<{ id: string }[]>`
            INSERT INTO clients (provider_id, portal_id, name, email)
            VALUES (${providerId}, ${portalId}, ${`Client ${i}`}, ${`c${i}@instances.test`}) RETURNING id`;
          await queueClientEvent(
            tx,
            instance.deps.jobs,
            providerId,
            'client.created',
            (client as { id: string }).id,
          );
        });
      }
    };
    const [first, second] = instances as [Instance, Instance];
    await Promise.all([commit(first, 0), commit(second, EVENTS / 2)]);

    const total = EVENTS * ENDPOINTS;
    await receiver.waitFor((got) => got.length >= total + FAILURES, 120_000);
    // Nothing left to deliver: every delivery succeeded (a duplicate would have to come from a pending one).
    await pollUntil(
      async () =>
        (await first.deps.sql<{ status: string; n: number }[]>`
          SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status`) as {
          status: string;
          n: number;
        }[],
      (rows) => rows.length === 1 && rows[0]?.status === 'succeeded' && rows[0]?.n === total,
      { timeoutMs: 30_000 },
    );
    const got = receiver.received;
    expect(got).toHaveLength(total + FAILURES);
    const pairs = got.map((r) => `${r.path}|${r.headers['webhook-id']}`);
    expect(new Set(pairs).size).toBe(total);
    for (const r of got) {
      const i = Number(r.path.slice(2));
      const headers = {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      };
      expect(() => new Webhook(secrets[i] as string).verify(r.body, headers)).not.toThrow();
    }
    const [attempts] = await first.deps.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM webhook_delivery_attempts`;
    expect(attempts?.n).toBe(total + FAILURES);
  }, 180_000);
});
