import type { Sql } from '../../db/client';

/** A client as the portal sign-in reads it, with the portal fields its e-mail and link need. */
export interface SignInClientRow {
  id: string;
  provider_id: string;
  portal_id: string;
  name: string;
  email: string;
  language: 'en' | 'de';
  password_hash: string | null;
  portal_name: string;
  logo_path: string | null;
  primary_color: string;
  custom_domain: string | null;
  domain_status: string;
}

/** More than this many portals for one address is not a real case; the cap bounds the work per request. */
const MAX_CLIENTS_PER_EMAIL = 5;

/**
 * Spec §7 "read clients filtered by email and optionally portal_id": the clients with this e-mail in the
 * given portal (at most one, e-mails are unique per portal), or without a portal in every portal, newest
 * first. The e-mail arrives lower-cased from the `Email` contract, as it is stored.
 */
export function clientsByEmail(sql: Sql, email: string, portalId?: string): Promise<SignInClientRow[]> {
  return sql<SignInClientRow[]>`
    SELECT c.id, c.provider_id, c.portal_id, c.name, c.email, c.language, c.password_hash,
           p.portal_name, p.logo_path, p.primary_color, p.custom_domain, p.domain_status
    FROM clients c JOIN client_portals p ON p.provider_id = c.provider_id AND p.id = c.portal_id
    WHERE c.email = ${email} ${portalId ? sql`AND c.portal_id = ${portalId}` : sql``}
    ORDER BY c.created_at DESC, c.id
    LIMIT ${MAX_CLIENTS_PER_EMAIL}`;
}

/**
 * One client of one portal, as a magic link names it. Null when the client was deleted or moved to
 * another portal since the link was sent.
 */
export async function clientInPortal(
  sql: Sql,
  clientId: string,
  portalId: string,
): Promise<SignInClientRow | null> {
  const [row] = await sql<SignInClientRow[]>`
    SELECT c.id, c.provider_id, c.portal_id, c.name, c.email, c.language, c.password_hash,
           p.portal_name, p.logo_path, p.primary_color, p.custom_domain, p.domain_status
    FROM clients c JOIN client_portals p ON p.provider_id = c.provider_id AND p.id = c.portal_id
    WHERE c.id = ${clientId} AND c.portal_id = ${portalId}`;
  return row ?? null;
}
