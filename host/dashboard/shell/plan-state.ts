import type { User } from '../../../shared/contracts/auth';
import { trialDaysLeft } from '../../auth/session';

/** Where the dashboard sends a provider to subscribe (the settings page's plan card). */
export const SUBSCRIBE_PATH = '/dashboard/settings#plan';
/** The query key of `GET /api/plan` (the settings' plan card), refreshed when the server says expired. */
export const PLAN_QUERY_KEY = ['account', 'plan'] as const;

/** The data export (a JSON attachment; a plain link downloads it). */
export const EXPORT_PATH = '/api/account/export';

export type PlanBadge =
  | { kind: 'premium' }
  | { kind: 'trial'; days: number }
  | { kind: 'expired' }
  | { kind: 'none' };

/**
 * What the top bar shows of the plan, from the session alone (no request on the first load): the plan's
 * one name, 'Professional' (spec §2's 'Premium' label names the paid state; the card says the same), while
 * subscribed, the trial's days left, or expired once the trial's end has passed (the server's own
 * `expired` counts too, and so does a trial that ends while the dashboard is open); nothing on a
 * self-hosted server (no platform billing: no trial, no plan to buy).
 * @example planBadge({ plan: 'trial', trialEndsAt }, now) // { kind: 'trial', days: 3 }
 */
export function planBadge(user: Pick<User, 'plan' | 'trialEndsAt'>, now = Date.now()): PlanBadge {
  if (user.plan === 'self_hosted') return { kind: 'none' };
  if (user.plan === 'premium') return { kind: 'premium' };
  const days = user.plan === 'expired' ? 0 : trialDaysLeft(user.trialEndsAt, now);
  return days > 0 ? { kind: 'trial', days } : { kind: 'expired' };
}

/** The session user after the server refused a write with `plan_required` (the trial ended meanwhile). */
export function withExpiredPlan<U extends Pick<User, 'plan'>>(user: U): U {
  return user.plan === 'expired' ? user : { ...user, plan: 'expired' };
}
