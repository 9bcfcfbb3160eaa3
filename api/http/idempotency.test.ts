import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ApiKeyCreated } from '../../shared/contracts/api-keys';
import { hashPassword } from '../auth/password';
import { createSession } from '../auth/session';
import { createTestContext, jsonHeaders, type TestContext } from '../testing/harness';
import { IDEMPOTENCY_TTL_MS } from './idempotency';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

let counter = 0;
async function provider() {
  const email = `idem-${Date.now().toString(36)}-${counter++}@example.com`;
  const [user] = await t.sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash, email_verified_at)
    VALUES (${email}, ${await hashPassword('idempotency password')}, now()) RETURNING id`;
  const id = user?.id ?? '';
  const session = await createSession(t.sql, id, t.deps.now());
  const cookie = `session=${session.token}`;
  const portal = await post('/api/portals', { portalName: 'Idempotent portal' }, { Cookie: cookie });
  const key = await post('/api/api-keys', { name: 'k', scopes: ['clients:write'] }, { Cookie: cookie });
  return {
    id,
    cookie,
    portalId: ((await portal.json()) as { id: string }).id,
    key: ((await key.json()) as ApiKeyCreated).secret,
  };
}

function post(path: string, body: unknown, headers: Record<string, string>) {
  return t.app.request(path, {
    method: 'POST',
    headers: headers.Cookie ? jsonHeaders(headers) : { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const clientsOf = async (providerId: string) =>
  (await t.sql<{ id: string }[]>`SELECT id FROM clients WHERE provider_id = ${providerId}`).map((r) => r.id);

describe('Idempotency-Key on creating POSTs', () => {
  it('replays the first answer for the same request, with a key or a cookie', async () => {
    const p = await provider();
    const auths: Record<string, string>[] = [{ Authorization: `Bearer ${p.key}` }, { Cookie: p.cookie }];
    for (const auth of auths) {
      const key = crypto.randomUUID();
      const body = { name: 'Grace Hopper', email: `grace-${counter++}@example.com`, portalId: p.portalId };
      const first = await post('/api/clients', body, { ...auth, 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      const again = await post('/api/clients', body, { ...auth, 'Idempotency-Key': key });
      expect(again.status).toBe(201);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await again.json()).toEqual(await first.json());
    }
    expect(await clientsOf(p.id)).toHaveLength(2);
  });

  it('answers 422 for the same key with another body or path, and keys are per provider', async () => {
    const p = await provider();
    const other = await provider();
    const key = crypto.randomUUID();
    const body = { name: 'Alan Turing', email: `alan-${counter++}@example.com`, portalId: p.portalId };
    expect((await post('/api/clients', body, { Cookie: p.cookie, 'Idempotency-Key': key })).status).toBe(201);
    const reused = await post(
      '/api/clients',
      { ...body, name: 'Someone else' },
      { Cookie: p.cookie, 'Idempotency-Key': key },
    );
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    const elsewhere = await post(
      '/api/portals',
      { portalName: 'x' },
      { Cookie: p.cookie, 'Idempotency-Key': key },
    );
    expect(elsewhere.status).toBe(422);
    // Another provider's identical key is their own.
    const theirs = await post(
      '/api/clients',
      { ...body, portalId: other.portalId },
      { Cookie: other.cookie, 'Idempotency-Key': key },
    );
    expect(theirs.status).toBe(201);
    expect(await clientsOf(p.id)).toHaveLength(1);
    expect(await clientsOf(other.id)).toHaveLength(1);
  });

  it('creates exactly one object for 10 concurrent repeats', async () => {
    const p = await provider();
    const key = crypto.randomUUID();
    const body = { name: 'Edsger Dijkstra', email: `edsger-${counter++}@example.com`, portalId: p.portalId };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/clients', body, { Authorization: `Bearer ${p.key}`, 'Idempotency-Key': key }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'idempotency_key_in_progress',
      );
      expect(res.headers.get('Retry-After')).toBe('1');
    }
    expect(await clientsOf(p.id)).toHaveLength(1);
    const ids = new Set(
      await Promise.all(
        answers.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { id: string }).id),
      ),
    );
    expect(ids.size).toBe(1);
    // Once the first finished, every repeat replays it.
    const late = await post('/api/clients', body, {
      Authorization: `Bearer ${p.key}`,
      'Idempotency-Key': key,
    });
    expect(late.status).toBe(201);
    expect(ids.has(((await late.json()) as { id: string }).id)).toBe(true);
  });

  it('keeps no failed answer (a corrected retry runs) and forgets keys after 24 h', async () => {
    const p = await provider();
    const key = crypto.randomUUID();
    const bad = await post(
      '/api/clients',
      { name: '', portalId: p.portalId },
      { Cookie: p.cookie, 'Idempotency-Key': key },
    );
    expect(bad.status).toBe(422);
    const body = { name: 'Barbara Liskov', email: `barbara-${counter++}@example.com`, portalId: p.portalId };
    expect((await post('/api/clients', body, { Cookie: p.cookie, 'Idempotency-Key': key })).status).toBe(201);
    t.advance(IDEMPOTENCY_TTL_MS + 1000);
    const later = await post(
      '/api/clients',
      { ...body, email: `b2-${counter++}@example.com` },
      {
        Cookie: p.cookie,
        'Idempotency-Key': key,
      },
    );
    expect(later.status).toBe(201);
    expect(later.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await clientsOf(p.id)).toHaveLength(2);
  });

  it('replays a file upload (multipart) and refuses the key with other bytes', async () => {
    const p = await provider();
    const client = await post(
      '/api/clients',
      { name: 'Hedy Lamarr', email: `hedy-${counter++}@example.com`, portalId: p.portalId },
      { Cookie: p.cookie },
    );
    const clientId = ((await client.json()) as { id: string }).id;
    const project = await post('/api/projects', { name: 'Upload project', clientId }, { Cookie: p.cookie });
    const projectId = ((await project.json()) as { id: string }).id;
    const form = async (color: string) => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
        .png()
        .toBuffer();
      const data = new FormData();
      data.set('file', new File([new Uint8Array(png)], 'pixel.png', { type: 'image/png' }));
      return data;
    };
    // Through the Node server, as a real upload arrives (the handler streams the Node request itself).
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const upload = async (data: FormData, key: string) => {
      const { 'Content-Type': _json, ...headers } = jsonHeaders({ Cookie: p.cookie, 'Idempotency-Key': key });
      return fetch(`${base}/api/projects/${projectId}/files`, { method: 'POST', headers, body: data });
    };
    const key = crypto.randomUUID();
    const same = await form('#0f766e');
    const first = await upload(same, key);
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await upload(same, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect((await upload(await form('#ff0000'), key)).status).toBe(422);
    const files = await t.sql`SELECT id FROM files WHERE provider_id = ${p.id}`;
    expect(files).toHaveLength(1);
  });

  it('refuses a malformed key with 422 before anything is created', async () => {
    const p = await provider();
    const body = { name: 'Ken Thompson', email: `ken-${counter++}@example.com`, portalId: p.portalId };
    const res = await post('/api/clients', body, { Cookie: p.cookie, 'Idempotency-Key': 'x'.repeat(256) });
    expect(res.status).toBe(422);
    expect(await clientsOf(p.id)).toHaveLength(0);
  });
});
