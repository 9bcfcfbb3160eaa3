import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_MAX, type ApiKeyCreated, type ApiKeyPage } from '../../../shared/contracts/api-keys';
import { pruneApiUsage } from '../../jobs/tasks/prune-api-usage';
import { taskContext } from '../../jobs/testing';
import { createTestContext, jsonHeaders, type TestContext } from '../../testing/harness';
import { hashPassword } from '../password';
import { createSession } from '../session';
import { hashToken } from '../token';
import { hitsPerReservation, LAST_USED_EVERY_MS } from './middleware';
import { API_KEY_RANDOM_LENGTH, newApiKeySecret, randomBase62 } from './secret';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ API_KEY_RATE_LIMIT: '1000', STRIPE_SECRET_KEY: 'sk_test_keys' });
});
afterAll(() => t?.close());

let counter = 0;
async function provider(label = 'keys') {
  const email = `${label}-${Date.now().toString(36)}-${counter++}@example.com`;
  const [user] = await t.sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash, email_verified_at)
    VALUES (${email}, ${await hashPassword('api key tests password')}, now()) RETURNING id`;
  const id = user?.id ?? '';
  await t.sql`INSERT INTO profiles (user_id, full_name) VALUES (${id}, ${label})`;
  const session = await createSession(t.sql, id, t.deps.now());
  const cookie = `session=${session.token}`;
  const portal = await send('POST', '/api/portals', { cookie, body: { portalName: `${label} portal` } });
  expect(portal.status).toBe(201);
  return { id, cookie, portalId: ((await portal.json()) as { id: string }).id };
}

function send(
  method: string,
  path: string,
  opts: { cookie?: string; key?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...(opts.cookie ? jsonHeaders({ Cookie: opts.cookie }) : {}),
    ...(opts.key ? { Authorization: `Bearer ${opts.key}` } : {}),
    ...opts.headers,
  };
  return t.app.request(path, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
}

async function createKey(cookie: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/api-keys', { cookie, body: { name: 'Script', scopes, ...extra } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ApiKeyCreated;
}

const newClient = (portalId: string, name = 'Ada Lovelace') => ({
  name,
  email: `${name.replace(/\W/g, '').toLowerCase()}-${counter++}@example.com`,
  portalId,
});

describe('API key secrets', () => {
  it('are cp_live_ and 43 base62 characters (256 bits), stored as sha256 only', () => {
    const a = newApiKeySecret();
    const b = newApiKeySecret();
    expect(a.secret).toMatch(/^cp_live_[0-9A-Za-z]{43}$/);
    expect(API_KEY_RANDOM_LENGTH * Math.log2(62)).toBeGreaterThan(190);
    expect(a.secret).not.toBe(b.secret);
    expect(a.prefix).toBe(a.secret.slice(0, 14));
    expect(a.secretHash.equals(hashToken(a.secret))).toBe(true);
    // Every base62 character occurs (no alphabet bias cut off a part of it).
    expect(new Set(randomBase62(5000)).size).toBe(62);
  });
});

describe('API keys', () => {
  it('are created, listed without their secret and stored as a hash only', async () => {
    const p = await provider();
    const { apiKey, secret } = await createKey(p.cookie, ['clients:read'], { name: 'Zapier' });
    expect(apiKey).toMatchObject({
      name: 'Zapier',
      scopes: ['clients:read'],
      status: 'active',
      lastUsedAt: null,
    });
    expect(secret.startsWith(apiKey.prefix)).toBe(true);
    const list = await send('GET', '/api/api-keys?limit=10', { cookie: p.cookie });
    const page = (await list.json()) as ApiKeyPage;
    expect(page.items.map((k) => k.id)).toEqual([apiKey.id]);
    expect(page.nextCursor).toBeNull();
    expect(JSON.stringify(page)).not.toContain(secret);
    const rows = await t.sql`SELECT * FROM api_keys WHERE id = ${apiKey.id}`;
    expect(JSON.stringify(rows)).not.toContain(secret.slice(14));
  });

  it('pages the list by cursor', async () => {
    const p = await provider();
    for (let i = 0; i < 3; i++) await createKey(p.cookie, ['clients:read']);
    const first = (await (
      await send('GET', '/api/api-keys?limit=2', { cookie: p.cookie })
    ).json()) as ApiKeyPage;
    expect(first.items).toHaveLength(2);
    const next = (await (
      await send('GET', `/api/api-keys?limit=2&cursor=${first.nextCursor}`, { cookie: p.cookie })
    ).json()) as ApiKeyPage;
    expect(next.items).toHaveLength(1);
    expect(new Set([...first.items, ...next.items].map((k) => k.id)).size).toBe(3);
  });

  it('refuses bad input with 422 and more than the limit with 409', async () => {
    const p = await provider();
    const bad = async (body: unknown, field: string) => {
      const res = await send('POST', '/api/api-keys', { cookie: p.cookie, body });
      expect(res.status).toBe(422);
      const json = (await res.json()) as { error: { fields: { path: string }[] } };
      expect(json.error.fields.map((f) => f.path)).toContain(field);
    };
    await bad({ name: 'x'.repeat(81), scopes: ['clients:read'] }, 'name');
    await bad({ name: 'ok', scopes: [] }, 'scopes');
    await bad({ name: 'ok', scopes: ['clients:admin'] }, 'scopes.0');
    await bad({ name: 'ok', scopes: ['clients:read'], expiresAt: 'tomorrow' }, 'expiresAt');
    await bad({ name: 'ok', scopes: ['clients:read'], expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt');
    await Promise.all(
      Array.from({ length: API_KEYS_MAX + 3 }, () =>
        send('POST', '/api/api-keys', { cookie: p.cookie, body: { name: 'many', scopes: ['clients:read'] } }),
      ),
    );
    const [{ n } = { n: 0 }] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM api_keys WHERE provider_id = ${p.id}`;
    expect(n).toBe(API_KEYS_MAX);
    const over = await send('POST', '/api/api-keys', {
      cookie: p.cookie,
      body: { name: 'one more', scopes: ['clients:read'] },
    });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe('api_key_limit');
  });

  it('authenticate provider operations as the provider, within their scopes', async () => {
    const p = await provider();
    const read = await createKey(p.cookie, ['clients:read']);
    const write = await createKey(p.cookie, ['clients:write', 'projects:read']);
    const list = await send('GET', '/api/clients', { key: read.secret });
    expect(list.status).toBe(200);
    const denied = await send('POST', '/api/clients', { key: read.secret, body: newClient(p.portalId) });
    expect(denied.status).toBe(403);
    const body = (await denied.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('insufficient_scope');
    expect(body.error.message).toContain('clients:write');
    expect(denied.headers.get('www-authenticate')).toBe(
      'Bearer realm="api", error="insufficient_scope", scope="clients:write"',
    );
    const created = await send('POST', '/api/clients', { key: write.secret, body: newClient(p.portalId) });
    expect(created.status).toBe(201);
    const client = (await created.json()) as { id: string };
    // write implies read; another family needs its own scope.
    expect((await send('GET', `/api/clients/${client.id}`, { key: write.secret })).status).toBe(200);
    expect((await send('GET', '/api/projects', { key: write.secret })).status).toBe(200);
    expect((await send('GET', '/api/invoices', { key: write.secret })).status).toBe(403);
    expect((await send('GET', '/api/projects', { key: read.secret })).status).toBe(403);
    // German, as any error.
    const de = await send('GET', '/api/files', { key: read.secret, headers: { 'Accept-Language': 'de' } });
    expect(((await de.json()) as { error: { message: string } }).error.message).toContain('Berechtigung');
  });

  it('never reach another provider’s objects: 404', async () => {
    const victim = await provider('victim');
    const attacker = await provider('attacker');
    const created = await send('POST', '/api/clients', {
      cookie: victim.cookie,
      body: newClient(victim.portalId),
    });
    const { id } = (await created.json()) as { id: string };
    const key = await createKey(attacker.cookie, ['clients:write']);
    expect((await send('GET', `/api/clients/${id}`, { key: key.secret })).status).toBe(404);
    expect(
      (await send('PATCH', `/api/clients/${id}`, { key: key.secret, body: { name: 'Taken' } })).status,
    ).toBe(404);
    expect((await send('DELETE', `/api/clients/${id}`, { key: key.secret })).status).toBe(404);
    const list = await send('GET', '/api/clients', { key: key.secret });
    expect(await list.text()).not.toContain(id);
    // …nor another provider's key.
    const own = await createKey(victim.cookie, ['clients:read']);
    expect((await send('DELETE', `/api/api-keys/${own.apiKey.id}`, { cookie: attacker.cookie })).status).toBe(
      404,
    );
  });

  it('answer one 401 for a malformed, unknown, revoked or expired key, and revoke on the next request', async () => {
    const p = await provider();
    const revoked = await createKey(p.cookie, ['clients:read']);
    expect((await send('GET', '/api/clients', { key: revoked.secret })).status).toBe(200);
    expect((await send('DELETE', `/api/api-keys/${revoked.apiKey.id}`, { cookie: p.cookie })).status).toBe(
      204,
    );
    // Revoking again changes nothing.
    expect((await send('DELETE', `/api/api-keys/${revoked.apiKey.id}`, { cookie: p.cookie })).status).toBe(
      204,
    );
    const expiring = await createKey(p.cookie, ['clients:read'], {
      expiresAt: new Date(t.deps.now().getTime() + 60_000).toISOString(),
    });
    expect((await send('GET', '/api/clients', { key: expiring.secret })).status).toBe(200);
    t.advance(61_000);
    const answers: string[] = [];
    for (const key of [
      revoked.secret,
      expiring.secret,
      `cp_live_${'A'.repeat(43)}`,
      'cp_live_short',
      'garbage',
      `${revoked.secret}x`,
    ]) {
      const res = await send('GET', '/api/clients', { key });
      expect(res.status, key).toBe(401);
      expect(res.headers.get('www-authenticate'), key).toBe('Bearer realm="api", error="invalid_token"');
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      answers.push(`${error.code} ${error.message}`);
    }
    expect(new Set(answers)).toEqual(new Set(['api_key_invalid The API key is not valid.']));
    const list = (await (await send('GET', '/api/api-keys', { cookie: p.cookie })).json()) as ApiKeyPage;
    expect(Object.fromEntries(list.items.map((k) => [k.id, k.status]))).toEqual({
      [revoked.apiKey.id]: 'revoked',
      [expiring.apiKey.id]: 'expired',
    });
    // A bad key beside a good cookie is still refused: the key decides.
    expect((await send('GET', '/api/clients', { key: revoked.secret, cookie: p.cookie })).status).toBe(401);
  });

  it('are never accepted by account-level operations, in a query string or in a cookie', async () => {
    const p = await provider();
    const { secret } = await createKey(p.cookie, [
      'clients:write',
      'projects:write',
      'messages:write',
      'files:write',
      'invoices:write',
      'webhooks:write',
    ]);
    for (const [method, path, body] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys', { name: 'minted', scopes: ['clients:write'] }],
      ['GET', '/api/profile'],
      ['GET', '/api/account/sessions'],
      ['GET', '/api/account/export'],
      [
        'POST',
        '/api/account/password',
        { currentPassword: 'x', newPassword: 'another password 1', confirmPassword: 'another password 1' },
      ],
      ['DELETE', '/api/account', { password: 'api key tests password' }],
      ['GET', '/api/plan'],
      ['GET', '/api/payments/stripe'],
      ['GET', '/api/portals'],
      ['GET', '/api/overview'],
    ] as const) {
      const res = await send(method, path, { key: secret, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await send('GET', `/api/clients?api_key=${secret}`)).status).toBe(401);
    expect((await send('GET', `/api/clients?access_token=${secret}`)).status).toBe(401);
    expect(
      (await send('GET', '/api/clients', { headers: { Cookie: `session=${secret}; api_key=${secret}` } }))
        .status,
    ).toBe(401);
    const [{ n } = { n: 0 }] = await t.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM users WHERE id = ${p.id}`;
    expect(n).toBe(1);
  });

  it('skip the browser Origin rule only for a key without a cookie', async () => {
    const p = await provider();
    const { secret } = await createKey(p.cookie, ['clients:write']);
    const foreign = { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' };
    const byKey = await send('POST', '/api/clients', {
      key: secret,
      body: newClient(p.portalId),
      headers: foreign,
    });
    expect(byKey.status).toBe(201);
    const both = await send('POST', '/api/clients', {
      key: secret,
      body: newClient(p.portalId),
      headers: { ...foreign, Cookie: p.cookie },
    });
    expect(both.status).toBe(403);
    expect(((await both.json()) as { error: { code: string } }).error.code).toBe('csrf_rejected');
    const byCookie = await t.app.request('/api/clients', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: p.cookie, ...foreign },
      body: JSON.stringify(newClient(p.portalId)),
    });
    expect(byCookie.status).toBe(403);
    // Bodies must still be JSON.
    const form = await t.app.request('/api/clients', {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(form.status).toBe(415);
  });

  it('are read-only after the trial like the session (402 on writes)', async () => {
    const p = await provider();
    const { secret } = await createKey(p.cookie, ['clients:write']);
    await t.sql`UPDATE users SET trial_ends_at = now() - interval '1 day', plan = 'trial' WHERE id = ${p.id}`;
    expect((await send('GET', '/api/clients', { key: secret })).status).toBe(200);
    const write = await send('POST', '/api/clients', { key: secret, body: newClient(p.portalId) });
    expect(write.status).toBe(402);
  });

  it('record the last use (time and address) at most once a minute', async () => {
    const p = await provider();
    const { secret, apiKey } = await createKey(p.cookie, ['clients:read']);
    const lastUsed = async () => {
      const [row] = await t.sql<{ last_used_at: Date | null; last_used_ip: string | null }[]>`
        SELECT last_used_at, last_used_ip FROM api_keys WHERE id = ${apiKey.id}`;
      return row;
    };
    await send('GET', '/api/clients', { key: secret });
    const first = await lastUsed();
    expect(first?.last_used_at).not.toBeNull();
    expect(first?.last_used_ip).toBe('unknown');
    t.advance(1000);
    await send('GET', '/api/clients', { key: secret });
    expect((await lastUsed())?.last_used_at).toEqual(first?.last_used_at);
    t.advance(LAST_USED_EVERY_MS);
    await send('GET', '/api/clients', { key: secret });
    expect((await lastUsed())?.last_used_at?.getTime()).toBeGreaterThan(first?.last_used_at?.getTime() ?? 0);
  });
});

describe('per-key rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ API_KEY_RATE_LIMIT: '3' });
  });
  afterAll(() => limited?.close());

  it('send RateLimit headers and answer 429 with Retry-After over the limit, per key', async () => {
    const outer = t;
    t = limited;
    try {
      const p = await provider('limited');
      const a = await createKey(p.cookie, ['clients:read']);
      const b = await createKey(p.cookie, ['clients:read']);
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await send('GET', '/api/clients', { key: a.secret });
        expect(res.status).toBe(200);
        expect(res.headers.get('RateLimit-Policy')).toBe('"default";q=3;w=60');
        remaining.push(res.headers.get('RateLimit') ?? '');
      }
      expect(remaining.map((h) => h.replace(/;t=\d+$/, ''))).toEqual([
        '"default";r=2',
        '"default";r=1',
        '"default";r=0',
      ]);
      for (const h of remaining) {
        const seconds = Number(h.match(/;t=(\d+)$/)?.[1]);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(60);
      }
      const over = await send('GET', '/api/clients', { key: a.secret });
      expect(over.status).toBe(429);
      expect(((await over.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      expect(Number(over.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      expect(over.headers.get('RateLimit')).toMatch(/^"default";r=0;t=\d+$/);
      // Another key has its own budget; cookie requests have none of these headers.
      expect((await send('GET', '/api/clients', { key: b.secret })).status).toBe(200);
      const cookie = await send('GET', '/api/clients', { cookie: p.cookie });
      expect(cookie.status).toBe(200);
      expect(cookie.headers.get('RateLimit')).toBeNull();
      // The next window starts afresh.
      limited.advance(60_000);
      expect((await send('GET', '/api/clients', { key: a.secret })).status).toBe(200);
      // Old windows are pruned by the job.
      const before = await limited.sql`SELECT 1 FROM api_key_rate_windows`;
      expect(before.length).toBeGreaterThan(1);
      await pruneApiUsage.run({}, taskContext(limited));
      const after = await limited.sql<
        { window_start: Date }[]
      >`SELECT window_start FROM api_key_rate_windows`;
      expect(after.length).toBeGreaterThan(0);
      for (const row of after)
        expect(row.window_start.getTime()).toBeGreaterThan(limited.deps.now().getTime() - 120_000);
      expect(after.length).toBeLessThan(before.length);
    } finally {
      t = outer;
    }
  });
});

describe('per-key rate limits counted in reservations', () => {
  let reserving: TestContext;
  beforeAll(async () => {
    // 200 a minute: each counter write reserves 2 hits.
    reserving = await createTestContext({ API_KEY_RATE_LIMIT: '200' });
  });
  afterAll(() => reserving?.close());

  const counted = async (keyId: string) => {
    const [row] = await reserving.sql<{ n: number }[]>`
      SELECT coalesce(sum(count), 0)::int AS n FROM api_key_rate_windows WHERE key_id = ${keyId}`;
    return row?.n;
  };

  it('count every hit before it is served, exact to the limit, and still revoke on the next request', async () => {
    const outer = t;
    t = reserving;
    try {
      expect(hitsPerReservation(200)).toBe(2);
      expect(hitsPerReservation(3)).toBe(1);
      expect(hitsPerReservation(1_000_000)).toBe(100);
      // Well inside one window, so the test does not straddle two.
      reserving.advance(60_000 - (reserving.deps.now().getTime() % 60_000) + 1_000);
      const p = await provider('reserving');
      const a = await createKey(p.cookie, ['clients:read']);
      const remaining: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await send('GET', '/api/clients', { key: a.secret });
        expect(res.status).toBe(200);
        remaining.push(res.headers.get('RateLimit')?.replace(/;t=\d+$/, '') ?? '');
      }
      expect(remaining).toEqual([199, 198, 197, 196, 195].map((r) => `"default";r=${r}`));
      // Three writes of 2: the fifth request's reservation holds one more hit, counted already.
      expect(await counted(a.apiKey.id)).toBe(6);
      expect((await send('DELETE', `/api/api-keys/${a.apiKey.id}`, { cookie: p.cookie })).status).toBe(204);
      expect((await send('GET', '/api/clients', { key: a.secret })).status).toBe(401);

      // Another key near its limit (as if other instances had used it): 200 served, not one more.
      const b = await createKey(p.cookie, ['clients:read']);
      const now = reserving.deps.now().getTime();
      await reserving.sql`
        INSERT INTO api_key_rate_windows (key_id, window_start, shard, count)
        VALUES (${b.apiKey.id}, ${new Date(now - (now % 60_000))}, 99, 195)`;
      const statuses: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await send('GET', '/api/clients', { key: b.secret });
        statuses.push(`${res.status} ${res.headers.get('RateLimit')?.replace(/;t=\d+$/, '')}`);
      }
      expect(statuses).toEqual([
        '200 "default";r=4',
        '200 "default";r=3',
        '200 "default";r=2',
        '200 "default";r=1',
        '200 "default";r=0',
        '429 "default";r=0',
        '429 "default";r=0',
      ]);
    } finally {
      t = outer;
    }
  });
});
