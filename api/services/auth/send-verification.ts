import { issueVerificationToken, lastVerificationIssuedAt } from '../../auth/verification';
import type { Sql, Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import type { Lang } from '../../http/i18n';
import { verificationLink, verifyEmailMail } from '../../mail/templates/verify-email';

export interface VerificationRecipient {
  userId: string;
  email: string;
  fullName: string;
  language: Lang;
}

/**
 * Queues the verification mail for a token issued in the same transaction `tx`: the mail goes out exactly
 * when the token exists, and the job queue retries a failed delivery with backoff.
 */
export async function queueVerificationMail(
  deps: AppDeps,
  tx: Tx | Sql,
  to: VerificationRecipient,
  token: string,
): Promise<void> {
  const mail = verifyEmailMail({
    to: to.email,
    name: to.fullName,
    lang: to.language,
    link: verificationLink(deps.config.publicOrigin, token),
  });
  await deps.mailer.queue(tx, mail);
}

/** Issues a fresh token (older links stop working) and queues its mail, in one transaction. */
export async function sendVerification(deps: AppDeps, to: VerificationRecipient): Promise<boolean> {
  await deps.sql.begin(async (tx) => {
    const token = await issueVerificationToken(tx, to.userId, deps.now());
    await queueVerificationMail(deps, tx, to, token);
  });
  return true;
}

/** The sign-in path resends at most once per 10 minutes, so repeated attempts cannot flood an inbox. */
export const RESEND_ON_SIGN_IN_AFTER_MS = 10 * 60_000;

/** Sends a new link on a sign-in to an unverified account unless one went out in the last 10 minutes. */
export async function resendOnSignIn(deps: AppDeps, sql: Sql, to: VerificationRecipient): Promise<boolean> {
  const last = await lastVerificationIssuedAt(sql, to.userId);
  if (last && deps.now().getTime() - last.getTime() < RESEND_ON_SIGN_IN_AFTER_MS) return false;
  return sendVerification(deps, to);
}
