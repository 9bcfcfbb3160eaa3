import type { Sql, Tx } from '../db/client';
import { hashToken, randomToken } from './token';

/** A reset link is valid for one hour: long enough to reach the inbox, short enough to go stale fast. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Issues a reset token (32 random bytes, base64url). Only its sha256 is stored, and the user's older
 * reset links are deleted, so only the newest one works.
 * @returns the raw token; it goes into the mail and nowhere else (never logged)
 */
export async function issuePasswordResetToken(sql: Sql | Tx, userId: string, now: Date): Promise<string> {
  const token = randomToken();
  await sql`DELETE FROM password_reset_tokens WHERE user_id = ${userId}`;
  await sql`
    INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at)
    VALUES (${hashToken(token)}, ${userId}, ${new Date(now.getTime() + PASSWORD_RESET_TTL_MS)}, ${now})`;
  return token;
}

/**
 * Spends a reset token inside the transaction that sets the new password: DELETE … RETURNING makes it single
 * use under concurrent submits, and a failure later in the transaction leaves it usable.
 * @returns the user id, or null for an unknown, used, replaced or expired token
 */
export async function spendPasswordResetToken(tx: Tx, token: string, now: Date): Promise<string | null> {
  const [row] = await tx<{ user_id: string }[]>`
    DELETE FROM password_reset_tokens WHERE token_hash = ${hashToken(token)} AND expires_at > ${now}
    RETURNING user_id`;
  return row?.user_id ?? null;
}

/** Voids a user's open reset links: any new password makes them pointless (and one could be a thief's). */
export async function deletePasswordResetTokens(sql: Sql | Tx, userId: string): Promise<void> {
  await sql`DELETE FROM password_reset_tokens WHERE user_id = ${userId}`;
}
