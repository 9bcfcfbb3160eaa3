import { issueVerificationToken, lastVerificationIssuedAt } from '../../auth/verification';
import type { Sql } from '../../db/client';
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
 * Sends the verification mail for an already issued token. Runs after the transaction committed (the
 * mailer writes through the root pool). A delivery failure is logged, not thrown: the account exists and
 * the user can ask for a new link; the outbox row keeps the failure for a retry.
 */
export async function deliverVerificationMail(
  deps: AppDeps,
  to: VerificationRecipient,
  token: string,
): Promise<boolean> {
  const mail = verifyEmailMail({
    to: to.email,
    name: to.fullName,
    lang: to.language,
    link: verificationLink(deps.config.publicOrigin, token),
  });
  try {
    await deps.mailer.send(mail);
    return true;
  } catch (err) {
    deps.log.warn({ err, userId: to.userId }, 'verification mail not delivered');
    return false;
  }
}

/** Issues a fresh token (older links stop working) and mails it. */
export async function sendVerification(deps: AppDeps, to: VerificationRecipient): Promise<boolean> {
  const token = await issueVerificationToken(deps.sql, to.userId, deps.now());
  return deliverVerificationMail(deps, to, token);
}

/** The sign-in path resends at most once per 10 minutes, so repeated attempts cannot flood an inbox. */
export const RESEND_ON_SIGN_IN_AFTER_MS = 10 * 60_000;

/** Sends a new link on a sign-in to an unverified account unless one went out in the last 10 minutes. */
export async function resendOnSignIn(deps: AppDeps, sql: Sql, to: VerificationRecipient): Promise<boolean> {
  const last = await lastVerificationIssuedAt(sql, to.userId);
  if (last && deps.now().getTime() - last.getTime() < RESEND_ON_SIGN_IN_AFTER_MS) return false;
  return sendVerification(deps, to);
}
