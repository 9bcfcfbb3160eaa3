import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onError } from '../http/errors';
import { createRouter } from '../http/openapi';
import { requestContext } from '../http/request-context';
import { createTestContext, type TestContext } from '../testing/harness';
import { loadProviderSession, providerOf, requireProvider } from './middleware';
import { signedInProvider } from './testing';

let t: TestContext;
let cookie: string;
/** A tiny app with one protected and one optional route, as later features will use the middleware. */
let app: ReturnType<typeof createRouter>;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
  cookie = await signedInProvider(t, 'mw@example.com');
  app = createRouter();
  app.onError(onError);
  app.use('*', requestContext(t.deps));
  app.get('/private', requireProvider, (c) => c.json({ userId: providerOf(c).userId }));
  app.get('/optional', loadProviderSession, (c) => c.json({ signedIn: c.get('provider') !== undefined }));
});
afterAll(() => t.close());

describe('requireProvider', () => {
  it('answers 401 unauthorized without a session', async () => {
    const res = await app.request('/private');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it('passes the signed-in provider to the handler', async () => {
    const res = await app.request('/private', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const [user] = await t.sql<{ id: string }[]>`SELECT id FROM users WHERE email = 'mw@example.com'`;
    expect(await res.json()).toEqual({ userId: user?.id });
  });
});

describe('loadProviderSession', () => {
  it('lets signed-out requests through and clears a stale cookie', async () => {
    const res = await app.request('/optional', { headers: { Cookie: 'session=stale.cookie' } });
    expect(await res.json()).toEqual({ signedIn: false });
    expect(res.headers.getSetCookie()[0]).toMatch(/^session=;/);
  });

  it('marks signed-in requests', async () => {
    const res = await app.request('/optional', { headers: { Cookie: cookie } });
    expect(await res.json()).toEqual({ signedIn: true });
  });
});
