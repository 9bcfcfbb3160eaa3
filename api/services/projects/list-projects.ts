import type { z } from 'zod';
import type { PortalProject } from '../../../shared/contracts/portal-client';
import type { Project, ProjectList, ProjectListQuery } from '../../../shared/contracts/projects';
import { type Scope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { likeContains } from '../clients/list-clients';
import { keyset, type SortColumn } from '../keyset';
import { type ProjectRow, projectSelect, toPortalProject, toProject } from './project-view';

type Query = z.output<typeof ProjectListQuery>;

/** Sort keys → SQL, from a fixed list (never from the request). */
const SORTS: Record<Query['sort'], SortColumn> = {
  name: { sql: 'lower(p.name)', type: 'text' },
  status: { sql: 'p.status', type: 'text' },
  startDate: { sql: 'p.start_date', type: 'date', nullable: true },
  endDate: { sql: 'p.end_date', type: 'date', nullable: true },
  updatedAt: { sql: 'p.updated_at', type: 'timestamptz' },
  createdAt: { sql: 'p.created_at', type: 'timestamptz' },
};

/**
 * One page of the provider's projects: filters by status and client, case-insensitive "contains" search
 * on the name (trigram index), sorting, keyset paging by the sort value and the id (`keyset.ts`) and the
 * total of matches.
 */
export async function listProjects(sql: Sql, scope: Scope, query: Query): Promise<ProjectList> {
  const filters = sql`
    ${query.status ? sql`AND p.status = ${query.status}` : sql``}
    ${query.clientId ? sql`AND p.client_id = ${query.clientId}` : sql``}
    ${query.search ? sql`AND p.search_text LIKE ${likeContains(query.search)}` : sql``}`;
  const keys = keyset(sql, { ...query, columns: SORTS, idColumn: 'p.id' });
  const [rows, [count]] = await Promise.all([
    sql<(ProjectRow & { sort_key: string | null })[]>`
      ${projectSelect(sql, scope, sql`${keys.sortKey},`)} ${filters} ${keys.after}
      ORDER BY ${keys.orderBy}
      LIMIT ${query.limit + 1}`,
    sql<{ total: number }[]>`
      SELECT count(*)::int AS total FROM projects p
      WHERE ${tenant(sql, scope, { provider: 'p.provider_id', client: 'p.client_id' })} ${filters}`,
  ]);
  const page = keys.page(rows);
  return { items: page.rows.map(toProject), nextCursor: page.nextCursor, total: count?.total ?? 0 };
}

/** One project as the scope may see it; `not_found` for anyone else's (or another client's). */
export async function getProjectRow(sql: Sql, scope: Scope, projectId: string): Promise<ProjectRow> {
  const [row] = await sql<ProjectRow[]>`${projectSelect(sql, scope)} AND p.id = ${projectId}`;
  if (!row) throw new ApiError('not_found');
  return row;
}

/** The provider's view of one project. */
export async function getProject(sql: Sql, scope: Scope, projectId: string): Promise<Project> {
  return toProject(await getProjectRow(sql, scope, projectId));
}

/** The client's view of one of their projects. */
export async function getPortalProject(sql: Sql, scope: Scope, projectId: string): Promise<PortalProject> {
  return toPortalProject(await getProjectRow(sql, scope, projectId));
}
