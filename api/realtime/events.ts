import type { RealtimeActivity } from '../../shared/contracts/realtime';
import { type ClientScope, type ProviderScope, type Scope, tenant } from '../auth/scope';
import type { Sql } from '../db/client';
import type { Lang } from '../http/i18n';
import { type ActivityRow, toActivityItem } from '../services/activity/activity-view';
import { MESSAGE_COLUMNS, type MessageRow, toMessage } from '../services/messages/messages';
import {
  type ProjectRow,
  projectSelect,
  toPortalProject,
  toProject,
} from '../services/projects/project-view';

export type Side = 'provider' | 'client';

/** An activity row with both sides' read flags, as the socket fan-out loads it once for every reader. */
interface EventRow extends Omit<ActivityRow, 'read'> {
  read_by_freelancer: boolean;
  read_by_client: boolean;
  client_visible: boolean;
}

/**
 * One activity row ready to be rendered for any reader of it: the row, the message of a `message` row,
 * and the project of a `project_*` row as each side sees it (loaded only for the sides that read it).
 */
export interface LoadedEvent {
  seq: number;
  providerId: string;
  clientId: string;
  clientVisible: boolean;
  row: EventRow;
  message?: MessageRow;
  project: Partial<Record<Side, ProjectRow>>;
}

const PROJECT_TYPES = new Set(['project_created', 'project_updated', 'project_status']);

/**
 * The activity columns and joins of every realtime read (the notification view's, with both read flags);
 * `where` is the caller's tenant condition on `a`.
 */
function eventsFrom(sql: Sql, where: ReturnType<Sql>) {
  return sql<EventRow[]>`
    SELECT a.id, a.seq, a.activity_type, a.metadata, a.created_at, a.read_by_freelancer, a.read_by_client,
           a.client_visible, p.id AS project_id, p.name AS project_name, c.id AS client_id, c.name AS client_name
    FROM activity_feed a
    LEFT JOIN projects p ON p.provider_id = a.provider_id AND p.id = a.project_id
    JOIN clients c ON c.provider_id = a.provider_id AND c.id = a.client_id
    WHERE ${where}`;
}

/** A client scope for reading a client's view of a provider's rows (the fan-out has no request). */
export function clientViewScope(providerId: string, clientId: string): ClientScope {
  return { kind: 'client', providerId, clientId, portalId: '', clientName: '', sessionId: '' };
}

const providerViewScope = (providerId: string): ProviderScope => ({
  kind: 'provider',
  providerId,
  sessionId: '',
});

/**
 * Completes rows with their messages and projects: one query for the messages, one per side and
 * client for the projects. `sides(row)` says who will read a row (nobody: nothing is loaded for it).
 */
async function complete(
  sql: Sql,
  providerId: string,
  rows: EventRow[],
  sides: (row: EventRow) => Side[],
): Promise<LoadedEvent[]> {
  const events: LoadedEvent[] = rows.map((row) => ({
    seq: Number(row.seq),
    providerId,
    clientId: row.client_id,
    clientVisible: row.client_visible,
    row,
    project: {},
  }));
  const messageIds = rows
    .filter((row) => row.activity_type === 'message' && typeof row.metadata?.messageId === 'string')
    .map((row) => row.metadata.messageId as string);
  const wanted = new Map<string, { side: Side; clientId: string; projects: Set<string> }>();
  for (const row of rows) {
    if (!PROJECT_TYPES.has(row.activity_type) || !row.project_id) continue;
    for (const side of sides(row)) {
      const key = side === 'provider' ? 'provider' : `client:${row.client_id}`;
      const entry = wanted.get(key) ?? { side, clientId: row.client_id, projects: new Set<string>() };
      entry.projects.add(row.project_id as string);
      wanted.set(key, entry);
    }
  }
  const [messages, ...projectSets] = await Promise.all([
    messageIds.length
      ? sql<MessageRow[]>`
          SELECT ${sql.unsafe(MESSAGE_COLUMNS)} FROM messages m
          WHERE m.provider_id = ${providerId} AND m.id = ANY(${messageIds}::uuid[])`
      : Promise.resolve([] as MessageRow[]),
    ...[...wanted.values()].map(async (w) => {
      const scope =
        w.side === 'provider' ? providerViewScope(providerId) : clientViewScope(providerId, w.clientId);
      const found = await sql<ProjectRow[]>`
        ${projectSelect(sql, scope)} AND p.id = ANY(${[...w.projects]}::uuid[])`;
      return { side: w.side, clientId: w.clientId, rows: found };
    }),
  ]);
  const messageById = new Map(messages.map((m) => [m.id, m]));
  for (const event of events) {
    const { row } = event;
    if (row.activity_type === 'message') {
      const message = messageById.get(row.metadata?.messageId as string);
      if (message) event.message = message;
    }
    if (PROJECT_TYPES.has(row.activity_type)) {
      for (const set of projectSets) {
        if (set.side === 'client' && set.clientId !== row.client_id) continue;
        const project = set.rows.find((p) => p.id === row.project_id);
        if (project) event.project[set.side] = project;
      }
    }
  }
  return events;
}

