import type { Context } from 'hono';
import type { Sql } from '../db/client';
import type { AppEnv } from './context';
import { ApiError } from './errors';

export interface RateLimitRule {
  /** Bucket name, e.g. `sign-in:email`. */
  name: string;
  limit: number;
  windowMs: number;
}

/** The limits of the auth and waitlist endpoints, in one place. */
export const RATE_LIMITS = {
  signInEmail: { name: 'sign-in:email', limit: 10, windowMs: 15 * 60_000 },
  signInIp: { name: 'sign-in:ip', limit: 50, windowMs: 15 * 60_000 },
  signUpIp: { name: 'sign-up:ip', limit: 10, windowMs: 60 * 60_000 },
  resendEmail: { name: 'resend-verification:email', limit: 3, windowMs: 60 * 60_000 },
  waitlistIp: { name: 'waitlist:ip', limit: 20, windowMs: 60 * 60_000 },
  /** Re-checks of a signed-in user's password (password change, account deletion): like sign-in. */
  passwordCheckUser: { name: 'password-check:user', limit: 10, windowMs: 15 * 60_000 },
  /** Resends from one IP (finding 9): the per-e-mail limit alone lets one source spray many addresses. */
  resendIp: { name: 'resend-verification:ip', limit: 20, windowMs: 60 * 60_000 },
  /** Verification-link attempts (status and confirm) from one source, and password tries per account. */
  verifyEmailIp: { name: 'verify-email:ip', limit: 50, windowMs: 15 * 60_000 },
  verifyEmailUser: { name: 'verify-email:user', limit: 10, windowMs: 15 * 60_000 },
  /** "Forgot password?" requests: each mails a link and voids the previous one. */
  passwordResetEmail: { name: 'password-reset:email', limit: 5, windowMs: 60 * 60_000 },
  passwordResetIp: { name: 'password-reset:ip', limit: 20, windowMs: 60 * 60_000 },
  /** Setting a new password through a reset link, from one source. */
  passwordResetConsumeIp: { name: 'password-reset-consume:ip', limit: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts one hit in a fixed window with a single atomic upsert on `rate_limits`, so every instance
 * behind a load balancer shares the same counters (no in-memory state).
 * @returns whether the hit is allowed and, if not, seconds until the window resets
 */
export async function hit(
  sql: Sql,
  rule: RateLimitRule,
  identifier: string,
  now: Date,
): Promise<{ allowed: boolean; count: number; retryAfter: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  // `expires_at` (the window's end) lets `purgeExpired` drop finished windows of any rule.
  const windowEnd = new Date(windowStart.getTime() + rule.windowMs);
  const [row] = await sql<{ count: number }[]>`
    INSERT INTO rate_limits (key, window_start, count, expires_at)
    VALUES (${`${rule.name}:${identifier}`}, ${windowStart}, 1, ${windowEnd})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start = EXCLUDED.window_start THEN rate_limits.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start,
      expires_at = EXCLUDED.expires_at
    RETURNING count`;
  const count = row?.count ?? 1;
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
  return { allowed: count <= rule.limit, count, retryAfter };
}

/**
 * Counts a hit for the request and throws 429 `rate_limited` (with `Retry-After`) over the limit.
 * `RATE_LIMIT_DISABLED=true` skips it: for load tests only, never in production.
 * @example await enforceRateLimit(c, RATE_LIMITS.signInIp, clientIp(c))
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  rule: RateLimitRule,
  identifier: string,
): Promise<void> {
  const deps = c.get('deps');
  if (deps.config.RATE_LIMIT_DISABLED) return;
  const result = await hit(deps.sql, rule, identifier, deps.now());
  if (!result.allowed) {
    const seconds = result.retryAfter;
    throw new ApiError('rate_limited', { headers: { 'Retry-After': String(seconds) }, vars: { seconds } });
  }
}

/**
 * The caller's IP: the first `X-Forwarded-For` hop only behind a trusted proxy (`TRUST_PROXY`), since
 * anyone can send that header; else the socket address. `app.request()` tests have no socket: 'unknown'.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').config.TRUST_PROXY) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
