import { freshIp, PASSWORD, postJson, sessionCookie } from '../../auth/testing';
import { jsonHeaders, type TestContext } from '../../testing/harness';

/** Test helpers for the account routes. */

/** Signs in once more (another device) from a fresh IP; returns that session's cookie. */
export async function anotherDevice(t: TestContext, email: string, userAgent = 'Phone/1.0'): Promise<string> {
  const res = await postJson(
    t,
    '/api/auth/sign-in',
    { email, password: PASSWORD },
    { 'X-Forwarded-For': freshIp(), 'User-Agent': userAgent },
  );
  return sessionCookie(res);
}

/** A JSON request with the session cookie, as the dashboard sends it. */
export function send(
  t: TestContext,
  method: string,
  path: string,
  cookie: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.request(path, {
    method,
    headers: jsonHeaders({ ...(cookie ? { Cookie: cookie } : {}), ...headers }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Whether a cookie still names a live session. */
export async function isSignedIn(t: TestContext, cookie: string): Promise<boolean> {
  const res = await t.app.request('/api/auth/session', { headers: { Cookie: cookie } });
  return ((await res.json()) as { user: unknown }).user !== null;
}
