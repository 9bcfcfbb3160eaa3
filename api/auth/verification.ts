import { sha256 } from '@oslojs/crypto/sha2';
import type { Sql, Tx } from '../db/client';

/** Spec §9 sets 24 hours for emailed links; verification links follow it. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

function hashToken(token: string): Buffer {
  return Buffer.from(sha256(new TextEncoder().encode(token)));
}

/**
 * Issues a verification token (32 random bytes, base64url) for the e-mail link. Only its sha256 is
 * stored, and issuing one deletes the user's older tokens, so only the newest link works.
 * @returns the raw token; it goes into the mail and nowhere else (never logged)
 */
export async function issueVerificationToken(sql: Sql | Tx, userId: string, now: Date): Promise<string> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  await sql`DELETE FROM email_verification_tokens WHERE user_id = ${userId}`;
  await sql`
    INSERT INTO email_verification_tokens (token_hash, user_id, expires_at, created_at)
    VALUES (${hashToken(token)}, ${userId}, ${new Date(now.getTime() + VERIFICATION_TTL_MS)}, ${now})`;
  return token;
}

/**
 * Consumes a token: the DELETE … RETURNING makes it single use even under concurrent clicks.
 * @returns the user id, or null for an unknown, used or expired token
 */
export async function consumeVerificationToken(sql: Sql, token: string, now: Date): Promise<string | null> {
  const [row] = await sql<{ user_id: string; expires_at: Date }[]>`
    DELETE FROM email_verification_tokens WHERE token_hash = ${hashToken(token)} RETURNING user_id, expires_at`;
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  return row.user_id;
}

/** When the user's newest token was issued; the sign-in resend is throttled on it. */
export async function lastVerificationIssuedAt(sql: Sql, userId: string): Promise<Date | null> {
  const [row] = await sql<{ created_at: Date }[]>`
    SELECT max(created_at) AS created_at FROM email_verification_tokens WHERE user_id = ${userId}`;
  return row?.created_at ? new Date(row.created_at) : null;
}
