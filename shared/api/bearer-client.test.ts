import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBearerClient } from './bearer-client';
import { callApi } from './call';

afterEach(() => vi.unstubAllGlobals());

describe('the bearer-token client', () => {
  it('sends no cookies and the current session token, and its failures unwrap to ApiError', async () => {
    const sent: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      sent.push(request);
      return new Response(
        JSON.stringify({ error: { code: 'unauthorized', message: 'Abgemeldet', requestId: 'r' } }),
        {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    });
    let token: string | undefined = 'first-token';
    const client = createBearerClient(() => token, 'http://portal.test');
    const api = await client();
    expect(await client()).toBe(api);

    const failed = callApi(
      api.GET('/api/portal/{portalId}/dashboard', { params: { path: { portalId: 'p1' } } }),
    );
    await expect(failed).rejects.toMatchObject({ status: 401, code: 'unauthorized', message: 'Abgemeldet' });
    token = undefined;
    await callApi(
      api.GET('/api/portal/{portalId}/dashboard', { params: { path: { portalId: 'p1' } } }),
    ).catch(() => {});

    expect(sent.map((r) => [r.url, r.credentials, r.headers.get('Authorization')])).toEqual([
      ['http://portal.test/api/portal/p1/dashboard', 'omit', 'Bearer first-token'],
      ['http://portal.test/api/portal/p1/dashboard', 'omit', null],
    ]);
  });
});
