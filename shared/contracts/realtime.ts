import { z } from 'zod';
import { ActivityItem } from './activity';
import { Uuid } from './common';
import { Message } from './messages';
import { PortalProject } from './portal-client';
import { Project } from './projects';

/*
 * The realtime protocol of `GET /api/realtime` (a WebSocket; one JSON object per text frame). The server
 * validates every client message with these schemas (anything else closes the socket with 4400), the
 * tests parse every server message with them; the browser client (`shared/realtime/`) imports the types
 * only, to stay small.
 *
 *   browser                                   server
 *   ── upgrade, subprotocol clientportal.provider | clientportal.portal (Origin checked; a provider's
 *      session cookie read then) ──▶
 *   ── hello { lang, lastSeq?, lookBack?, token?, portalId? } ─▶   within HELLO_TIMEOUT_MS, else closed
 *   ◀─ ready { audience, latestSeq }
 *   ◀─ activity … (catch-up: everything of the scope after lastSeq, oldest first)
 *   ◀─ synced { lastSeq }
 *   ◀─ activity / project_deleted … (live)
 *   ── ping ─▶  ◀─ pong                       (the client's liveness check; the server also pings
 *                                              every HEARTBEAT_MS at the protocol level)
 *   ── catchup { after, lookBack? } ─▶         (e.g. a tab visible again) ◀─ activity … ◀─ synced
 *                                              (dropped while one of the socket's catch-ups runs)
 *
 * Authentication: a provider socket by the session cookie sent with the upgrade (only from the
 * platform's own origin); a portal client by the bearer token in `hello` (never in the URL: URLs end up
 * in logs and histories). A socket is closed with `CloseCode.sessionEnded` when its session ends.
 *
 * Delivery: every activity row of the socket's scope (a provider: all of their rows; a client: their
 * projects' rows the client may see) as the notifications API renders it, in the socket's language,
 * with the message itself for a `message` row and the project for a `project_*` row. `seq` is the feed's
 * increasing position: a (re)connection's catch-up and the live events around it send each item once;
 * across reconnects and explicit `catchup` requests the client dedupes by seq (see `lookBack`).
 */

export {
  CATCHUP_LIMIT,
  CloseCode,
  HEARTBEAT_MS,
  HELLO_TIMEOUT_MS,
  REALTIME_PATH,
  REALTIME_PROTOCOLS,
  TERMINAL_CLOSE_CODES,
} from '../realtime/protocol';

const Seq = z.number().int().min(0);
/**
 * Rows commit in an order their seqs do not promise: a row can appear after a higher seq was already
 * delivered. With `lookBack` a catch-up also returns the rows of the last minute above `since` (where
 * this page started: what it loaded over HTTP covers the rest) that are not in `recent`.
 */
const LookBack = z
  .object({
    since: Seq.meta({ description: 'The seq this page started from; nothing at or below it comes back.' }),
    recent: z.array(Seq).max(200).meta({ description: 'Seqs above `since` the client has already.' }),
  })
  .strict()
  .optional();

export const RealtimeHello = z
  .object({
    type: z.literal('hello'),
    lang: z.enum(['en', 'de']),
    lastSeq: Seq.optional().meta({ description: 'Catch up everything after this seq.' }),
    lookBack: LookBack,
    token: z
      .string()
      .max(200)
      .optional()
      .meta({ description: 'The portal session token (portal audience only).' }),
    portalId: Uuid().optional().meta({ description: 'The portal the token is for (portal audience).' }),
  })
  .strict();

export const RealtimeClientMessage = z.discriminatedUnion('type', [
  RealtimeHello,
  z.object({ type: z.literal('catchup'), after: Seq, lookBack: LookBack }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;
export type RealtimeHello = z.infer<typeof RealtimeHello>;

export const RealtimeActivity = z.object({
  type: z.literal('activity'),
  seq: Seq,
  /** The item exactly as `GET /api/notifications` renders it, in the socket's language. */
  item: ActivityItem,
  /** The message of a `message` item (to append to an open conversation without a refetch). */
  message: Message.optional(),
  /** The project after a `project_*` item: the provider's view, or the client's (nothing internal). */
  project: z.union([Project, PortalProject]).optional(),
});
export type RealtimeActivity = z.infer<typeof RealtimeActivity>;

export const RealtimeServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    audience: z.enum(['provider', 'portal']),
    latestSeq: Seq.meta({ description: 'The newest seq of the scope now (a first connection starts here).' }),
  }),
  RealtimeActivity,
  z.object({
    type: z.literal('synced'),
    lastSeq: Seq,
    complete: z.boolean().meta({ description: 'False: more than CATCHUP_LIMIT items; ask again.' }),
  }),
  /** A project of the scope was deleted (it has no activity row left; not caught up after a reconnect). */
  z.object({ type: z.literal('project_deleted'), projectId: Uuid() }),
  z.object({ type: z.literal('pong') }),
]);
export type RealtimeServerMessage = z.infer<typeof RealtimeServerMessage>;
