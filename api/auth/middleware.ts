import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context';
import { ApiError } from '../http/errors';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './cookie';
import { billingOf, requestAllowedByPlan } from './plan-gate';
import { type ValidatedSession, validateSessionToken } from './session';

/** Per-request cache so the middleware and a handler never validate the same cookie twice. */
const loaded = new WeakMap<Context, ValidatedSession | null>();

/**
 * Validates the request's session cookie (once per request), sets `c.var.provider`, re-sends the
 * cookie when the expiry slid, and clears a cookie that no longer names a live session.
 * @returns the session with its user, or null when signed out
 */
export async function authenticate(
  c: Context<AppEnv>,
  opts: { force?: boolean } = {},
): Promise<ValidatedSession | null> {
  if (!opts.force && loaded.has(c)) return loaded.get(c) ?? null;
  const token = readSessionCookie(c);
  const deps = c.get('deps');
  const result = token
    ? await validateSessionToken(deps.sql, token, deps.now(), { ...opts, billing: billingOf(deps.config) })
    : null;
  if (result && token) {
    if (result.renewed) setSessionCookie(c, token, result.session.expiresAt);
    c.set('provider', {
      userId: result.user.id,
      sessionId: result.session.id,
      sessionExpiresAt: result.session.expiresAt,
    });
  } else {
    if (token) clearSessionCookie(c);
    c.set('provider', undefined);
  }
  loaded.set(c, result);
  return result;
}

/** Forgets the cached session of this request (after sign-in or sign-out changed it). */
export function resetAuthentication(c: Context<AppEnv>): void {
  loaded.delete(c);
}

/**
 * Loads the provider session when there is one; signed-out requests pass through.
 * @example app.use('/api/dashboard/*', loadProviderSession)
 */
export const loadProviderSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  await authenticate(c);
  await next();
};

/**
 * Requires a signed-in provider (401 `unauthorized` otherwise); loads the session itself when
 * `loadProviderSession` did not run, so it can be used alone as a route middleware. It is also the ONE
 * place of the read-only state after the trial: a write by a provider whose trial ended without a
 * subscription answers 402 `plan_required`, except the allow-list of `plan-gate.ts` (sign-out, password,
 * account deletion, sessions, paying, the export is a read). Every provider route passes here, so a new one
 * is covered without doing anything.
 * @example createRoute({ ..., middleware: [requireProvider] as const })
 */
export const requireProvider: MiddlewareHandler<AppEnv> = async (c, next) => {
  const result = await authenticate(c);
  if (!result) throw new ApiError('unauthorized');
  if (!requestAllowedByPlan(c, result.user.plan)) throw new ApiError('plan_required');
  await next();
};

/**
 * The signed-in provider inside a handler behind `requireProvider`.
 * @example const { userId } = providerOf(c)
 */
export function providerOf(c: Context<AppEnv>) {
  const provider = c.get('provider');
  if (!provider) throw new ApiError('unauthorized');
  return provider;
}
