import type { Sql } from '../db/client';
import { type PlanState, planStateOf } from './plan-gate';
import { newSessionToken, parseSessionToken, secretMatches } from './token';

const DAY = 24 * 60 * 60 * 1000;
/** Sliding lifetime: a session lives 30 days past its last renewal... */
export const SESSION_TTL_MS = 30 * DAY;
/** ...and is renewed (one DB write) only once less than this remains, so most requests only read. */
export const SESSION_RENEW_BELOW_MS = 15 * DAY;
/** Hard cap from creation: a stolen token cannot be kept alive forever by using it. */
export const SESSION_MAX_AGE_MS = 90 * DAY;

/** The signed-in provider as one session lookup returns it (session + user + profile in one query). */
export interface ValidatedSession {
  session: { id: string; userId: string; createdAt: Date; expiresAt: Date };
  user: {
    id: string;
    email: string;
    fullName: string;
    emailVerified: boolean;
    preferredLanguage: 'en' | 'de';
    trialEndsAt: Date;
    /** The plan at the time of validation (`planStateOf`): the write gate of `requireProvider` reads it. */
    plan: PlanState;
    createdAt: Date;
  };
  /** True when this validation slid the expiry, so the caller should re-send the cookie. */
  renewed: boolean;
}

function slidExpiry(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_TTL_MS, createdAt.getTime() + SESSION_MAX_AGE_MS));
}

/**
 * Starts a session for a user and returns the token for the cookie (`<id>.<secret>`).
 * @example const { token, expiresAt } = await createSession(sql, user.id, deps.now())
 */
export async function createSession(
  sql: Sql,
  userId: string,
  now: Date,
  meta: { userAgent?: string | undefined; ip?: string | undefined } = {},
): Promise<{ token: string; id: string; createdAt: Date; expiresAt: Date }> {
  const { id, token, secretHash } = newSessionToken();
  const expiresAt = slidExpiry(now, now);
  await sql`
    INSERT INTO user_sessions (id, user_id, secret_hash, created_at, expires_at, last_seen_at, user_agent, ip)
    VALUES (${id}, ${userId}, ${secretHash}, ${now}, ${expiresAt}, ${now},
            ${meta.userAgent?.slice(0, 300) ?? null}, ${meta.ip ?? null})`;
  return { token, id, createdAt: now, expiresAt };
}

interface SessionRow {
  id: string;
  secret_hash: Uint8Array;
  created_at: Date;
  expires_at: Date;
  user_id: string;
  email: string;
  email_verified_at: Date | null;
  trial_ends_at: Date;
  plan: string;
  user_created_at: Date;
  full_name: string | null;
  preferred_language: 'en' | 'de' | null;
}

/**
 * Checks a cookie token with ONE primary-key lookup (joined with the user and profile), compares the
 * secret hash in constant time, deletes the session when it is past its expiry or absolute cap, and
 * slides the expiry when less than 15 days remain. `force` always slides (the refresh endpoint);
 * `renew: false` never does (a WebSocket upgrade, whose answer cannot carry the re-sent cookie).
 * @returns the session and user, or null for a missing, malformed, wrong or expired token
 */
export async function validateSessionToken(
  sql: Sql,
  token: string,
  now: Date,
  opts: { force?: boolean; renew?: boolean; billing?: boolean } = {},
): Promise<ValidatedSession | null> {
  const parts = parseSessionToken(token);
  if (!parts) return null;
  const { id, secret } = parts;
  const [row] = await sql<SessionRow[]>`
    SELECT s.id, s.secret_hash, s.created_at, s.expires_at, u.id AS user_id, u.email, u.email_verified_at,
           u.trial_ends_at, u.plan, u.created_at AS user_created_at, p.full_name, p.preferred_language
    FROM user_sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN profiles p ON p.user_id = u.id
    WHERE s.id = ${id}`;
  if (!row) return null;
  if (!secretMatches(row.secret_hash, secret)) return null;
  const createdAt = new Date(row.created_at);
  let expiresAt = new Date(row.expires_at);
  const cap = createdAt.getTime() + SESSION_MAX_AGE_MS;
  if (now.getTime() >= expiresAt.getTime() || now.getTime() >= cap) {
    await sql`DELETE FROM user_sessions WHERE id = ${id}`;
    return null;
  }
  let renewed = false;
  const next = slidExpiry(createdAt, now);
  const due =
    opts.renew !== false && (opts.force || expiresAt.getTime() - now.getTime() < SESSION_RENEW_BELOW_MS);
  if (due && next.getTime() > expiresAt.getTime()) {
    await sql`UPDATE user_sessions SET expires_at = ${next}, last_seen_at = ${now} WHERE id = ${id}`;
    expiresAt = next;
    renewed = true;
  }
  return {
    session: { id, userId: row.user_id, createdAt, expiresAt },
    user: {
      id: row.user_id,
      email: row.email,
      fullName: row.full_name ?? row.email,
      emailVerified: row.email_verified_at !== null,
      preferredLanguage: row.preferred_language ?? 'en',
      trialEndsAt: new Date(row.trial_ends_at),
      plan: planStateOf(row.plan, new Date(row.trial_ends_at), now, opts.billing ?? true),
      createdAt: new Date(row.user_created_at),
    },
    renewed,
  };
}

/** Ends one session (sign-out). @returns whether a session was deleted */
export async function invalidateSession(sql: Sql, sessionId: string): Promise<boolean> {
  const rows = await sql`DELETE FROM user_sessions WHERE id = ${sessionId} RETURNING id`;
  return rows.length > 0;
}

/**
 * Ends every session of a user, except optionally the caller's own: after a password change or a
 * "sign out everywhere", stolen cookies must stop working.
 */
export async function invalidateUserSessions(
  sql: Sql,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  const rows = exceptSessionId
    ? await sql`DELETE FROM user_sessions WHERE user_id = ${userId} AND id <> ${exceptSessionId} RETURNING id`
    : await sql`DELETE FROM user_sessions WHERE user_id = ${userId} RETURNING id`;
  return rows.length;
}
