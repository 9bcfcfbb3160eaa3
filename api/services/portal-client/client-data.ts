import { PAGE_LIMIT_DEFAULT, type PageInput } from '../../../shared/contracts/paging';
import { balanceDue } from '../../../shared/contracts/payments';
import type { PortalDashboard, PortalInvoice, PortalProject } from '../../../shared/contracts/portal-client';
import { type ClientScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { keyset } from '../keyset';
import { type ProjectRow, projectSelect, toPortalProject } from '../projects/project-view';

/*
 * The signed-in client's own data. Every query filters on the scope's provider AND client (`tenant()`,
 * never anything from the request), so another client's rows — of this portal or any other — cannot appear.
 */

/** The first page when no paging is asked for (the widget handoff's included lists). */
const FIRST_PAGE: PageInput = { limit: PAGE_LIMIT_DEFAULT };

interface InvoiceRow {
  id: string;
  number: string;
  amount_cents: string | number;
  /** Applied so far (partial payments, migration 0025). */
  paid_cents: string | number;
  currency: string;
  status: PortalInvoice['status'];
  description: string | null;
  due_date: string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
  project_id: string | null;
  project_name: string | null;
}

function toInvoice(row: InvoiceRow): PortalInvoice {
  return {
    id: row.id,
    number: row.number,
    amountCents: Number(row.amount_cents),
    balanceCents: balanceDue(row.status, Number(row.amount_cents), Number(row.paid_cents)),
    currency: row.currency,
    status: row.status,
    description: row.description,
    dueDate: row.due_date,
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    project: row.project_id && row.project_name ? { id: row.project_id, name: row.project_name } : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The client's projects, active ones first, then by last change (the client's view of each). */
export async function listClientProjects(
  sql: Sql,
  scope: ClientScope,
  page: PageInput = FIRST_PAGE,
): Promise<{ items: PortalProject[]; nextCursor: string | null }> {
  // One sortable text: active first ('1'), then the last change, to the microsecond (fixed width).
  const keys = keyset(sql, {
    columns: {
      activeThenUpdated: {
        sql: `((CASE WHEN p.status IN ('planning', 'in_progress') THEN '1' ELSE '0' END) || to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')) COLLATE "C"`,
        type: 'text',
      },
    },
    sort: 'activeThenUpdated',
    order: 'desc',
    idColumn: 'p.id',
    cursor: page.cursor,
    limit: page.limit,
  });
  const found = await sql<(ProjectRow & { sort_key: string })[]>`
    ${projectSelect(sql, scope, sql`${keys.sortKey},`)} ${keys.after}
    ORDER BY ${keys.orderBy} LIMIT ${page.limit + 1}`;
  const { rows, nextCursor } = keys.page(found);
  return { items: rows.map(toPortalProject), nextCursor };
}

/** The client's invoices, newest first; drafts are the provider's work in progress and never shown. */
export async function listClientInvoices(
  sql: Sql,
  scope: ClientScope,
  page: PageInput = FIRST_PAGE,
): Promise<{ items: PortalInvoice[]; nextCursor: string | null }> {
  const keys = keyset(sql, {
    columns: { createdAt: { sql: 'i.created_at', type: 'timestamptz' } },
    sort: 'createdAt',
    order: 'desc',
    idColumn: 'i.id',
    cursor: page.cursor,
    limit: page.limit,
  });
  const found = await sql<(InvoiceRow & { sort_key: string })[]>`
    SELECT ${keys.sortKey}, i.id, i.number, i.amount_cents::text AS amount_cents, i.paid_cents::text AS paid_cents, i.currency, i.status, i.description,
           to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.paid_at, i.created_at,
           p.id AS project_id, p.name AS project_name
    FROM invoices i
    LEFT JOIN projects p ON p.provider_id = i.provider_id AND p.id = i.project_id
    WHERE ${tenant(sql, scope, { provider: 'i.provider_id', client: 'i.client_id' })} AND i.status <> 'draft'
      ${keys.after}
    ORDER BY ${keys.orderBy} LIMIT ${page.limit + 1}`;
  const { rows, nextCursor } = keys.page(found);
  return { items: rows.map(toInvoice), nextCursor };
}

/**
 * The dashboard: up to 5 active projects (planning or in progress, as the provider's overview counts
 * them) and up to 5 unpaid invoices (sent or overdue, earliest due first) with their counts, and the
 * unpaid totals per currency (never added across currencies), in ONE statement (one round trip, one
 * snapshot; the signed-in portal's first screen waits for it). Files and messages have no tables yet, so
 * they are not part of it rather than shown empty.
 */
export async function getClientDashboard(sql: Sql, scope: ClientScope): Promise<PortalDashboard> {
  const [row] = await sql<
    {
      project_count: number;
      invoice_count: number;
      projects: ProjectRow[];
      invoices: InvoiceRow[];
      totals: { currency: string; amountCents: number }[];
    }[]
  >`
    WITH active AS (
      ${projectSelect(sql, scope)} AND p.status IN ('planning', 'in_progress')
    ), unpaid AS (
      SELECT i.id, i.number, i.amount_cents, i.paid_cents, i.currency::text AS currency, i.status, i.description,
             to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.paid_at, i.created_at,
             p.id AS project_id, p.name AS project_name
      FROM invoices i
      LEFT JOIN projects p ON p.provider_id = i.provider_id AND p.id = i.project_id
      WHERE ${tenant(sql, scope, { provider: 'i.provider_id', client: 'i.client_id' })}
        AND i.status IN ('sent', 'overdue')
    )
    SELECT
      (SELECT count(*)::int FROM active) AS project_count,
      (SELECT count(*)::int FROM unpaid) AS invoice_count,
      coalesce((SELECT json_agg(a) FROM (
        SELECT * FROM active ORDER BY updated_at DESC, id LIMIT 5) a), '[]'::json) AS projects,
      coalesce((SELECT json_agg(u) FROM (
        SELECT * FROM unpaid ORDER BY due_date ASC NULLS LAST, created_at DESC, id LIMIT 5) u), '[]'::json)
        AS invoices,
      coalesce((SELECT json_agg(json_build_object('currency', t.currency, 'amountCents', t.cents)
                                ORDER BY t.cents DESC, t.currency)
                FROM (SELECT currency, sum(amount_cents - paid_cents) AS cents FROM unpaid GROUP BY currency) t), '[]'::json)
        AS totals`;
  return {
    activeProjects: (row?.projects ?? []).map(toPortalProject),
    activeProjectCount: row?.project_count ?? 0,
    unpaidInvoices: (row?.invoices ?? []).map(toInvoice),
    unpaidInvoiceCount: row?.invoice_count ?? 0,
    unpaidTotals: (row?.totals ?? []).map((t) => ({
      currency: t.currency,
      amountCents: Number(t.amountCents),
    })),
  };
}
