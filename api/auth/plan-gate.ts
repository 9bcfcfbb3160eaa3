import type { Context } from 'hono';
import { ErrorBody } from '../../shared/contracts/common';
import type { App, AppEnv } from '../http/context';

/**
 * The provider's plan (spec §1, §9) as one state: `premium` while a subscription is active (`users.plan`,
 * kept by the Stripe webhooks), `trial` inside the 14 days from sign-up, `expired` after them; and
 * `self_hosted` on a server without platform billing (no `STRIPE_SECRET_KEY`: nobody could subscribe, so
 * nobody is ever gated).
 */
export type PlanState = 'trial' | 'premium' | 'expired' | 'self_hosted';

/**
 * @param billing whether this server bills its providers (`STRIPE_SECRET_KEY` set; see `billingOf`)
 * @example planStateOf('trial', user.trialEndsAt, deps.now(), true) // 'expired' once the trial is over
 */
export function planStateOf(plan: string, trialEndsAt: Date, now: Date, billing: boolean): PlanState {
  if (!billing) return 'self_hosted';
  if (plan === 'premium') return 'premium';
  return trialEndsAt.getTime() > now.getTime() ? 'trial' : 'expired';
}

/** Whether this server bills its providers for the plan: it has a Stripe account of its own. */
export const billingOf = (config: { STRIPE_SECRET_KEY?: string | undefined }): boolean =>
  Boolean(config.STRIPE_SECRET_KEY);

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * THE allow-list: the writes a provider whose trial ended without a subscription may still make, because
 * they are how one gets out, pays, or merely reads. Every other write behind `requireProvider` answers
 * 402 `plan_required` (reads — every GET, the export included — always pass).
 *   - sessions: sign-out, refresh, ending one session, signing out everywhere;
 *   - the account itself: password change and deletion;
 *   - paying: `/api/plan/*` (checkout, cancel);
 *   - getting the Stripe keys back out of this server: disconnecting (`DELETE /api/payments/stripe`);
 *     connecting a new account is setting up a feature, so it waits for the subscription;
 *   - read receipts, which are part of reading: marking notifications and a conversation read.
 * Portal clients' own writes (`/api/portal/*`, behind `requirePortalClient`: messages, uploads, approvals,
 * paying invoices) and the widget's handoff never pass through here: the provider's clients are not
 * punished for the provider's plan.
 */
export const EXPIRED_PLAN_ALLOWED_WRITES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/api\/auth\/(sign-out|refresh)$/ },
  { method: 'POST', path: /^\/api\/account\/password$/ },
  { method: 'DELETE', path: /^\/api\/account$/ },
  { method: 'DELETE', path: /^\/api\/account\/sessions\/[^/]+$/ },
  { method: 'POST', path: /^\/api\/account\/sessions\/sign-out-everywhere$/ },
  { method: 'POST', path: /^\/api\/plan\/[^/]+$/ },
  { method: 'DELETE', path: /^\/api\/payments\/stripe$/ },
  { method: 'POST', path: /^\/api\/notifications\/read$/ },
  { method: 'POST', path: /^\/api\/projects\/[^/]+\/messages\/read$/ },
];

/** Whether a request may run for a provider in this plan state (a trailing slash counts as none). */
export function planAllows(state: PlanState, method: string, path: string): boolean {
  if (state !== 'expired' || !WRITE_METHODS.has(method)) return true;
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return EXPIRED_PLAN_ALLOWED_WRITES.some((rule) => rule.method === method && rule.path.test(normalized));
}

/** `planAllows` for the current request. */
export const requestAllowedByPlan = (c: Context<AppEnv>, state: PlanState): boolean =>
  planAllows(state, c.req.method.toUpperCase(), c.req.path);

/**
 * Documents the gate where it applies: every provider write that is not allowed after the trial gets a
 * 402 response in the OpenAPI document (run once, after every route is registered).
 */
export function documentPlanGate(app: App): void {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { route } = definition;
    const provider = (route.security ?? []).some((scheme) => 'providerSession' in scheme);
    if (!provider || planAllows('expired', route.method.toUpperCase(), route.path)) continue;
    // A new object: routes of both audiences may share one `responses` (the portal's is not gated).
    route.responses = {
      ...route.responses,
      402: {
        description:
          'Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`).',
        content: { 'application/json': { schema: ErrorBody } },
      },
    };
  }
}
