import type { Session } from '../../shared/contracts/auth';

/** Spec §9: a staff session counts as valid only if it expires more than 5 minutes from now. */
export const SESSION_MARGIN_MS = 5 * 60_000;
/** Spec §9: how often the signed-in app checks (and if needed refreshes) the session. */
export const SESSION_TICK_MS = 30_000;

/** True when the session expires more than the margin from `now` (`expiresAt` is ISO 8601). */
export function isSessionValid(
  session: Pick<Session, 'expiresAt'> | null | undefined,
  now = Date.now(),
): boolean {
  return !!session && new Date(session.expiresAt).getTime() - now > SESSION_MARGIN_MS;
}

/** Whole days left of the trial, rounded up; 0 once it has ended. */
export function trialDaysLeft(trialEndsAt: string, now = Date.now()): number {
  const ms = new Date(trialEndsAt).getTime() - now;
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 86_400_000) : 0;
}
