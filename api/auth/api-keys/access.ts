import type { ApiKeyFamily } from '../../../shared/contracts/api-keys';

/**
 * THE table of what an API key may reach: each provider operation's path (as the route table writes it)
 * belongs to a resource family, found by the longest matching prefix below, or is `account`: the
 * provider's account itself, which only the signed-in provider (session cookie) may use, never a key.
 * A read is GET/HEAD, everything else a write. `operation.ts` asks it once per operation, at registration;
 * `access.test.ts` fails on a provider operation no row here decides.
 *
 * Account-level, and why:
 *   - `/api/auth`, `/api/account`, `/api/profile`: sessions, password, deletion, export, who the provider is;
 *   - `/api/api-keys`: a key must not mint or revoke keys;
 *   - `/api/plan`, `/api/payments`: the subscription and the Stripe connection (money and secrets);
 *   - `/api/portals` (branding, logo, custom domain, widget secret): what clients see and the handoff's
 *     signing secret, set up by hand in the dashboard;
 *   - `/api/overview`, `/api/notifications`: the dashboard's own views and read flags, across families;
 *   - `/api/integrations` (the sending domain, an authorisation's return): connecting services to the
 *     account, set up by hand in the dashboard.
 */
export const ACCESS_BY_PREFIX: ReadonlyArray<readonly [prefix: string, family: ApiKeyFamily | 'account']> = [
  ['/api/clients', 'clients'],
  ['/api/projects', 'projects'],
  ['/api/projects/{projectId}/messages', 'messages'],
  ['/api/conversations', 'messages'],
  ['/api/projects/{projectId}/files', 'files'],
  ['/api/files', 'files'],
  ['/api/invoices', 'invoices'],
  ['/api/invoice-settings', 'invoices'],
  // Quotes (issue 28) are part of invoicing: the same family.
  ['/api/quotes', 'invoices'],
  ['/api/recurring-invoices', 'invoices'],
  ['/api/webhook-endpoints', 'webhooks'],
  // The analytics (issue 29): reads only, over every family's data, a family of their own.
  ['/api/analytics', 'analytics'],
  // Issue 30: the calendar (the provider's own events, the window of everything dated, the private feed),
  // booking types, date overrides and bookings.
  ['/api/calendar', 'calendar'],
  ['/api/booking-types', 'calendar'],
  ['/api/booking-overrides', 'calendar'],
  ['/api/bookings', 'calendar'],
  ['/api/auth', 'account'],
  ['/api/account', 'account'],
  ['/api/profile', 'account'],
  ['/api/api-keys', 'account'],
  ['/api/plan', 'account'],
  ['/api/payments', 'account'],
  ['/api/portals', 'account'],
  ['/api/overview', 'account'],
  ['/api/notifications', 'account'],
  ['/api/integrations', 'account'],
];

/** What a key needs for one operation: a family and whether it writes; or null: keys are refused. */
export type KeyAccess = { family: ApiKeyFamily; write: boolean } | null;

const matches = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);

/** The row that decides a path, or undefined when none does (the test forbids that). */
export function accessRowOf(path: string) {
  let best: (typeof ACCESS_BY_PREFIX)[number] | undefined;
  for (const row of ACCESS_BY_PREFIX) {
    if (matches(path, row[0]) && (!best || row[0].length > best[0].length)) best = row;
  }
  return best;
}

/**
 * What a key needs to call `method path` (the route table's template path); null for account-level
 * operations and, to be safe, for any path no row decides.
 * @example keyAccessOf('post', '/api/clients') // { family: 'clients', write: true }
 */
export function keyAccessOf(method: string, path: string): KeyAccess {
  const row = accessRowOf(path);
  if (!row || row[1] === 'account') return null;
  const upper = method.toUpperCase();
  return { family: row[1], write: upper !== 'GET' && upper !== 'HEAD' };
}
