import { SESSION_MAX_AGE_MS } from '../../auth/session';
import type { Sql } from '../../db/client';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Verification links are kept 30 days past their expiry, so re-opening an old one still answers
 * "already verified" rather than "invalid link" for a while.
 */
export const VERIFICATION_LINK_KEPT_MS = 30 * DAY;
/** A used magic link stays a day after its use (a recent trace for support), then goes. */
export const USED_MAGIC_LINK_KEPT_MS = DAY;

/** Rows deleted per table by one `purgeExpired` run. */
export interface PurgeCounts {
  rateLimits: number;
  userSessions: number;
  emailVerificationTokens: number;
  passwordResetTokens: number;
  portalSessions: number;
  clientMagicLinks: number;
  widgetHandoffJtis: number;
  integrationAuthorisations: number;
}

/**
 * Deletes rows that can no longer mean anything: rate-limit windows that have ended (`expires_at`, the
 * window's end, so no rule's window is cut short), provider sessions past their expiry or their 90-day
 * cap, verification links 30 days after they expired, expired password-reset links (used ones are
 * deleted on use), expired portal sessions, magic links that expired or were used more than a day ago,
 * handoff `jti`s whose token has expired (a replay of it fails on its expiry first), and integrations'
 * authorisation states a day after they expired.
 * Every condition is on `now` alone, so running it on several instances at once is harmless. Meant to
 * run on a schedule (the job queue); it is not scheduled here.
 * @example const counts = await purgeExpired(sql, new Date())
 */
export async function purgeExpired(sql: Sql, now: Date): Promise<PurgeCounts> {
  // postgres.js reports a DELETE's row count without returning the rows.
  const count = async (deleted: Promise<{ count: number }>) => (await deleted).count;
  const sessionCap = new Date(now.getTime() - SESSION_MAX_AGE_MS);
  return {
    rateLimits: await count(sql`DELETE FROM rate_limits WHERE expires_at <= ${now}`),
    userSessions: await count(
      sql`DELETE FROM user_sessions WHERE expires_at <= ${now} OR created_at <= ${sessionCap}`,
    ),
    emailVerificationTokens: await count(
      sql`DELETE FROM email_verification_tokens
          WHERE expires_at <= ${new Date(now.getTime() - VERIFICATION_LINK_KEPT_MS)}`,
    ),
    passwordResetTokens: await count(sql`DELETE FROM password_reset_tokens WHERE expires_at <= ${now}`),
    portalSessions: await count(sql`DELETE FROM portal_sessions WHERE expires_at <= ${now}`),
    clientMagicLinks: await count(
      sql`DELETE FROM client_magic_links
          WHERE expires_at <= ${now} OR used_at <= ${new Date(now.getTime() - USED_MAGIC_LINK_KEPT_MS)}
         `,
    ),
    widgetHandoffJtis: await count(sql`DELETE FROM widget_handoff_jtis WHERE expires_at <= ${now}`),
    // An integration's authorisation state (10 minutes, single use) stays a day past its expiry, then goes.
    integrationAuthorisations: await count(
      sql`DELETE FROM integration_authorisations WHERE expires_at <= ${new Date(now.getTime() - DAY)}`,
    ),
  };
}
