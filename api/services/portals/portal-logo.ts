import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { createLogoStore, reencodeLogo } from '../../uploads/logo-store';

/**
 * Replaces a portal's logo: re-encodes the upload, stores it under a new name, points the portal at it
 * and removes the previous file. The portal is checked first, so nothing is stored for another tenant.
 */
export async function replacePortalLogo(
  sql: Sql,
  dataDir: string,
  providerId: string,
  portalId: string,
  upload: Uint8Array,
  now: Date,
): Promise<void> {
  const [portal] = await sql<{ logo_path: string | null }[]>`
    SELECT logo_path FROM client_portals WHERE provider_id = ${providerId} AND id = ${portalId}`;
  if (!portal) throw new ApiError('not_found');
  const webp = await reencodeLogo(upload);
  const store = createLogoStore(dataDir);
  const name = await store.save(portalId, webp);
  const [old] = await sql<{ old: string | null }[]>`
    UPDATE client_portals p SET logo_path = ${name}, updated_at = ${now}
    FROM (SELECT logo_path AS old FROM client_portals WHERE provider_id = ${providerId} AND id = ${portalId}) prev
    WHERE p.provider_id = ${providerId} AND p.id = ${portalId}
    RETURNING prev.old`;
  if (!old) {
    await store.remove(name);
    throw new ApiError('not_found');
  }
  await store.remove(old.old);
}

/** Removes a portal's logo (`not_found` for another provider's portal). */
export async function removePortalLogo(
  sql: Sql,
  dataDir: string,
  providerId: string,
  portalId: string,
  now: Date,
): Promise<void> {
  const [row] = await sql<{ old: string | null }[]>`
    UPDATE client_portals p SET logo_path = NULL, updated_at = ${now}
    FROM (SELECT logo_path AS old FROM client_portals WHERE provider_id = ${providerId} AND id = ${portalId}) prev
    WHERE p.provider_id = ${providerId} AND p.id = ${portalId}
    RETURNING prev.old`;
  if (!row) throw new ApiError('not_found');
  await createLogoStore(dataDir).remove(row.old);
}

/** The current logo file of any portal (public: the portal login page shows it). */
export async function readPortalLogo(sql: Sql, dataDir: string, portalId: string) {
  const [row] = await sql<{ logo_path: string | null }[]>`
    SELECT logo_path FROM client_portals WHERE id = ${portalId}`;
  if (!row?.logo_path) return null;
  const bytes = await createLogoStore(dataDir).read(row.logo_path);
  return bytes ? { name: row.logo_path, bytes } : null;
}
