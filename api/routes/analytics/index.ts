import {
  AnalyticsQuery,
  ClientEngagement,
  MoneyAnalytics,
  WorkAnalytics,
} from '../../../shared/contracts/analytics';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { clientEngagement } from '../../services/analytics/clients';
import { moneyAnalytics } from '../../services/analytics/money';
import { resolvePeriod } from '../../services/analytics/period';
import { workAnalytics } from '../../services/analytics/work';
import { providerOperation } from '../operation';

const PERIOD =
  'For the days `from`..`to` (both included, at most 5 years; `to` before `from` or a longer range: 422 naming `to`), one `currency` (EUR or USD; amounts of different currencies are never added), and `timeZone` (an IANA name; default the profile’s, UTC while it has none; an unknown zone: 422) for "today" and month boundaries. Only the caller’s data; API keys need `analytics:read`. Not cacheable.';

/** GET /api/analytics/money */
export const registerMoneyAnalytics = providerOperation(
  {
    method: 'get',
    path: '/api/analytics/money',
    operationId: 'getMoneyAnalytics',
    tags: ['Analytics'],
    summary: 'Money: revenue, outstanding, ageing',
    description: `Revenue paid per month (payments by their calendar day; a paid invoice counts its whole total), invoiced per month (sent invoices by their issue day), totals with the previous period of the same length, open balances aged by days past due as of today (current, 1–30, 31–60, 61–90, over 90), balances due and recurring invoices scheduled in the next 30/60/90 days, average days to pay, and the ten clients who paid most. ${PERIOD}`,
    request: { query: AnalyticsQuery },
    responses: {
      200: { description: 'The money view', content: { 'application/json': { schema: MoneyAnalytics } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    const { sql, now } = c.get('deps');
    const period = await resolvePeriod(sql, scope, c.req.valid('query'), now());
    return c.json(await moneyAnalytics(sql, scope, period), 200);
  },
);

/** GET /api/analytics/work */
export const registerWorkAnalytics = providerOperation(
  {
    method: 'get',
    path: '/api/analytics/work',
    operationId: 'getWorkAnalytics',
    tags: ['Analytics'],
    summary: 'Work: projects, files, approvals, messages',
    description: `Projects and files by their status now; in the period: the clients’ file decisions with the time from the version’s upload (median and 90th percentile, per client), revisions of the files uploaded, messages per project, and your median first response to a client’s message. ${PERIOD}`,
    request: { query: AnalyticsQuery },
    responses: {
      200: { description: 'The work view', content: { 'application/json': { schema: WorkAnalytics } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    const { sql, now } = c.get('deps');
    const period = await resolvePeriod(sql, scope, c.req.valid('query'), now());
    return c.json(await workAnalytics(sql, scope, period), 200);
  },
);

/** GET /api/analytics/clients */
export const registerClientEngagement = providerOperation(
  {
    method: 'get',
    path: '/api/analytics/clients',
    operationId: 'getClientEngagement',
    tags: ['Analytics'],
    summary: 'Clients: engagement',
    description: `Per client: portal sign-ins in the period, last seen (the last sign-in or message), your messages they have not read, your files waiting for their decision, and their open invoices in the currency; those not seen longest first. ${PERIOD}`,
    request: { query: AnalyticsQuery },
    responses: {
      200: {
        description: 'Engagement per client',
        content: { 'application/json': { schema: ClientEngagement } },
      },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    const { sql, now } = c.get('deps');
    const period = await resolvePeriod(sql, scope, c.req.valid('query'), now());
    return c.json(await clientEngagement(sql, scope, period), 200);
  },
);

/** The analytics API (issue 29): one read per view of the section. */
export function registerAnalyticsRoutes(app: App) {
  registerMoneyAnalytics(app);
  registerWorkAnalytics(app);
  registerClientEngagement(app);
}
