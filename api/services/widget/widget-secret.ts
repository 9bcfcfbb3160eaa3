import { randomBytes } from 'node:crypto';
import {
  WIDGET_SECRET_PREFIX,
  type WidgetSecretCreated,
  type WidgetSecretStatus,
} from '../../../shared/contracts/widget';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';

/*
 * The per-portal widget signing secret (HS256 key of identity-handoff tokens). The server must verify
 * HMACs, so it keeps the secret itself (not a hash); it is returned exactly once, by the rotation that
 * created it, and never again: status reads give only its last four characters.
 */

/** `cpws_` + 32 random bytes, base64url (256 bits, the HS256 key size). */
export function newWidgetSecret(): string {
  return WIDGET_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** Whether the provider's portal has a secret (404 `not_found` for anyone else's portal). */
export async function widgetSecretStatus(
  sql: Sql,
  scope: ProviderScope,
  portalId: string,
): Promise<WidgetSecretStatus> {
  const [row] = await sql<{ created_at: Date | null; hint: string | null }[]>`
    SELECT s.created_at, s.hint
    FROM client_portals p
    LEFT JOIN widget_secrets s ON s.provider_id = p.provider_id AND s.portal_id = p.id
    WHERE ${ownedBy(sql, scope, 'p.provider_id')} AND p.id = ${portalId}`;
  if (!row) throw new ApiError('not_found');
  return {
    configured: row.created_at !== null,
    createdAt: row.created_at ? new Date(row.created_at).toISOString() : null,
    hint: row.hint,
  };
}

/**
 * Creates the portal's secret, or replaces it (the old one stops working at once).
 * @returns the new secret: the only time it leaves the server
 */
export async function rotateWidgetSecret(
  sql: Sql,
  scope: ProviderScope,
  portalId: string,
  now: Date,
): Promise<WidgetSecretCreated> {
  const secret = newWidgetSecret();
  const hint = secret.slice(-4);
  const [row] = await sql<{ created_at: Date }[]>`
    INSERT INTO widget_secrets (portal_id, provider_id, secret, hint, created_at)
    SELECT p.id, p.provider_id, ${secret}, ${hint}, ${now}
    FROM client_portals p
    WHERE ${ownedBy(sql, scope, 'p.provider_id')} AND p.id = ${portalId}
    ON CONFLICT (portal_id) DO UPDATE SET secret = EXCLUDED.secret, hint = EXCLUDED.hint,
                                          created_at = EXCLUDED.created_at
    RETURNING created_at`;
  if (!row) throw new ApiError('not_found');
  return { secret, createdAt: new Date(row.created_at).toISOString(), hint };
}

/** Turns identity handoff off for the portal (404 `not_found` for anyone else's portal). */
export async function deleteWidgetSecret(sql: Sql, scope: ProviderScope, portalId: string): Promise<void> {
  const [portal] =
    await sql`SELECT 1 FROM client_portals WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${portalId}`;
  if (!portal) throw new ApiError('not_found');
  await sql`DELETE FROM widget_secrets WHERE ${ownedBy(sql, scope, 'provider_id')} AND portal_id = ${portalId}`;
}
