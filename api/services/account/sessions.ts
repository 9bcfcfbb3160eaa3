import type { AccountSession } from '../../../shared/contracts/account';
import { PAGE_LIMIT_DEFAULT, type PageInput } from '../../../shared/contracts/paging';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import { invalidateUserSessions, SESSION_MAX_AGE_MS } from '../../auth/session';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { keyset } from '../keyset';

interface SessionRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_agent: string | null;
  ip: string | null;
}

/**
 * Hides the host part of an address, so the list helps recognise a device without being a location log:
 * IPv4 loses its last octet (`203.0.113.x`), IPv6 keeps its first three groups (`2001:db8:85a3::x`).
 * @example maskIp('203.0.113.42') // '203.0.113.x'
 */
export function maskIp(ip: string | null): string | null {
  if (!ip || ip === 'unknown') return null;
  const v4 = ip.match(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0]?.split(':').filter(Boolean).slice(0, 3) ?? [];
    return `${groups.join(':')}::x`;
  }
  return null;
}

/**
 * The user's live sessions, most recently active first; `current` marks the caller's. Never the secret.
 * `lastSeenAt` moves when the session's expiry slides (at most once in 15 days) or on refresh.
 */
export async function listSessions(
  sql: Sql,
  scope: ProviderScope,
  now: Date,
  page: PageInput = { limit: PAGE_LIMIT_DEFAULT },
): Promise<{ items: AccountSession[]; nextCursor: string | null }> {
  const oldest = new Date(now.getTime() - SESSION_MAX_AGE_MS);
  const keys = keyset(sql, {
    columns: { lastSeenAt: { sql: 'last_seen_at', type: 'timestamptz' } },
    sort: 'lastSeenAt',
    order: 'desc',
    idColumn: 'id',
    textId: true,
    cursor: page.cursor,
    limit: page.limit,
  });
  const found = await sql<(SessionRow & { sort_key: string })[]>`
    SELECT id, created_at, last_seen_at, expires_at, user_agent, ip, ${keys.sortKey}
    FROM user_sessions
    WHERE ${ownedBy(sql, scope, 'user_id')} AND expires_at > ${now} AND created_at > ${oldest} ${keys.after}
    ORDER BY ${keys.orderBy} LIMIT ${page.limit + 1}`;
  const { rows, nextCursor } = keys.page(found);
  return { items: toSessions(rows, scope), nextCursor };
}

function toSessions(rows: SessionRow[], scope: ProviderScope): AccountSession[] {
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    userAgent: r.user_agent,
    ip: maskIp(r.ip),
    current: r.id === scope.sessionId,
  }));
}

/**
 * Ends one of the user's sessions; the user id is part of the `where`, so another user's session id
 * answers exactly like an unknown one.
 * @throws `session_not_found` (404) when the user has no such session
 */
export async function endSession(sql: Sql, scope: ProviderScope, sessionId: string): Promise<void> {
  const rows =
    await sql`DELETE FROM user_sessions WHERE id = ${sessionId} AND ${ownedBy(sql, scope, 'user_id')} RETURNING id`;
  if (rows.length === 0) throw new ApiError('session_not_found');
}

/** Ends every session of the user, the caller's included. @returns how many were ended */
export function endAllSessions(sql: Sql, scope: ProviderScope): Promise<number> {
  return invalidateUserSessions(sql, scope.providerId);
}
