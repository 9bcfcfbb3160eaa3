import { networkInterfaces } from 'node:os';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../auth/testing';
import { loadConfig } from '../../config';
import { createTestContext, type TestContext } from '../../testing/harness';
import { portalRequest, portalWorld } from '../portal-client/testing';

describe('GET /api/dev/outbox', () => {
  it('lists the latest mails, filtered by recipient', async () => {
    const t = await createTestContext({ TRUST_PROXY: 'true' });
    try {
      await signUp(t, 'one@example.com');
      await signUp(t, 'two@example.com');
      const all = await (await t.app.request('/api/dev/outbox')).json();
      expect(all.mails.map((m: { to: string }) => m.to).sort()).toEqual([
        'one@example.com',
        'two@example.com',
      ]);
      const res = await t.app.request('/api/dev/outbox?to=TWO@example.com');
      const { mails } = await res.json();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'two@example.com', kind: 'verify_email' });
      expect(Object.keys(mails[0]).sort()).toEqual([
        'attachments',
        'attempts',
        'createdAt',
        'html',
        'id',
        'kind',
        'lastError',
        'sentAt',
        'status',
        'subject',
        'text',
        'to',
      ]);
      // Queued with the sign-up; a worker delivers it (api/mail/queue-mail.test.ts), none runs here.
      expect(mails[0]).toMatchObject({ status: 'pending', attempts: 0, lastError: null, attachments: [] });
    } finally {
      await t.close();
    }
  });

  it('does not exist in production, nor in the OpenAPI document', async () => {
    const t = await createTestContext({ NODE_ENV: 'production' });
    try {
      const res = await t.app.request('/api/dev/outbox');
      expect(res.status).toBe(404);
      const doc = await (await t.app.request('/api/openapi.json')).json();
      expect(Object.keys(doc.paths)).not.toContain('/api/dev/outbox');
      expect(Object.keys(doc.paths)).toContain('/api/auth/sign-in');
    } finally {
      await t.close();
    }
  });

  it('does not exist when real mail goes out through Resend', async () => {
    const t = await createTestContext({ RESEND_API_KEY: 're_test_key' });
    try {
      expect((await t.app.request('/api/dev/outbox')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

/** The request as @hono/node-server hands it to the app: with the socket's peer address. */
const from = (t: TestContext, path: string, peer: string, init: RequestInit = {}) =>
  t.app.request(path, init, { incoming: { socket: { remoteAddress: peer } } });

/** This machine's first address that is not loopback (the review reached the outbox through one). */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i?.family === 'IPv4' && !i.internal)?.address;

describe('development helpers only for the machine itself (issue 17, finding 15)', () => {
  it('answers the outbox to a loopback peer only, and never to what a proxy forwarded', async () => {
    const t = await createTestContext();
    try {
      expect((await from(t, '/api/dev/outbox', '127.0.0.1')).status).toBe(200);
      expect((await from(t, '/api/dev/outbox', '::1')).status).toBe(200);
      expect((await from(t, '/api/dev/outbox', '::ffff:127.0.0.1')).status).toBe(200);
      for (const peer of ['192.0.2.10', '10.0.0.5', '::ffff:192.168.1.4', 'fe80::1'])
        expect((await from(t, '/api/dev/outbox', peer)).status, peer).toBe(404);
      const forwarded = await from(t, '/api/dev/outbox', '127.0.0.1', {
        headers: { 'X-Forwarded-For': '203.0.113.7' },
      });
      expect(forwarded.status).toBe(404);
      expect((await forwarded.json()).error.code).toBe('not_found');
    } finally {
      await t.close();
    }
  });

  it('leaves outboxUrl and demoLink out of a magic-link answer to another machine', async () => {
    const t = await createTestContext({ TRUST_PROXY: 'true' });
    try {
      const world = await portalWorld(t, 'remote-dev');
      const ask = (peer: string) =>
        t.app.request(
          '/api/portal/magic-link',
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: world.client.email, portalId: world.portalId }),
          },
          { incoming: { socket: { remoteAddress: peer } } },
        );
      const local = await ask('127.0.0.1');
      expect(local.status).toBe(200);
      expect(await local.json()).toHaveProperty('outboxUrl');
      const remote = await ask('192.0.2.10');
      expect(remote.status).toBe(200);
      const body = await remote.json();
      expect(body).not.toHaveProperty('outboxUrl');
      expect(body).not.toHaveProperty('demoLink');
      // In-process callers (the API tests) have no network at all.
      const inProcess = await portalRequest(t, 'POST', '/api/portal/magic-link', undefined, {
        email: world.client.email,
        portalId: world.portalId,
      });
      expect(await inProcess.json()).toHaveProperty('outboxUrl');
    } finally {
      await t.close();
    }
  });

  it('serves other machines with DEV_HELPERS_REMOTE=true, which production refuses', async () => {
    const t = await createTestContext({ DEV_HELPERS_REMOTE: 'true' });
    try {
      expect((await from(t, '/api/dev/outbox', '192.0.2.10')).status).toBe(200);
    } finally {
      await t.close();
    }
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_HELPERS_REMOTE: 'true' })).toThrow(
      /^Invalid environment variable DEV_HELPERS_REMOTE: /,
    );
  });

  it.skipIf(!lanAddress)('refuses the outbox over the network on a server listening on 0.0.0.0', async () => {
    const t = await createTestContext();
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '0.0.0.0' }, () => resolve(s));
    });
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect((await fetch(`http://127.0.0.1:${port}/api/dev/outbox`)).status).toBe(200);
      expect((await fetch(`http://${lanAddress}:${port}/api/dev/outbox`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    }
  });
});
