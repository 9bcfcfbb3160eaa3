import type { z } from 'zod';
import type { PortalProject } from '../../../shared/contracts/portal-client';
import type { Project, ProjectList, ProjectListQuery } from '../../../shared/contracts/projects';
import { type Scope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { likeContains } from '../clients/list-clients';
import { type ProjectRow, projectSelect, toPortalProject, toProject } from './project-view';

type Query = z.output<typeof ProjectListQuery>;

/** Sort keys → SQL, from a fixed list (never from the request). */
const SORT_SQL: Record<Query['sort'], string> = {
  name: 'lower(p.name)',
  status: 'p.status',
  startDate: 'p.start_date',
  endDate: 'p.end_date',
  updatedAt: 'p.updated_at',
  createdAt: 'p.created_at',
};

/**
 * One page of the provider's projects: filters by status and client, case-insensitive "contains" search
 * on the name (trigram index), sorting, offset pagination and the total of matches.
 */
export async function listProjects(sql: Sql, scope: Scope, query: Query): Promise<ProjectList> {
  const filters = sql`
    ${query.status ? sql`AND p.status = ${query.status}` : sql``}
    ${query.clientId ? sql`AND p.client_id = ${query.clientId}` : sql``}
    ${query.search ? sql`AND p.search_text LIKE ${likeContains(query.search)}` : sql``}`;
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const nulls = direction === 'ASC' ? ' NULLS LAST' : ' NULLS FIRST';
  const orderBy = sql.unsafe(`${SORT_SQL[query.sort]} ${direction}${nulls}, p.id ${direction}`);
  const [rows, [count]] = await Promise.all([
    sql<ProjectRow[]>`
      ${projectSelect(sql, scope)} ${filters}
      ORDER BY ${orderBy}
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    sql<{ total: number }[]>`
      SELECT count(*)::int AS total FROM projects p
      WHERE ${tenant(sql, scope, { provider: 'p.provider_id', client: 'p.client_id' })} ${filters}`,
  ]);
  return {
    items: rows.map(toProject),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
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
