import type { Sql, Tx } from '../../db/client';
import { hashToken, randomToken } from '../token';

/** Spec §9: a magic link is valid for 24 hours. */
export const MAGIC_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The link in the e-mail; `/portal/auth` shows a "Continue" button that POSTs the token (scanners only GET). */
export function magicLinkUrl(publicOrigin: string, token: string): string {
  return `${publicOrigin}/portal/auth?token=${encodeURIComponent(token)}`;
}

/**
 * The link for a sign-in requested on the portal's verified custom domain: the portal runs at `/` there
 * (`/auth?token=…`), and the session must be stored on that origin, so the link stays on it.
 */
export function customDomainMagicLinkUrl(origin: string, token: string): string {
  return `${origin}/auth?token=${encodeURIComponent(token)}`;
}

/**
 * Who asked for a link: the provider's invitation (`POST /api/clients/{id}/invite`), or the client on the
 * portal (`POST /api/portal/magic-link`, which anyone who knows the address can call).
 */
export type MagicLinkKind = 'invitation' | 'sign_in';

/**
 * Issues a magic-link token for a client of a portal: 32 random bytes (base64url), only its sha256
 * stored, valid 24 h. What it voids depends on who asked: a new invitation voids every earlier unused link
 * of the client (the provider's newest invitation is the one that works); a link requested on the portal
 * voids only earlier requested ones, so a request in the client's name (by anyone) never voids the
 * provider's invitation. The one place tokens are made: the invite and the portal's sign-in both call it.
 * @returns the raw token (it goes into the mail and nowhere else; never logged) and its expiry
 */
export async function issueMagicLink(
  sql: Sql | Tx,
  client: { id: string; portalId: string },
  kind: MagicLinkKind,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + MAGIC_LINK_TTL_MS);
  await sql`
    DELETE FROM client_magic_links WHERE client_id = ${client.id} AND used_at IS NULL
      ${kind === 'sign_in' ? sql`AND kind = 'sign_in'` : sql``}`;
  await sql`
    INSERT INTO client_magic_links (token_hash, client_id, portal_id, kind, expires_at, created_at)
    VALUES (${hashToken(token)}, ${client.id}, ${client.portalId}, ${kind}, ${expiresAt}, ${now})`;
  return { token, expiresAt };
}

/**
 * Voids every unused link of a client, invitations included (the client's e-mail address changed: a link
 * in the old mailbox must not sign anyone in). The caller has checked the client is its provider's.
 * @returns how many links were voided
 */
export async function revokeClientMagicLinks(sql: Sql | Tx, clientId: string): Promise<number> {
  const rows = await sql`
    DELETE FROM client_magic_links WHERE client_id = ${clientId} AND used_at IS NULL RETURNING client_id`;
  return rows.length;
}

type LinkRow = { client_id: string; portal_id: string };
type Link = { clientId: string; portalId: string };

/** A token that still works: unused, unexpired and, with `portalId`, of that portal. */
function usable(sql: Sql | Tx, token: string, now: Date, portalId: string | undefined) {
  return sql`token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > ${now}
    ${portalId ? sql`AND portal_id = ${portalId}` : sql``}`;
}

const toLink = (row: LinkRow | undefined): Link | null =>
  row ? { clientId: row.client_id, portalId: row.portal_id } : null;

/**
 * The client and portal a token would sign in, without using it up (`consumeMagicLink` does that):
 * null for an unknown, used, superseded, expired or (with `portalId`) wrong-portal token.
 */
export async function findMagicLink(
  sql: Sql | Tx,
  token: string,
  now: Date,
  portalId?: string,
): Promise<Link | null> {
  const [row] = await sql<LinkRow[]>`
    SELECT client_id, portal_id FROM client_magic_links WHERE ${usable(sql, token, now, portalId)}`;
  return toLink(row);
}

/**
 * Consumes a token once (the UPDATE … WHERE used_at IS NULL is atomic under concurrent clicks). With
 * `portalId` (the portal of a custom domain) a token of another portal is refused and stays unused.
 * @returns the client and portal, or null for an unknown, used, superseded, expired or wrong-portal token
 */
export async function consumeMagicLink(
  sql: Sql | Tx,
  token: string,
  now: Date,
  portalId?: string,
): Promise<Link | null> {
  const [row] = await sql<LinkRow[]>`
    UPDATE client_magic_links SET used_at = ${now} WHERE ${usable(sql, token, now, portalId)}
    RETURNING client_id, portal_id`;
  return toLink(row);
}

/** Deletes a token whose e-mail could not be sent, so no working link exists that nobody received. */
export async function discardMagicLink(sql: Sql | Tx, token: string): Promise<void> {
  await sql`DELETE FROM client_magic_links WHERE token_hash = ${hashToken(token)}`;
}
