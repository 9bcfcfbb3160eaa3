import type { VerificationStatus } from '../../../shared/contracts/auth';
import { hashPassword, verifyPassword } from '../../auth/password';
import { deletePasswordResetTokens } from '../../auth/password-reset';
import {
  findVerificationLink,
  spendVerificationToken,
  supersedeVerificationTokens,
  type VerificationLink,
} from '../../auth/verification';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';

/**
 * What the verification page shows before the user does anything (a read: nothing is spent, nobody is
 * signed in). An address that is verified already answers `verified` for any link of it that is still
 * stored, so re-opening a used or replaced link says so instead of "could not verify".
 * @throws ApiError `invalid_token` for an unknown, expired or replaced link of an unverified address
 */
export async function verificationStatus(sql: Sql, token: string, now: Date): Promise<VerificationStatus> {
  const link = await findVerificationLink(sql, token, now);
  if (!link) throw new ApiError('invalid_token');
  if (link.verified) return { state: 'verified', email: link.email };
  if (!link.usable) throw new ApiError('invalid_token');
  return { state: 'pending', email: link.email };
}

/**
 * The link as the confirm step needs it: usable, or the reason it is not.
 * @throws ApiError `invalid_token`, or `email_already_verified` for a spent link of a verified address
 */
export async function usableVerificationLink(sql: Sql, token: string, now: Date): Promise<VerificationLink> {
  const link = await findVerificationLink(sql, token, now);
  if (!link) throw new ApiError('invalid_token');
  if (!link.usable) throw new ApiError(link.verified ? 'email_already_verified' : 'invalid_token');
  return link;
}

/**
 * Finishes a sign-up from its mailed link. The link alone proves the mailbox, not who chose the password
 * (anyone can sign up with any address), so the owner either types the password chosen at sign-up, or sets
 * a new one, which replaces the old hash and ends every session of the account. A password someone else
 * set therefore survives only if the owner typed it. The token is spent only on success, in the same
 * transaction as the change: a wrong password leaves the link usable (the route rate-limits the tries).
 * @throws ApiError `wrong_password` (422, field `currentPassword`), `invalid_token` when the link was spent
 *   or replaced meanwhile
 * @returns the user id to start a session for
 */
export async function completeVerification(
  sql: Sql,
  link: VerificationLink,
  input: { token: string; currentPassword?: string | undefined; newPassword?: string | undefined },
  now: Date,
): Promise<string> {
  if (input.newPassword === undefined) {
    const ok = await verifyPassword(link.passwordHash, input.currentPassword ?? '');
    if (!ok) {
      throw new ApiError('wrong_password', {
        fields: [{ path: 'currentPassword', key: 'errors.wrong_password' }],
      });
    }
  }
  const newHash = input.newPassword === undefined ? null : await hashPassword(input.newPassword);
  return sql.begin(async (tx) => {
    const userId = await spendVerificationToken(tx, input.token, now);
    if (userId !== link.userId) throw new ApiError('invalid_token');
    if (newHash) {
      await tx`
        UPDATE users SET password_hash = ${newHash}, email_verified_at = coalesce(email_verified_at, ${now}),
                         updated_at = ${now}
        WHERE id = ${userId}`;
      await tx`DELETE FROM user_sessions WHERE user_id = ${userId}`;
      await deletePasswordResetTokens(tx, userId);
    } else {
      // Only the hash that was checked: a sign-up that replaced it meanwhile must not be verified by it.
      const [row] = await tx`
        UPDATE users SET email_verified_at = coalesce(email_verified_at, ${now}), updated_at = ${now}
        WHERE id = ${userId} AND password_hash = ${link.passwordHash}
        RETURNING id`;
      if (!row) throw new ApiError('invalid_token');
    }
    await supersedeVerificationTokens(tx, userId, now);
    return userId;
  });
}