/**
 * A provider's activity rows by seq (what NOTIFY announced), oldest first, for the sockets connected
 * here: `sides` says which sides read each row.
 */
export async function loadEventsBySeq(
  sql: Sql,
  providerId: string,
  seqs: number[],
  sides: (clientId: string, clientVisible: boolean) => Side[],
): Promise<LoadedEvent[]> {
  const rows = await eventsFrom(sql, sql`a.provider_id = ${providerId} AND a.seq = ANY(${seqs}::bigint[])`);
  rows.sort((a, b) => Number(a.seq) - Number(b.seq));
  return complete(sql, providerId, rows, (row) => sides(row.client_id, row.client_visible));
}

/** What a catch-up reads: rows after `after`, and (with `lookBack`) recent rows below it the reader lacks. */
export interface CatchupWindow {
  after: number;
  /**
   * Also rows above `since` created this many seconds before now, whatever their seq (a late commit),
   * minus `skip` (what the reader has).
   */
  lookBack?: { seconds: number; since: number; skip: readonly number[] } | undefined;
  limit: number;
}

/** The seq and look-back condition of a catch-up on `a`. */
function windowCondition(sql: Sql, w: CatchupWindow) {
  const back = w.lookBack;
  if (!back || back.since >= w.after) return sql`a.seq > ${w.after}`;
  return sql`(a.seq > ${w.after} OR (a.seq > ${back.since}
                AND a.created_at > now() - make_interval(secs => ${back.seconds})
                AND NOT (a.seq = ANY(${[...back.skip]}::bigint[]))))`;
}

/**
 * A scope's activity in a catch-up window, oldest first (the notification view's scoping: a client
 * reads only their own rows that are visible to clients).
 */
export async function loadEventsForScope(sql: Sql, scope: Scope, w: CatchupWindow): Promise<LoadedEvent[]> {
  const visible = scope.kind === 'client' ? sql`AND a.client_visible` : sql``;
  const rows = await eventsFrom(
    sql,
    sql`${tenant(sql, scope, { provider: 'a.provider_id', client: 'a.client_id' })} ${visible}
        AND ${windowCondition(sql, w)} ORDER BY a.seq ASC LIMIT ${w.limit}`,
  );
  const side: Side = scope.kind === 'provider' ? 'provider' : 'client';
  return complete(sql, scope.providerId, rows, () => [side]);
}

/** Every provider's rows in a catch-up window (an instance catching up after its LISTEN dropped). */
export async function loadEventsForProvider(
  sql: Sql,
  providerId: string,
  w: CatchupWindow,
  sides: (clientId: string, clientVisible: boolean) => Side[],
): Promise<LoadedEvent[]> {
  const rows = await eventsFrom(
    sql,
    sql`a.provider_id = ${providerId} AND ${windowCondition(sql, w)} ORDER BY a.seq ASC LIMIT ${w.limit}`,
  );
  return complete(sql, providerId, rows, (row) => sides(row.client_id, row.client_visible));
}

/** The newest seq a scope can read (0 when none): where a first connection starts. */
export async function latestSeq(sql: Sql, scope: Scope): Promise<number> {
  const [row] =
    scope.kind === 'provider'
      ? await sql<{ seq: string | null }[]>`
          SELECT max(seq) AS seq FROM activity_feed WHERE provider_id = ${scope.providerId}`
      : await sql<{ seq: string | null }[]>`
          SELECT max(seq) AS seq FROM activity_feed
          WHERE provider_id = ${scope.providerId} AND client_id = ${scope.clientId} AND client_visible`;
  return Number(row?.seq ?? 0);
}

/** The wire message of an event for one side in one language (the socket's). */
export function renderEvent(event: LoadedEvent, side: Side, lang: Lang): RealtimeActivity {
  const { row } = event;
  const item = toActivityItem(
    { ...row, read: side === 'provider' ? row.read_by_freelancer : row.read_by_client },
    lang,
  );
  const out: RealtimeActivity = { type: 'activity', seq: event.seq, item };
  const scope =
    side === 'provider'
      ? providerViewScope(event.providerId)
      : clientViewScope(event.providerId, event.clientId);
  if (event.message) out.message = toMessage(event.message, scope);
  const project = event.project[side];
  if (project) out.project = side === 'provider' ? toProject(project) : toPortalProject(project);
  return out;
}
