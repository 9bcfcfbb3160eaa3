import { hashPassword } from '../../auth/password';
import { deletePasswordResetTokens } from '../../auth/password-reset';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { verifyCurrentPassword } from './verify-current-password';

/**
 * Sets a new password after checking the current one, and ends every OTHER session of the user in the
 * same transaction (a thief's cookie stops working; the device making the change stays signed in). Open
 * password-reset links go too: they were asked for before the password the user now chose.
 * @returns how many other sessions were ended
 */
export async function changePassword(
  sql: Sql,
  scope: ProviderScope,
  input: { currentPassword: string; newPassword: string },
  now: Date,
): Promise<number> {
  await verifyCurrentPassword(sql, scope.providerId, input.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(input.newPassword);
  return sql.begin(async (tx) => {
    await tx`UPDATE users SET password_hash = ${passwordHash}, updated_at = ${now} WHERE ${ownedBy(tx, scope, 'id')}`;
    const ended = await tx`
      DELETE FROM user_sessions WHERE ${ownedBy(tx, scope, 'user_id')} AND id <> ${scope.sessionId} RETURNING id`;
    await deletePasswordResetTokens(tx, scope.providerId);
    return ended.length;
  });
}
