import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '../../../shared/contracts/webhooks';
import { signedInProvider } from '../../auth/testing';
import { type JobWorker, startWorker } from '../../jobs/worker';
import { send } from '../../routes/account/testing';
import { createClient, createPortal } from '../../routes/portals/testing';
import { startDnsStandIn } from '../../testing/dns-stand-in';
import { createTestContext, type TestContext } from '../../testing/harness';
import { queueClientEvent } from './client-events';
import { pollUntil, type Receiver, startReceiver } from './testing';

/*
 * Outgoing webhooks end to end: the endpoints API, and events from real changes delivered by the job
 * worker to a local receiver (named through the DNS stand-in, loopback allowed by configuration) that
 * checks every signature with `standardwebhooks`, the specification's reference library.
 */

let t: TestContext;
let worker: JobWorker | undefined;
let receiver: Receiver;
let dns: Awaited<ReturnType<typeof startDnsStandIn>>;
let owner: string;
let portalId: string;

const hookUrl = (path: string) => `http://receiver.test:${receiver.port}${path}`;

interface Created {
  id: string;
  secret: string;
  [key: string]: unknown;
}

async function createEndpoint(body: Record<string, unknown>, cookie = owner): Promise<Created> {
  const res = await send(t, 'POST', '/api/webhook-endpoints', cookie, {
    eventTypes: ['client.created'],
    ...body,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}

const deliveriesOf = async (endpointId: string) => {
  const res = await send(t, 'GET', `/api/webhook-endpoints/${endpointId}/deliveries`, owner);
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      items: {
        id: string;
        eventId: string;
        eventType: string;
        status: string;
        attempts: number;
        log: { attempt: number; statusCode: number | null; manual: boolean; responseBody: string | null }[];
      }[];
    }
  ).items;
};

const forPath = (path: string) => receiver.received.filter((r) => r.path === path);

beforeAll(async () => {
  receiver = await startReceiver();
  dns = await startDnsStandIn();
  dns.setAddresses('receiver.test', ['127.0.0.1']);
  t = await createTestContext({
    DNS_SERVERS: dns.address,
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    // Retries in milliseconds instead of seconds: configuration, not a test switch.
    WEBHOOKS_RETRY_BASE_MS: '10',
    WEBHOOKS_RETRY_MAX_MS: '40',
    WEBHOOKS_TIMEOUT_MS: '2000',
    JOBS_POLL_INTERVAL_MS: '50',
    JOBS_CONCURRENCY: '4',
  });
  worker = await startWorker(t.deps, t.db, { schedules: [] });
  owner = await signedInProvider(t, 'hooks-owner@example.com');
  portalId = (await createPortal(t, owner)).id;
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await receiver?.close();
  await dns?.close();
});

