import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../auth/testing';
import { createTestContext, type TestContext } from '../testing/harness';

/*
 * The request context on the Node server itself (the other tests call `app.request`, which takes the
 * other branch): the headers every response carries are set on the Node response and merged under the
 * handler's own, and the headers the middleware reads come from the Node request.
 */

let t: TestContext;
let server: ServerType;
let base: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
  cookie = await signedInProvider(t, 'request-context@example.com');
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe('the request context on the Node server', () => {
  it('sends the common headers with every API answer, once each', async () => {
    const res = await fetch(`${base}/api/auth/session`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    // The session cookie was read from the Node request.
    expect(((await res.json()) as { user: { email: string } | null }).user?.email).toBe(
      'request-context@example.com',
    );
  });

  it('lets the handler’s own header win over the common one', async () => {
    const res = await fetch(`${base}/api/config`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers errors with the common headers and the request id of the error body', async () => {
    const res = await fetch(`${base}/api/projects`, { headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { requestId: string; message: string } };
    expect(res.headers.get('x-request-id')).toBe(body.error.requestId);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The language was read from the Node request.
    expect(body.error.message).not.toMatch(/^Not signed in/);
  });

  it('keeps a trusted proxy’s request id and refuses a NUL in the cookie', async () => {
    const kept = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'req_from_the_proxy_1' } });
    expect(kept.headers.get('x-request-id')).toBe('req_from_the_proxy_1');
    const nul = await fetch(`${base}/api/auth/session`, { headers: { cookie: 'session=a%00b' } });
    expect(nul.status).toBe(400);
  });
});
