import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getSession,
  latestVerificationToken,
  PASSWORD,
  postJson,
  sessionCookie,
  signedInProvider,
  signUp,
} from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
  await signedInProvider(t, 'sec@example.com');
});
afterAll(() => t.close());

const body = JSON.stringify({ email: 'sec@example.com', password: PASSWORD });

describe('CSRF defence on the auth routes', () => {
  it('rejects a cross-site Origin with 403 csrf_rejected', async () => {
    const res = await t.app.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body,
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('csrf_rejected');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('rejects Sec-Fetch-Site: cross-site with 403 csrf_rejected', async () => {
    const res = await t.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('csrf_rejected');
  });

  it.each([
    ['text/plain', body],
    ['application/x-www-form-urlencoded', 'email=sec%40example.com&password=x'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('rejects a %s body with 415', async (type, payload) => {
    const res = await t.app.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': type, Origin: 'http://localhost:3000' },
      body: payload,
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('unsupported_media_type');
  });
});

describe('secrets at rest', () => {
  it('stores only the sha256 of the session secret, never the token', async () => {
    const cookie = sessionCookie(
      await postJson(t, '/api/auth/sign-in', { email: 'sec@example.com', password: PASSWORD }),
    );
    const token = cookie.split('=')[1] ?? '';
    const [id, secret] = token.split('.');
    const rows = await t.sql<
      { id: string; secret_hash: Buffer }[]
    >`SELECT id, secret_hash FROM user_sessions WHERE id = ${String(id)}`;
    expect(rows).toHaveLength(1);
    const stored = rows[0]?.secret_hash ?? Buffer.alloc(0);
    expect(stored.length).toBe(32);
    const { createHash } = await import('node:crypto');
    expect(stored.equals(createHash('sha256').update(String(secret)).digest())).toBe(true);
    const dump = JSON.stringify(await t.sql`SELECT * FROM user_sessions`);
    expect(dump).not.toContain(String(secret));
  });

  it('makes each token part at least 120 bits of base32', async () => {
    const cookie = sessionCookie(
      await postJson(t, '/api/auth/sign-in', { email: 'sec@example.com', password: PASSWORD }),
    );
    const [id = '', secret = ''] = (cookie.split('=')[1] ?? '').split('.');
    expect(id.length * 5).toBeGreaterThanOrEqual(120);
    expect(secret.length * 5).toBeGreaterThanOrEqual(120);
  });

  it('keeps verification tokens and passwords out of the request log', async () => {
    const lines: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    const local = await createTestContext({ TRUST_PROXY: 'true', LOG_LEVEL: 'debug' });
    process.stdout.write = ((chunk: string) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      await signUp(local, 'log@example.com');
      const token = await latestVerificationToken(local, 'log@example.com');
      await postJson(local, '/api/auth/verify-email', { token, currentPassword: PASSWORD });
      // Log lines are batched and written once per event-loop turn.
      await new Promise((resolve) => setImmediate(resolve));
      const logged = lines.join('');
      expect(logged).toContain('/api/auth/verify-email');
      expect(logged).not.toContain(token);
      expect(logged).not.toContain(PASSWORD);
    } finally {
      process.stdout.write = original;
      await local.close();
    }
  });
});

describe('cookie over HTTPS', () => {
  it('is named __Host-session and marked Secure', async () => {
    const https = await createTestContext({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://app.example.com' });
    try {
      const headers = { Origin: 'https://app.example.com' };
      await signUp(https, 'tls@example.com', {}, headers);
      const token = await latestVerificationToken(https, 'tls@example.com');
      const res = await postJson(
        https,
        '/api/auth/verify-email',
        { token, currentPassword: PASSWORD },
        headers,
      );
      const header = res.headers.getSetCookie()[0] ?? '';
      expect(header).toMatch(/^__Host-session=/);
      expect(header).toContain('Secure');
      expect(header).toContain('Path=/');
      expect(header).not.toContain('Domain');
      expect((await getSession(https, header.split(';')[0])).body.user?.email).toBe('tls@example.com');
      // A plain `session` cookie (e.g. planted by a sibling sub-domain) is ignored over HTTPS.
      expect(
        (await getSession(https, `session=${header.split(';')[0]?.split('=')[1]}`)).body.user,
      ).toBeNull();
    } finally {
      await https.close();
    }
  });
});
