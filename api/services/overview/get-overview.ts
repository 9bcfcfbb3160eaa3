import type { Overview } from '../../../shared/contracts/overview';
import { ownedBy, type ProviderScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';

interface OverviewRow {
  total_clients: number;
  active_projects: number;
  pending_invoices: number;
  currency: string;
  revenue_cents: string;
  other_revenue: { currency: string; amountCents: string }[];
  outstanding: { currency: string; amountCents: string }[];
  is_empty: boolean;
}

/**
 * The dashboard totals of one provider in ONE statement (one round trip, one snapshot), every part
 * filtered by `provider_id` on an index that starts with it.
 * - active projects: planning or in progress; pending invoices: sent or overdue;
 * - revenue: money received on invoices, summed per currency (paid invoices, and the partial payments of
 *   open ones, issue 28); outstanding: the balance due of sent and overdue invoices per currency; the provider currency (profile, else USD for English
 *   and EUR for German, spec §9) is `totalRevenue`, the others are listed apart and never added up.
 * @throws `unauthorized` when the user no longer exists (deleted between session check and query)
 */
export async function getOverview(sql: Sql, scope: ProviderScope): Promise<Overview> {
  const clients = tenant(sql, scope, { provider: 'provider_id', client: 'id' });
  const projects = tenant(sql, scope, { provider: 'provider_id', client: 'client_id' });
  const invoices = projects;
  const [row] = await sql<OverviewRow[]>`
    WITH me AS (
      SELECT coalesce(p.currency, CASE WHEN p.preferred_language = 'de' THEN 'EUR' ELSE 'USD' END) AS currency
      FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE ${ownedBy(sql, scope, 'u.id')}
    ),
    revenue AS (
      SELECT currency::text AS currency,
             sum(CASE WHEN status = 'paid' THEN amount_cents ELSE paid_cents END)::bigint AS amount_cents
      FROM invoices
      WHERE ${invoices} AND (status = 'paid' OR (status IN ('sent', 'overdue') AND paid_cents > 0))
      GROUP BY currency
    ),
    outstanding AS (
      SELECT currency::text AS currency, sum(amount_cents - paid_cents)::bigint AS amount_cents
      FROM invoices
      WHERE ${invoices} AND status IN ('sent', 'overdue')
      GROUP BY currency
    )
    SELECT
      (SELECT count(*)::int FROM clients WHERE ${clients}) AS total_clients,
      (SELECT count(*)::int FROM projects
        WHERE ${projects} AND status IN ('planning', 'in_progress')) AS active_projects,
      (SELECT count(*)::int FROM invoices
        WHERE ${invoices} AND status IN ('sent', 'overdue')) AS pending_invoices,
      me.currency,
      coalesce((SELECT r.amount_cents FROM revenue r WHERE r.currency = me.currency), 0)::text AS revenue_cents,
      coalesce(
        (SELECT json_agg(json_build_object('currency', r.currency, 'amountCents', r.amount_cents::text)
                         ORDER BY r.amount_cents DESC, r.currency)
         FROM revenue r WHERE r.currency <> me.currency),
        '[]'::json
      ) AS other_revenue,
      coalesce(
        (SELECT json_agg(json_build_object('currency', o.currency, 'amountCents', o.amount_cents::text)
                         ORDER BY o.currency = me.currency DESC, o.amount_cents DESC, o.currency)
         FROM outstanding o WHERE o.amount_cents > 0),
        '[]'::json
      ) AS outstanding,
      NOT EXISTS (SELECT 1 FROM client_portals WHERE ${ownedBy(sql, scope, 'provider_id')})
        AND NOT EXISTS (SELECT 1 FROM clients WHERE ${clients})
        AND NOT EXISTS (SELECT 1 FROM projects WHERE ${projects}) AS is_empty
    FROM me`;
  if (!row) throw new ApiError('unauthorized');
  const currency = row.currency;
  return {
    totalClients: row.total_clients,
    activeProjects: row.active_projects,
    pendingInvoices: row.pending_invoices,
    // bigint sums arrive as text; cents stay exact in a JS number up to 2^53 (≈ 90 trillion units).
    totalRevenue: { amountCents: Number(row.revenue_cents), currency },
    otherRevenue: row.other_revenue.map((r) => ({
      currency: r.currency,
      amountCents: Number(r.amountCents),
    })),
    outstanding: row.outstanding.map((o) => ({ currency: o.currency, amountCents: Number(o.amountCents) })),
    currency,
    isEmpty: row.is_empty,
  };
}