describe('webhook endpoints', () => {
  it('shows the signing secret once, on creation, and stores it only encrypted', async () => {
    const created = await createEndpoint({ url: hookUrl('/secret'), description: 'Zapier' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const read = await send(t, 'GET', `/api/webhook-endpoints/${created.id}`, owner);
    const body = (await read.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ url: hookUrl('/secret'), description: 'Zapier', enabled: true });
    expect(body).not.toHaveProperty('secret');
    const [row] = await t.sql<
      { stored: Buffer }[]
    >`SELECT secret_encrypted AS stored FROM webhook_endpoints WHERE id = ${created.id}`;
    expect(Buffer.from(row?.stored ?? []).toString('latin1')).not.toContain(created.secret.slice(6));
  });

  it.each([
    ['not a URL', 'hooks.example.com/x', 'validation.webhookUrlInvalid'],
    ['another scheme', 'ftp://hooks.example.com/x', 'validation.webhookUrlInvalid'],
    ['credentials in it', 'https://user:pw@hooks.example.com/x', 'validation.webhookUrlInvalid'],
    ['too long', `https://hooks.example.com/${'a'.repeat(2048)}`, 'validation.webhookUrlTooLong'],
    ['an internal address', 'http://169.254.169.254/latest', 'validation.webhookUrlInternal'],
    ['a private address', 'https://10.1.2.3/hook', 'validation.webhookUrlInternal'],
  ])('refuses a URL that is %s with 422 and the reason, in en and de', async (_what, url, key) => {
    const res = await send(t, 'POST', '/api/webhook-endpoints', owner, {
      url,
      eventTypes: ['client.created'],
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      error: { fields: { path: string; key: string; message: string }[] };
    };
    expect(body.error.fields).toEqual([expect.objectContaining({ path: 'url', key })]);
    const de = await send(
      t,
      'POST',
      '/api/webhook-endpoints',
      owner,
      { url, eventTypes: ['client.created'] },
      {
        'Accept-Language': 'de',
      },
    );
    const german = (await de.json()) as { error: { fields: { message: string }[] } };
    expect(german.error.fields[0]?.message).not.toBe(body.error.fields[0]?.message);
  });

  it('refuses an empty or unknown event list', async () => {
    for (const eventTypes of [[], ['client.exploded']]) {
      const res = await send(t, 'POST', '/api/webhook-endpoints', owner, { url: hookUrl('/x'), eventTypes });
      expect(res.status).toBe(422);
    }
  });

  it(`allows ${WEBHOOK_LIMITS.endpointsPerProvider} endpoints per provider`, async () => {
    const cookie = await signedInProvider(t, 'hooks-many@example.com');
    for (let i = 0; i < WEBHOOK_LIMITS.endpointsPerProvider; i++)
      await createEndpoint({ url: hookUrl(`/many-${i}`) }, cookie);
    const res = await send(
      t,
      'POST',
      '/api/webhook-endpoints',
      cookie,
      { url: hookUrl('/one-more'), eventTypes: ['client.created'] },
      {
        'Accept-Language': 'de',
      },
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('webhook_endpoint_limit');
    expect(body.error.message).toContain('20');
    // Paged by cursor like every list.
    const first = (await (await send(t, 'GET', '/api/webhook-endpoints?limit=15', cookie)).json()) as {
      items: { id: string }[];
      nextCursor: string | null;
    };
    expect(first.items).toHaveLength(15);
    const rest = (await (
      await send(t, 'GET', `/api/webhook-endpoints?limit=15&cursor=${first.nextCursor}`, cookie)
    ).json()) as { items: { id: string }[]; nextCursor: string | null };
    expect(rest.items).toHaveLength(5);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.items, ...rest.items].map((e) => e.id)).size).toBe(20);
  });

  it('answers 404 for another provider’s endpoint and its deliveries', async () => {
    const mine = await createEndpoint({ url: hookUrl('/private') });
    const stranger = await signedInProvider(t, 'hooks-stranger@example.com');
    const base = `/api/webhook-endpoints/${mine.id}`;
    for (const [method, path, body] of [
      ['GET', base],
      ['PATCH', base, { enabled: false }],
      ['DELETE', base],
      ['POST', `${base}/rotate-secret`],
      ['GET', `${base}/deliveries`],
      ['POST', `${base}/test`],
      ['POST', `${base}/deliveries/${mine.id}/redeliver`],
    ] as const) {
      expect((await send(t, method, path, stranger, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await send(t, 'GET', base, owner)).status).toBe(200);
  });
});

describe('delivery', () => {
  it('delivers a signed event that failed twice: one delivery, three attempts, nothing lost', async () => {
    const endpoint = await createEndpoint({ url: hookUrl('/retry'), eventTypes: ['client.created'] });
    receiver.failNext(2, '/retry');
    const client = await createClient(t, owner, portalId, { name: 'Retry Client' });
    await receiver.waitFor(() => forPath('/retry').length >= 3);

    const got = forPath('/retry');
    const verifier = new Webhook(endpoint.secret);
    const ids = new Set<string>();
    for (const request of got) {
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      expect(() => verifier.verify(request.body, headers)).not.toThrow();
      ids.add(headers['webhook-id']);
    }
    // The same message every time: a receiver can drop the repeats by webhook-id.
    expect(ids.size).toBe(1);
    const payload = JSON.parse(got[2]?.body ?? '{}');
    expect(payload).toMatchObject({
      id: [...ids][0],
      type: 'client.created',
      version: 1,
      data: { object: { id: client.id, name: 'Retry Client', portal: { id: portalId } } },
    });
    expect(Date.parse(payload.timestamp)).not.toBeNaN();

    const deliveries = await pollUntil(
      () => deliveriesOf(endpoint.id),
      (items) => items[0]?.status === 'succeeded',
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ eventId: [...ids][0], eventType: 'client.created', attempts: 3 });
    expect(deliveries[0]?.log.map((a) => [a.attempt, a.statusCode])).toEqual([
      [3, 200],
      [2, 500],
      [1, 500],
    ]);
    expect(deliveries[0]?.log[1]?.responseBody).toBe('receiver failed on purpose');
  });

  it('signs with the old and the new secret for 24 hours after a rotation', async () => {
    const endpoint = await createEndpoint({ url: hookUrl('/rotate') });
    const rotated = await send(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, owner);
    expect(rotated.status).toBe(200);
    const next = (await rotated.json()) as { secret: string; previousSecretExpiresAt: string };
    expect(next.secret).not.toBe(endpoint.secret);
    expect(Date.parse(next.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    expect((await send(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, owner)).status).toBe(202);
    await receiver.waitFor(() => forPath('/rotate').length >= 1);
    const request = forPath('/rotate')[0];
    const headers = {
      'webhook-id': String(request?.headers['webhook-id']),
      'webhook-timestamp': String(request?.headers['webhook-timestamp']),
      'webhook-signature': String(request?.headers['webhook-signature']),
    };
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      type: 'webhook.test',
      data: { object: { endpointId: endpoint.id } },
    });
    // Each secret alone verifies it (a receiver still on the old one, or already on the new one).
    expect(() => new Webhook(endpoint.secret).verify(request?.body ?? '', headers)).not.toThrow();
    expect(() => new Webhook(next.secret).verify(request?.body ?? '', headers)).not.toThrow();

    // After the 24 hours only the new secret signs.
    t.advance(24 * 3_600_000 + 1_000);
    try {
      expect((await send(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, owner)).status).toBe(202);
      await receiver.waitFor(() => forPath('/rotate').length >= 2);
      const later = forPath('/rotate')[1];
      expect(String(later?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    } finally {
      t.advance(-(24 * 3_600_000 + 1_000));
    }
  });

  it('redelivers a delivery with the same webhook-id, as a manual attempt', async () => {
    const endpoint = await createEndpoint({ url: hookUrl('/again'), eventTypes: ['client.updated'] });
    const client = await createClient(t, owner, portalId, { name: 'Renamed Later' });
    expect((await send(t, 'PATCH', `/api/clients/${client.id}`, owner, { name: 'Renamed' })).status).toBe(
      200,
    );
    await receiver.waitFor(() => forPath('/again').length >= 1);
    const [delivery] = await pollUntil(
      () => deliveriesOf(endpoint.id),
      (items) => items[0]?.status === 'succeeded',
    );
    const res = await send(
      t,
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery?.id}/redeliver`,
      owner,
    );
    expect(res.status).toBe(202);
    await receiver.waitFor(() => forPath('/again').length >= 2);
    const [first, second] = forPath('/again');
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(JSON.parse(second?.body ?? '{}')).toMatchObject({
      type: 'client.updated',
      data: { object: { name: 'Renamed' } },
    });
    const [after] = await pollUntil(
      () => deliveriesOf(endpoint.id),
      (items) => items[0]?.attempts === 2,
    );
    expect(after?.log[0]).toMatchObject({ attempt: 2, manual: true, statusCode: 200 });
  });

  it('sends project and message events from the activity writer', async () => {
    const endpoint = await createEndpoint({
      url: hookUrl('/activity'),
      eventTypes: ['project.created', 'project.status_changed', 'message.created'],
    });
    const client = await createClient(t, owner, portalId, { name: 'Activity Client' });
    const project = (await (
      await send(t, 'POST', '/api/projects', owner, { name: 'Hooked project', clientId: client.id })
    ).json()) as { id: string };
    expect(
      (await send(t, 'PATCH', `/api/projects/${project.id}`, owner, { status: 'in_progress' })).status,
    ).toBe(200);
    const message = await send(t, 'POST', `/api/projects/${project.id}/messages`, owner, {
      clientMessageId: crypto.randomUUID(),
      body: 'Hello from a webhook test',
    });
    expect(message.status).toBeLessThan(300);
    await receiver.waitFor(() => forPath('/activity').length >= 3);
    const types = forPath('/activity').map(
      (r) => JSON.parse(r.body) as { type: string; data: { object: { id: string } } },
    );
    expect(types.map((e) => e.type).sort()).toEqual([
      'message.created',
      'project.created',
      'project.status_changed',
    ]);
    expect(types.find((e) => e.type === 'project.created')?.data.object.id).toBe(project.id);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(3);
  });

  it('writes nothing when the change is rolled back', async () => {
    await createEndpoint({ url: hookUrl('/rollback'), eventTypes: ['client.updated'] });
    const client = await createClient(t, owner, portalId, { name: 'Never Updated' });
    const [{ providerId }] =
      (await t.sql`SELECT provider_id AS "providerId" FROM clients WHERE id = ${client.id}`) as unknown as [
        { providerId: string },
      ];
    const count = async () =>
      Number(
        (
          await t.sql<{ n: string }[]>`SELECT count(*) AS n FROM webhook_events WHERE type = 'client.updated'`
        )[0]?.n,
      );
    const before = await count();
    await expect(
      t.sql.begin(async (tx) => {
        await tx`UPDATE clients SET name = 'Half changed' WHERE id = ${client.id}`;
        const queued = await queueClientEvent(tx, t.deps.jobs, providerId, 'client.updated', client.id);
        expect(queued).not.toBeNull();
        throw new Error('the change fails after the event was queued');
      }),
    ).rejects.toThrow('the change fails');
    expect(await count()).toBe(before);
    // No delivery job was left behind either: every queued one names a delivery that exists.
    const jobs = await t.sql<{ n: string }[]>`
      SELECT count(*) AS n FROM ${t.sql(t.db.queueSchema)}._private_jobs j
      JOIN ${t.sql(t.db.queueSchema)}._private_tasks k ON k.id = j.task_id
      WHERE k.identifier = 'deliver_webhook'
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.id::text = j.payload->'payload'->>'deliveryId')`;
    expect(Number(jobs[0]?.n)).toBe(0);
  });

  it('turns off an endpoint that failed for 3 days and e-mails its provider', async () => {
    const endpoint = await createEndpoint({ url: hookUrl('/down'), eventTypes: ['client.created'] });
    receiver.behave('/down', { kind: 'status', status: 503 });
    await t.sql`UPDATE webhook_endpoints SET failing_since = now() - interval '3 days 1 minute' WHERE id = ${endpoint.id}`;
    await createClient(t, owner, portalId, { name: 'Down Client' });
    const state = await pollUntil(
      async () =>
        (await (await send(t, 'GET', `/api/webhook-endpoints/${endpoint.id}`, owner)).json()) as {
          enabled: boolean;
          disabledReason: string | null;
        },
      (e) => !e.enabled,
    );
    expect(state.disabledReason).toBe('failing');
    const mails = await t.sql<
      { kind: string }[]
    >`SELECT kind FROM outbox_emails WHERE to_address = 'hooks-owner@example.com' AND kind = 'webhook_disabled'`;
    expect(mails).toHaveLength(1);
    // The delivery stops with the endpoint: its remaining retries find it off.
    const [delivery] = await pollUntil(
      () => deliveriesOf(endpoint.id),
      (items) => items[0]?.status === 'failed',
    );
    expect(delivery?.log[0]).toMatchObject({ statusCode: null });
    // Turning it on again starts the count anew.
    const on = await send(t, 'PATCH', `/api/webhook-endpoints/${endpoint.id}`, owner, { enabled: true });
    expect(await on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});
