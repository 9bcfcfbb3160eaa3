import { hashPassword } from '../../auth/password';
import {
  deletePasswordResetTokens,
  issuePasswordResetToken,
  spendPasswordResetToken,
} from '../../auth/password-reset';
import { hashToken } from '../../auth/token';
import { supersedeVerificationTokens } from '../../auth/verification';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { passwordResetLink, passwordResetMail } from '../../mail/templates/reset-password';

/**
 * "Forgot password?": mails a reset link when the address has an account, and does nothing otherwise.
 * The caller answers the same either way. The link and its queued mail are written in one transaction that
 * the answer does not wait for, so the time it takes cannot tell known addresses from unknown ones; the
 * job queue delivers (and retries) the mail.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const [user] = await deps.sql<{ id: string; full_name: string | null; preferred_language: Lang | null }[]>`
    SELECT u.id, p.full_name, p.preferred_language
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE u.email = ${email}`;
  if (!user) return;
  void deps.sql
    .begin(async (tx) => {
      const token = await issuePasswordResetToken(tx, user.id, deps.now());
      const mail = passwordResetMail({
        to: email,
        name: user.full_name ?? email,
        lang: user.preferred_language ?? 'en',
        link: passwordResetLink(deps.config.publicOrigin, token),
      });
      await deps.mailer.queue(tx, mail);
    })
    .catch((err: unknown) => {
      deps.log.warn({ err, userId: user.id }, 'password-reset link not issued');
    });
}

/**
 * Sets a new password through a reset link, in one transaction: spends the link, replaces the hash, marks
 * the address verified (the link proves the mailbox, like a verification link), ends EVERY session of
 * the user (whoever knew the old password is out), and voids the user's other reset and verification
 * links. The token is looked up before argon2 runs, so invalid links cost no hashing.
 * @throws ApiError `invalid_token` for an unknown, used, replaced or expired link
 * @returns the account's address and how many sessions ended
 */
export async function completePasswordReset(
  deps: AppDeps,
  input: { token: string; newPassword: string },
): Promise<{ email: string; userId: string; endedSessions: number }> {
  const now = deps.now();
  const [open] = await deps.sql`
    SELECT 1 FROM password_reset_tokens WHERE token_hash = ${hashToken(input.token)} AND expires_at > ${now}`;
  if (!open) throw new ApiError('invalid_token');
  const passwordHash = await hashPassword(input.newPassword);
  return deps.sql.begin(async (tx) => {
    const userId = await spendPasswordResetToken(tx, input.token, now);
    if (!userId) throw new ApiError('invalid_token');
    const [user] = await tx<{ email: string }[]>`
      UPDATE users SET password_hash = ${passwordHash}, email_verified_at = coalesce(email_verified_at, ${now}),
                       updated_at = ${now}
      WHERE id = ${userId} RETURNING email`;
    const ended = await tx`DELETE FROM user_sessions WHERE user_id = ${userId} RETURNING id`;
    await deletePasswordResetTokens(tx, userId);
    await supersedeVerificationTokens(tx, userId, now);
    return { email: user?.email ?? '', userId, endedSessions: ended.length };
  });
}
