import type { PortalProject } from '../../../shared/contracts/portal-client';
import type { Project, ProjectStatus } from '../../../shared/contracts/projects';
import { type Scope, sideOf, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';

/** A project row as every read selects it (dates as `YYYY-MM-DD` text, never shifted by a time zone). */
export interface ProjectRow {
  id: string;
  name: string;
  status: ProjectStatus;
  budget_cents: string | null;
  currency: string | null;
  budget_visible_to_client: boolean;
  start_date: string | null;
  end_date: string | null;
  description: string | null;
  internal_notes: string | null;
  created_at: Date;
  updated_at: Date;
  client_id: string;
  client_name: string;
  portal_id: string;
  unread: number;
}

/**
 * The select list and joins of a project read for a scope, `p` being the project. `unread` counts the
 * other side's messages after the scope's own read position.
 */
export function projectSelect(sql: Sql | Tx, scope: Scope, extra = sql``) {
  const side = sideOf(scope);
  const other = side === 'provider' ? 'client' : 'provider';
  return sql`
    SELECT ${extra} p.id, p.name, p.status, p.budget_cents, p.currency, p.budget_visible_to_client,
           to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.end_date, 'YYYY-MM-DD') AS end_date,
           p.description, p.internal_notes, p.created_at, p.updated_at,
           c.id AS client_id, c.name AS client_name, c.portal_id,
           (SELECT count(*)::int FROM messages m
             WHERE m.provider_id = p.provider_id AND m.project_id = p.id AND m.sender_type = ${other}
               AND m.seq > coalesce((SELECT r.last_read_seq FROM conversation_reads r
                                      WHERE r.project_id = p.id AND r.reader = ${side}), 0)) AS unread
    FROM projects p JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
    WHERE ${tenant(sql, scope, { provider: 'p.provider_id', client: 'p.client_id' })}`;
}

const budgetOf = (row: ProjectRow) =>
  row.budget_cents !== null && row.currency
    ? { amountCents: Number(row.budget_cents), currency: row.currency.trim() }
    : null;

/** The provider's view: everything. */
export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    client: { id: row.client_id, name: row.client_name, portalId: row.portal_id },
    status: row.status,
    budget: budgetOf(row),
    budgetVisibleToClient: row.budget_visible_to_client,
    startDate: row.start_date,
    endDate: row.end_date,
    description: row.description,
    internalNotes: row.internal_notes,
    unreadMessages: row.unread,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The client's view: the same project without what the provider keeps internal. */
export function toPortalProject(row: ProjectRow): PortalProject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    budget: row.budget_visible_to_client ? budgetOf(row) : null,
    unreadMessages: row.unread,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
