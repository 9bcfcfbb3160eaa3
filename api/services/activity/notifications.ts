import {
  type ActivityItem,
  NOTIFICATIONS_FETCHED,
  type NotificationList,
} from '../../../shared/contracts/activity';
import type { PageInput } from '../../../shared/contracts/paging';
import { type Scope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import type { Lang } from '../../http/i18n';
import { keyset } from '../keyset';
import { type ActivityRow, activityFrom, toActivityItem } from './activity-view';

/**
 * Unread activity of the scope's side (spec §7: `read_by_freelancer` false for the provider; for a client,
 * their projects' rows with `read_by_client` false), on the partial unread indexes.
 */
export async function unreadCount(sql: Sql, scope: Scope): Promise<number> {
  const where = tenant(sql, scope, { provider: 'provider_id', client: 'client_id' });
  const [row] =
    scope.kind === 'provider'
      ? await sql<{ count: number }[]>`
          SELECT count(*)::int AS count FROM activity_feed WHERE ${where} AND NOT read_by_freelancer`
      : await sql<{ count: number }[]>`
          SELECT count(*)::int AS count FROM activity_feed
          WHERE ${where} AND client_visible AND NOT read_by_client`;
  return row?.count ?? 0;
}

/**
 * The newest feed position the scope's side can see, 0 when there is none (on the provider's and the
 * client's seq indexes): where "new" begins for a page loading now.
 */
export async function latestSeq(sql: Sql, scope: Scope): Promise<number> {
  const where = tenant(sql, scope, { provider: 'provider_id', client: 'client_id' });
  const [row] =
    scope.kind === 'provider'
      ? await sql<{ seq: string | null }[]>`SELECT max(seq) AS seq FROM activity_feed WHERE ${where}`
      : await sql<{ seq: string | null }[]>`
          SELECT max(seq) AS seq FROM activity_feed WHERE ${where} AND client_visible`;
  return Number(row?.seq ?? 0);
}

/** Spec §7: the newest 50 items (joined project and client) and the unread count, in one round trip. */
export async function listNotifications(
  sql: Sql,
  scope: Scope,
  lang: Lang,
  page: PageInput = { limit: NOTIFICATIONS_FETCHED },
): Promise<NotificationList> {
  const [{ items, nextCursor }, count] = await Promise.all([
    listActivity(sql, scope, lang, page),
    unreadCount(sql, scope),
  ]);
  return { items, nextCursor, unreadCount: count };
}

/** A page of the feed, newest first (by its `seq`): of one project or all, continued by `cursor`. */
export async function listActivity(
  sql: Sql,
  scope: Scope,
  lang: Lang,
  query: PageInput & { projectId?: string | undefined },
): Promise<{ items: ActivityItem[]; nextCursor: string | null }> {
  const keys = keyset(sql, {
    columns: { seq: { sql: 'a.seq', type: 'int8' } },
    sort: 'seq',
    order: 'desc',
    idColumn: 'a.id',
    cursor: query.cursor,
    limit: query.limit,
  });
  const found = await sql<ActivityRow[]>`
    ${activityFrom(sql, scope)}
    ${query.projectId ? sql`AND a.project_id = ${query.projectId}` : sql``}
    ${keys.after}
    ORDER BY ${keys.orderBy} LIMIT ${query.limit + 1}`;
  // The cursor carries the seq as text, exactly as `int8::text` writes it.
  const { rows, nextCursor } = keys.page(found.map((row) => ({ ...row, sort_key: String(row.seq) })));
  return { items: rows.map((row) => toActivityItem(row, lang)), nextCursor };
}

/** Activity after a seq, oldest first: what a reconnecting socket missed (bounded). */
export async function activitySince(
  sql: Sql,
  scope: Scope,
  lang: Lang,
  after: number,
  limit = 200,
): Promise<ActivityItem[]> {
  const rows = await sql<ActivityRow[]>`
    ${activityFrom(sql, scope)} AND a.seq > ${after} ORDER BY a.seq ASC LIMIT ${limit}`;
  return rows.map((row) => toActivityItem(row, lang));
}

/**
 * Spec §7 `mark_notifications_read(p_project_ids, p_user_type)`: the scope's side marks its unread items
 * read, of the given projects or of all its projects. @returns how many changed
 */
export async function markNotificationsRead(
  sql: Sql,
  scope: Scope,
  projectIds: string[] | undefined,
): Promise<number> {
  const where = sql`${tenant(sql, scope, { provider: 'provider_id', client: 'client_id' })}
    ${projectIds ? sql`AND project_id = ANY(${projectIds}::uuid[])` : sql``}`;
  const rows =
    scope.kind === 'provider'
      ? await sql`UPDATE activity_feed SET read_by_freelancer = true
                  WHERE ${where} AND NOT read_by_freelancer RETURNING 1`
      : await sql`UPDATE activity_feed SET read_by_client = true
                  WHERE ${where} AND client_visible AND NOT read_by_client RETURNING 1`;
  return rows.length;
}
