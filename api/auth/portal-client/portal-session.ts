import type { PortalClient } from '../../../shared/contracts/portal-client';
import type { Sql, Tx } from '../../db/client';
import { newSessionToken, parseSessionToken, secretMatches } from '../token';

/** Spec §9: a portal client session lasts 7 days (fixed; the portal stores its expiry with the token). */
export const PORTAL_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** How a client signed in: password, magic link, or the widget's identity handoff (migration 0005). */
export type SignInMethod = 'password' | 'magic_link' | 'handoff';

/** A validated portal session: who the bearer is, scoped to one client of one portal of one provider. */
export interface PortalAuth {
  sessionId: string;
  providerId: string;
  portalId: string;
  client: PortalClient;
  createdAt: Date;
  expiresAt: Date;
}

interface SessionRow {
  id: string;
  secret_hash: Uint8Array;
  provider_id: string;
  portal_id: string;
  created_at: Date;
  expires_at: Date;
  client_id: string;
  name: string;
  email: string;
  language: 'en' | 'de';
  has_password: boolean;
}

function toAuth(row: SessionRow): PortalAuth {
  return {
    sessionId: row.id,
    providerId: row.provider_id,
    portalId: row.portal_id,
    client: {
      id: row.client_id,
      name: row.name,
      email: row.email,
      portalId: row.portal_id,
      language: row.language,
      hasPassword: row.has_password,
    },
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * Starts a 7-day session for a client of a portal (only after the client was authenticated).
 * @returns the bearer token `<id>.<secret>` (never stored; only sha256(secret) is) and the session
 */
export async function createPortalSession(
  sql: Sql | Tx,
  client: { id: string; portalId: string; providerId: string },
  method: SignInMethod,
  now: Date,
  meta: { userAgent?: string | undefined; ip?: string | undefined } = {},
): Promise<{ token: string; auth: PortalAuth }> {
  const { id, token, secretHash } = newSessionToken();
  const expiresAt = new Date(now.getTime() + PORTAL_SESSION_TTL_MS);
  // One statement: the session is stored only while the client is still in that portal, and read back
  // with the client as `lookup` reads it.
  const [auth] = await sql<SessionRow[]>`
    WITH s AS (
      INSERT INTO portal_sessions (id, secret_hash, provider_id, portal_id, client_id, method, created_at,
                                   expires_at, user_agent, ip)
      SELECT ${id}, ${secretHash}, c.provider_id, c.portal_id, c.id, ${method}, ${now}, ${expiresAt},
             ${meta.userAgent?.slice(0, 300) ?? null}, ${meta.ip ?? null}
      FROM clients c
      WHERE c.provider_id = ${client.providerId} AND c.id = ${client.id} AND c.portal_id = ${client.portalId}
      RETURNING id, secret_hash, provider_id, portal_id, client_id, created_at, expires_at
    )
    SELECT s.id, s.secret_hash, s.provider_id, s.portal_id, s.created_at, s.expires_at,
           c.id AS client_id, c.name, c.email, c.language, c.password_hash IS NOT NULL AS has_password
    FROM s JOIN clients c ON c.provider_id = s.provider_id AND c.id = s.client_id`;
  if (!auth) throw new Error('the client left the portal while signing in');
  return { token, auth: toAuth(auth) };
}

function lookup(sql: Sql | Tx, id: string): Promise<SessionRow | undefined> {
  // The join also requires the client to still be in the session's portal: a client moved to another
  // portal is not signed in to either through an old session.
  return sql<SessionRow[]>`
    SELECT s.id, s.secret_hash, s.provider_id, s.portal_id, s.created_at, s.expires_at,
           c.id AS client_id, c.name, c.email, c.language, c.password_hash IS NOT NULL AS has_password
    FROM portal_sessions s
    JOIN clients c ON c.provider_id = s.provider_id AND c.id = s.client_id AND c.portal_id = s.portal_id
    WHERE s.id = ${id}`.then((rows) => rows[0]);
}

/**
 * Checks a bearer token with one primary-key lookup and a constant-time hash compare; an expired
 * session is deleted when seen.
 * @returns the session, or null for a missing, malformed, wrong, revoked or expired token
 */
export async function validatePortalSessionToken(
  sql: Sql,
  token: string,
  now: Date,
): Promise<PortalAuth | null> {
  const parts = parseSessionToken(token);
  if (!parts) return null;
  const row = await lookup(sql, parts.id);
  if (!row || !secretMatches(row.secret_hash, parts.secret)) return null;
  if (now.getTime() >= new Date(row.expires_at).getTime()) {
    await sql`DELETE FROM portal_sessions WHERE id = ${row.id}`;
    return null;
  }
  return toAuth(row);
}

/** Ends one session (sign-out, portal mismatch). @returns whether one was ended */
export async function revokePortalSession(sql: Sql, sessionId: string): Promise<boolean> {
  const rows = await sql`DELETE FROM portal_sessions WHERE id = ${sessionId} RETURNING id`;
  return rows.length > 0;
}

/**
 * Ends every session of a client, except optionally one (sign out of all devices; a password change
 * keeps the caller's own). Scoped by provider and client.
 * @returns how many sessions ended
 */
export async function revokeClientSessions(
  sql: Sql,
  auth: Pick<PortalAuth, 'providerId'> & { client: Pick<PortalClient, 'id'> },
  exceptSessionId?: string,
): Promise<number> {
  const rows = await sql`
    DELETE FROM portal_sessions
    WHERE provider_id = ${auth.providerId} AND client_id = ${auth.client.id}
      ${exceptSessionId ? sql`AND id <> ${exceptSessionId}` : sql``}
    RETURNING id`;
  return rows.length;
}

/**
 * Ends every portal session of a client, as the provider's side does (the provider set the client's
 * password or changed their e-mail address: ASVS 7.4.3). Scoped by provider and client.
 * @returns how many sessions ended
 */
export async function endClientSessions(
  sql: Sql | Tx,
  providerId: string,
  clientId: string,
): Promise<number> {
  const rows = await sql`
    DELETE FROM portal_sessions WHERE provider_id = ${providerId} AND client_id = ${clientId} RETURNING id`;
  return rows.length;
}

/** The wire shape of a session (spec §3 `portal_client_session`, without the token for GET). */
export function toSessionInfo(auth: PortalAuth) {
  return {
    client: auth.client,
    expiresAt: auth.expiresAt.toISOString(),
    createdAt: auth.createdAt.toISOString(),
  };
}
