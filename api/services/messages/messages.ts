import type { z } from 'zod';
import type {
  Conversation,
  Message,
  MessageInput,
  MessagePage,
  MessagePageQuery,
} from '../../../shared/contracts/messages';
import { ownedBy, type Scope, sideOf, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { publishActivity, recordActivity } from '../activity/record-activity';
import { keyset } from '../keyset';
import { scheduleDigest } from './digest';

/*
 * One conversation per project (spec §3), both sides writing. The scope decides whose conversation it
 * is: a provider reaches every project of theirs, a client only their own projects', so the same
 * functions serve the dashboard and the portal.
 */

export interface MessageRow {
  id: string;
  project_id: string;
  seq: string | number;
  client_message_id: string;
  sender_type: 'provider' | 'client';
  sender_name: string;
  body: string;
  created_at: Date | string;
}

export const MESSAGE_COLUMNS =
  'm.id, m.project_id, m.seq, m.client_message_id, m.sender_type, m.sender_name, m.body, m.created_at';

/** A preview in notifications and e-mails: the first line's start, never the whole message. */
export const PREVIEW_LENGTH = 140;
const previewOf = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
};

export function toMessage(row: MessageRow, scope: Scope): Message {
  return {
    id: row.id,
    projectId: row.project_id,
    seq: Number(row.seq),
    clientMessageId: row.client_message_id,
    sender: { type: row.sender_type, name: row.sender_name },
    mine: row.sender_type === sideOf(scope),
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The project, if the scope may see it (404 otherwise), with what a message needs. */
async function projectFor(tx: Sql | Tx, scope: Scope, projectId: string) {
  const [project] = await tx<{ id: string; client_id: string; client_name: string; provider_name: string }[]>`
    SELECT p.id, p.client_id, c.name AS client_name,
           coalesce(nullif(pr.business_name, ''), pr.full_name) AS provider_name
    FROM projects p
    JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
    LEFT JOIN profiles pr ON pr.user_id = p.provider_id
    WHERE ${tenant(tx, scope, { provider: 'p.provider_id', client: 'p.client_id' })} AND p.id = ${projectId}`;
  if (!project) throw new ApiError('not_found');
  return project;
}

/** Moves a side's read position forward (never back) in the caller's transaction. */
async function advanceRead(tx: Sql | Tx, scope: Scope, projectId: string, upToSeq: number) {
  await tx`
    INSERT INTO conversation_reads (provider_id, project_id, reader, last_read_seq, updated_at)
    VALUES (${scope.providerId}, ${projectId}, ${sideOf(scope)}, ${upToSeq}, now())
    ON CONFLICT (project_id, reader) DO UPDATE
      SET last_read_seq = greatest(conversation_reads.last_read_seq, EXCLUDED.last_read_seq),
          updated_at = EXCLUDED.updated_at`;
}

/**
 * Stores a message once: the sender's `clientMessageId` makes a retry return the stored message instead
 * of writing a second one (`created` false). A new message writes its `message` activity row (spec §3:
 * metadata.sender_type), moves the sender's own read position past it and opens the recipient's e-mail
 * window (`digest.ts`), in one transaction.
 */
export async function sendMessage(
  deps: AppDeps,
  scope: Scope,
  projectId: string,
  input: z.output<typeof MessageInput>,
): Promise<{ message: Message; created: boolean }> {
  const side = sideOf(scope);
  const result = await deps.sql.begin(async (tx) => {
    const project = await projectFor(tx, scope, projectId);
    const senderName =
      scope.kind === 'provider' ? (project.provider_name ?? 'Provider') : project.client_name;
    const [inserted] = await tx<MessageRow[]>`
      INSERT INTO messages (provider_id, project_id, sender_type, sender_client_id, sender_name,
                            client_message_id, body, created_at)
      VALUES (${scope.providerId}, ${projectId}, ${side}, ${scope.kind === 'client' ? scope.clientId : null},
              ${senderName}, ${input.clientMessageId}, ${input.body}, ${deps.now()})
      ON CONFLICT (project_id, sender_type, client_message_id) DO NOTHING
      RETURNING id, project_id, seq, client_message_id, sender_type, sender_name, body, created_at`;
    if (!inserted) {
      const [stored] = await tx<MessageRow[]>`
        SELECT ${tx.unsafe(MESSAGE_COLUMNS)} FROM messages m
        WHERE ${ownedBy(tx, scope, 'm.provider_id')} AND m.project_id = ${projectId}
          AND m.sender_type = ${side} AND m.client_message_id = ${input.clientMessageId}`;
      if (!stored) throw new ApiError('conflict');
      return { row: stored, created: false, seq: null };
    }
    const activity = await recordActivity(tx, {
      jobs: deps.jobs,
      providerId: scope.providerId,
      projectId,
      type: 'message',
      metadata: {
        sender_type: side,
        senderName,
        preview: previewOf(input.body),
        messageId: inserted.id,
        messageSeq: Number(inserted.seq),
      },
      actor: side,
    });
    await advanceRead(tx, scope, projectId, Number(inserted.seq));
    await scheduleDigest(deps, tx, projectId, side === 'provider' ? 'client' : 'provider');
    return { row: inserted, created: true, seq: activity.seq };
  });
  if (result.seq !== null) {
    await publishActivity(deps.pubsub, scope.providerId, result.seq).catch((err) =>
      deps.log.warn({ err }, 'activity notification not published'),
    );
  }
  return { message: toMessage(result.row, scope), created: result.created };
}

/** A page of a conversation, oldest first within the page; `before` loads older messages on scroll. */
export async function listMessages(
  sql: Sql,
  scope: Scope,
  projectId: string,
  query: z.output<typeof MessagePageQuery>,
): Promise<MessagePage> {
  await projectFor(sql, scope, projectId);
  // Newest page first, by seq; a page continues after the oldest message of the one before.
  const keys = keyset(sql, {
    columns: { seq: { sql: 'm.seq', type: 'int8' } },
    sort: 'seq',
    order: 'desc',
    idColumn: 'm.id',
    cursor: query.cursor,
    limit: query.limit,
  });
  const [found, [read]] = await Promise.all([
    sql<MessageRow[]>`
      SELECT ${sql.unsafe(MESSAGE_COLUMNS)} FROM messages m
      WHERE ${ownedBy(sql, scope, 'm.provider_id')} AND m.project_id = ${projectId} ${keys.after}
      ORDER BY ${keys.orderBy} LIMIT ${query.limit + 1}`,
    sql<{ last_read_seq: string }[]>`
      SELECT last_read_seq FROM conversation_reads WHERE project_id = ${projectId} AND reader = ${sideOf(scope)}`,
  ]);
  const { rows, nextCursor } = keys.page(found.map((row) => ({ ...row, sort_key: String(row.seq) })));
  return {
    items: rows.reverse().map((row) => toMessage(row, scope)),
    nextCursor,
    lastReadSeq: Number(read?.last_read_seq ?? 0),
  };
}

/**
 * Marks a conversation read up to a seq for the scope's side, and the `message` notifications it covers
 * read too (reading the conversation is reading them). @returns the side's read position
 */
export async function markConversationRead(
  sql: Sql,
  scope: Scope,
  projectId: string,
  upToSeq: number,
): Promise<number> {
  return sql.begin(async (tx) => {
    await projectFor(tx, scope, projectId);
    const [latest] = await tx<{ seq: string | null }[]>`
      SELECT max(seq) AS seq FROM messages WHERE ${ownedBy(tx, scope, 'provider_id')} AND project_id = ${projectId}`;
    const upTo = Math.min(upToSeq, Number(latest?.seq ?? 0));
    await advanceRead(tx, scope, projectId, upTo);
    const flag = scope.kind === 'provider' ? tx`read_by_freelancer` : tx`read_by_client`;
    await tx`
      UPDATE activity_feed SET ${flag} = true
      WHERE ${tenant(tx, scope, { provider: 'provider_id', client: 'client_id' })} AND project_id = ${projectId}
        AND activity_type = 'message' AND NOT ${flag} AND (metadata->>'messageSeq')::bigint <= ${upTo}`;
    const [row] = await tx<{ last_read_seq: string }[]>`
      SELECT last_read_seq FROM conversation_reads WHERE project_id = ${projectId} AND reader = ${sideOf(scope)}`;
    return Number(row?.last_read_seq ?? 0);
  });
}

/** Cap of the Messages page's list (a provider's projects; a client's are fewer). */
const CONVERSATIONS_LIMIT = 200;

/**
 * Every conversation of the scope (one per project): its newest message and the unread count, the most
 * recent first; projects without messages after them.
 */
export async function listConversations(sql: Sql, scope: Scope): Promise<Conversation[]> {
  const side = sideOf(scope);
  const other = side === 'provider' ? 'client' : 'provider';
  const rows = await sql<
    (MessageRow & {
      pid: string;
      project_name: string;
      status: Conversation['project']['status'];
      client_id: string;
      client_name: string;
      unread: number;
    })[]
  >`
    SELECT p.id AS pid, p.name AS project_name, p.status, c.id AS client_id, c.name AS client_name,
           lm.id, lm.project_id, lm.seq, lm.client_message_id, lm.sender_type, lm.sender_name, lm.body, lm.created_at,
           (SELECT count(*)::int FROM messages u
             WHERE u.provider_id = p.provider_id AND u.project_id = p.id AND u.sender_type = ${other}
               AND u.seq > coalesce((SELECT r.last_read_seq FROM conversation_reads r
                                      WHERE r.project_id = p.id AND r.reader = ${side}), 0)) AS unread
    FROM projects p
    JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
    LEFT JOIN LATERAL (
      SELECT ${sql.unsafe(MESSAGE_COLUMNS)} FROM messages m
      WHERE m.provider_id = p.provider_id AND m.project_id = p.id ORDER BY m.seq DESC LIMIT 1
    ) lm ON true
    WHERE ${tenant(sql, scope, { provider: 'p.provider_id', client: 'p.client_id' })}
    ORDER BY lm.seq DESC NULLS LAST, p.updated_at DESC, p.id
    LIMIT ${CONVERSATIONS_LIMIT}`;
  return rows.map((row) => ({
    project: { id: row.pid, name: row.project_name, status: row.status },
    client: { id: row.client_id, name: row.client_name },
    lastMessage: row.id ? toMessage(row, scope) : null,
    unread: row.unread,
  }));
}
