import { isIPv6 } from 'node:net';
import type { Context } from 'hono';
import type { Sql } from '../db/client';
import type { AppEnv } from './context';
import { ApiError } from './errors';
import type { Lang } from './i18n';
import { clientAddress } from './trust-proxy';

export interface RateLimitRule {
  /** Bucket name, e.g. `sign-in:email`. */
  name: string;
  limit: number;
  windowMs: number;
}

/** The limits of the auth and waitlist endpoints, in one place. */
export const RATE_LIMITS = {
  /** Sign-in attempts for one address from one source; then from every source together (ASVS: ≤ 100/h). */
  signInEmailSource: { name: 'sign-in:email-source', limit: 10, windowMs: 15 * 60_000 },
  signInEmail: { name: 'sign-in:email', limit: 100, windowMs: 60 * 60_000 },
  signInIp: { name: 'sign-in:ip', limit: 50, windowMs: 15 * 60_000 },
  /** Sign-ups of one address (its "already exists" answer tells a known address) from one source; from all. */
  signUpEmailSource: { name: 'sign-up:email-source', limit: 5, windowMs: 60 * 60_000 },
  signUpEmail: { name: 'sign-up:email', limit: 20, windowMs: 60 * 60_000 },
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
  /** Reads of private calendar feeds from one source (calendar apps poll every few minutes to hours). */
  calendarFeedIp: { name: 'calendar-feed:ip', limit: 120, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * The limits of a request about one e-mail address, in three tiers (`enforceAddressLimits`). The tight
 * tier counts the address per source, so a stranger who tries someone's address spends only their own
 * budget; the address's own ceiling is looser (a stranger must come from many sources to reach it), and the
 * per-source tier stops one source from sweeping many addresses.
 */
export interface AddressLimits {
  /** Every request from one source, whatever the address. */
  perSource: readonly RateLimitRule[];
  /** One address from one source: the tight limit. */
  perAddressAndSource: readonly RateLimitRule[];
  /** One address from every source together: a looser ceiling against attempts spread over many sources. */
  perAddress: readonly RateLimitRule[];
}

/** Provider sign-in (`POST /api/auth/sign-in`). */
export const SIGN_IN_LIMITS: AddressLimits = {
  perSource: [RATE_LIMITS.signInIp],
  perAddressAndSource: [RATE_LIMITS.signInEmailSource],
  perAddress: [RATE_LIMITS.signInEmail],
};

/** Provider sign-up (`POST /api/auth/sign-up`). */
export const SIGN_UP_LIMITS: AddressLimits = {
  perSource: [RATE_LIMITS.signUpIp],
  perAddressAndSource: [RATE_LIMITS.signUpEmailSource],
  perAddress: [RATE_LIMITS.signUpEmail],
};

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
  if (!result.allowed) throw rateLimited(result.retryAfter);
}

/** 429 `rate_limited` with `Retry-After` and the seconds in the message. */
function rateLimited(seconds: number): ApiError {
  return new ApiError('rate_limited', { headers: { 'Retry-After': String(seconds) }, vars: { seconds } });
}

/** Which tier and rule refused a request, and the seconds until that rule's window resets. */
export interface Refusal {
  tier: keyof AddressLimits;
  rule: RateLimitRule;
  retryAfter: number;
}

/**
 * Counts a request about `address` in the three tiers of `limits`, in this order: per source, per address
 * from this source, per address. The first refusal throws (429 `rate_limited`, or `refuse`'s error), and
 * the tiers after it are not counted: a stranger refused by the tight limit adds nothing to the address's
 * ceiling, so a few requests from elsewhere never lock the owner out of their own, from their own network.
 * The source is the caller's network (`rateLimitSource(clientIp(c))`) unless given (an invitation counts
 * the provider). `RATE_LIMIT_DISABLED=true` skips it, as `enforceRateLimit`, unless `always` (a product
 * limit such as the invitations', which no load test reaches and no setting turns off).
 * @example await enforceAddressLimits(c, SIGN_IN_LIMITS, email)
 */
export async function enforceAddressLimits(
  c: Context<AppEnv>,
  limits: AddressLimits,
  address: string,
  options: { source?: string; refuse?: (refusal: Refusal) => ApiError; always?: boolean } = {},
): Promise<void> {
  const deps = c.get('deps');
  if (deps.config.RATE_LIMIT_DISABLED && !options.always) return;
  const source = options.source ?? rateLimitSource(clientIp(c));
  const now = deps.now();
  const tiers: [keyof AddressLimits, string][] = [
    ['perSource', source],
    ['perAddressAndSource', `${address} ${source}`],
    ['perAddress', address],
  ];
  for (const [tier, identifier] of tiers) {
    for (const rule of limits[tier]) {
      const { allowed, retryAfter } = await hit(deps.sql, rule, identifier, now);
      if (allowed) continue;
      throw options.refuse ? options.refuse({ tier, rule, retryAfter }) : rateLimited(retryAfter);
    }
  }
}

/**
 * The source a per-source limit counts: an IPv4 address as it is; an IPv6 address by its /64 network,
 * which one subscriber usually holds whole (any of its 2^64 addresses would otherwise be a fresh budget).
 * @example rateLimitSource('2001:db8:1:2:aa::1') // '2001:db8:1:2::/64'
 */
export function rateLimitSource(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(address)) return ip;
  // An embedded IPv4 tail stands for the last two groups.
  const groups = (part: string) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [head = '', tail] = address.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

type DurationFormatConstructor = new (
  locale: string,
  options: { style: 'long' },
) => { format(duration: { hours?: number; minutes?: number }): string };

/** `Intl.DurationFormat` (Node 24; not in TypeScript's ES2023 library yet). */
const DurationFormat = (Intl as unknown as { DurationFormat: DurationFormatConstructor }).DurationFormat;

/**
 * How long until a limit lets the caller in again, in words of `lang`, in whole minutes (rounded up):
 * "5 minutes", "2 hours, 5 minutes", "2 Stunden, 5 Minuten".
 */
export function waitText(lang: Lang, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const duration = minutes < 60 ? { minutes } : { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
  return new DurationFormat(lang, { style: 'long' }).format(duration);
}

/**
 * The caller's IP: the socket's peer, or behind trusted proxies (`TRUST_PROXY`) the right-most
 * `X-Forwarded-For` address that is not one of them (anyone can prepend addresses to that header; only
 * what the trusted proxies appended counts). `app.request()` tests have no socket: 'unknown'.
 */
export function clientIp(c: Context<AppEnv>): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const socket = env?.incoming?.socket?.remoteAddress ?? 'unknown';
  return clientAddress(c.get('deps').config.TRUST_PROXY, socket, c.req.header('x-forwarded-for')).slice(
    0,
    64,
  );
}
