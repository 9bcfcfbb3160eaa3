import type { Sql, Tx } from '../db/client';
import { hashToken, randomToken } from './token';

/** Spec §9 sets 24 hours for emailed links; verification links follow it. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Issues a verification token for the e-mail link. Only its sha256 is stored, and the user's older links
 * are marked superseded (kept, so re-opening one can still tell "already verified"), so only the newest
 * link verifies.
 * @returns the raw token; it goes into the mail and nowhere else (never logged)
 */
export async function issueVerificationToken(sql: Sql | Tx, userId: string, now: Date): Promise<string> {
  const token = randomToken();
  await supersedeVerificationTokens(sql, userId, now);
  await sql`
    INSERT INTO email_verification_tokens (token_hash, user_id, expires_at, created_at)
    VALUES (${hashToken(token)}, ${userId}, ${new Date(now.getTime() + VERIFICATION_TTL_MS)}, ${now})`;
  return token;
}

/** Voids every open verification link of a user (a newer link, a verification, a password reset). */
export async function supersedeVerificationTokens(sql: Sql | Tx, userId: string, now: Date): Promise<void> {
  await sql`
    UPDATE email_verification_tokens SET superseded_at = ${now}
    WHERE user_id = ${userId} AND used_at IS NULL AND superseded_at IS NULL`;
}

/** What a verification link is, read without spending it. */
export interface VerificationLink {
  userId: string;
  email: string;
  passwordHash: string;
  /** The account's address is verified (by this link, another one, or a password reset). */
  verified: boolean;
  /** The link can still verify: not used, not replaced by a newer one, not expired. */
  usable: boolean;
}

/**
 * Looks a token up (a read: nothing is spent). Unknown tokens, and tokens the purge removed, are null.
 * @example const link = await findVerificationLink(sql, token, deps.now())
 */
export async function findVerificationLink(
  sql: Sql | Tx,
  token: string,
  now: Date,
): Promise<VerificationLink | null> {
  const [row] = await sql<
    {
      user_id: string;
      email: string;
      password_hash: string;
      email_verified_at: Date | null;
      expires_at: Date;
      used_at: Date | null;
      superseded_at: Date | null;
    }[]
  >`
    SELECT t.user_id, u.email, u.password_hash, u.email_verified_at, t.expires_at, t.used_at, t.superseded_at
    FROM email_verification_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = ${hashToken(token)}`;
  if (!row) return null;
  return {
    userId: row.user_id,
    email: row.email,
    passwordHash: row.password_hash,
    verified: row.email_verified_at !== null,
    usable:
      row.used_at === null &&
      row.superseded_at === null &&
      new Date(row.expires_at).getTime() > now.getTime(),
  };
}

/**
 * Spends a token inside the caller's transaction: the conditional UPDATE makes it single use even under
 * concurrent clicks (the second waits for the first's row lock, then finds `used_at` set).
 * @returns the user id, or null when the token is unknown, used, replaced or expired
 */
export async function spendVerificationToken(tx: Tx, token: string, now: Date): Promise<string | null> {
  const [row] = await tx<{ user_id: string }[]>`
    UPDATE email_verification_tokens SET used_at = ${now}
    WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND superseded_at IS NULL
      AND expires_at > ${now}
    RETURNING user_id`;
  return row?.user_id ?? null;
}

/** When the user's newest token was issued; the sign-in resend is throttled on it. */
export async function lastVerificationIssuedAt(sql: Sql, userId: string): Promise<Date | null> {
  const [row] = await sql<{ created_at: Date }[]>`
    SELECT max(created_at) AS created_at FROM email_verification_tokens WHERE user_id = ${userId}`;
  return row?.created_at ? new Date(row.created_at) : null;
}
