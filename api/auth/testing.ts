import { expect } from 'vitest';
import type { OutboxMail } from '../../shared/contracts/dev';
import { jsonHeaders, type TestContext } from '../testing/harness';

/** Test helpers for the auth flows: requests as a same-origin browser would send them. */

let ipCounter = 0;
/** A distinct client IP per call, so per-IP limits do not couple unrelated tests (needs TRUST_PROXY). */
export function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** POSTs JSON like the dashboard does. */
export function postJson(t: TestContext, path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(path, { method: 'POST', headers: jsonHeaders(headers), body: JSON.stringify(body) });
}

/** The `name=value` pair of the session cookie a response set, for the next request's Cookie header. */
export function sessionCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c));
  expect(header, 'response sets the session cookie').toBeDefined();
  return (header ?? '').split(';')[0] ?? '';
}

/** Mails in the development outbox for one address, newest first. */
export async function outbox(t: TestContext, to: string): Promise<OutboxMail[]> {
  const res = await t.app.request(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { mails: OutboxMail[] }).mails;
}

/** The token of the newest verification link sent to `to`. */
export async function latestVerificationToken(t: TestContext, to: string): Promise<string> {
  const [mail] = await outbox(t, to);
  const token = mail?.text.match(/\/auth\/verify\?token=([\w%-]+)/)?.[1];
  expect(token, `a verification link was mailed to ${to}`).toBeDefined();
  return decodeURIComponent(token ?? '');
}

export const PASSWORD = 'correct horse battery';

/** Signs up (unverified) and returns the response. */
export function signUp(
  t: TestContext,
  email: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return postJson(
    t,
    '/api/auth/sign-up',
    { email, password: PASSWORD, confirmPassword: PASSWORD, ...extra },
    { 'X-Forwarded-For': freshIp(), ...headers },
  );
}

/** Confirms a verification link with the sign-up password, as the verification page does. */
export function verifyEmail(t: TestContext, token: string, headers: Record<string, string> = {}) {
  return postJson(
    t,
    '/api/auth/verify-email',
    { token, currentPassword: PASSWORD },
    { 'X-Forwarded-For': freshIp(), ...headers },
  );
}

/** Signs up, verifies through the mailed link, and returns the session cookie. */
export async function signedInProvider(t: TestContext, email: string): Promise<string> {
  expect((await signUp(t, email)).status).toBe(201);
  const res = await verifyEmail(t, await latestVerificationToken(t, email));
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

/** GET /api/auth/session with a cookie. */
export async function getSession(t: TestContext, cookie?: string) {
  const res = await t.app.request('/api/auth/session', { headers: cookie ? { Cookie: cookie } : {} });
  return {
    res,
    body: (await res.json()) as {
      user: Record<string, unknown> | null;
      session: { id: string; expiresAt: string; createdAt: string } | null;
    },
  };
}
