import type { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, type PageInput } from '../../../shared/contracts/paging';
import type { Portal, PortalCreateInput } from '../../../shared/contracts/portals';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Config } from '../../config';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { queueFileStorageDeletion } from '../files/file-storage';
import { findPortalRow, portalKeys, selectPortals, toPortal } from './portal-view';

type Branding = z.output<typeof PortalCreateInput>;

/** The provider's portals, newest first (`now` decides which domain claims have expired). */
export async function listPortals(
  sql: Sql,
  config: Config,
  scope: ProviderScope,
  now: Date,
  page: PageInput = { limit: PAGE_LIMIT_DEFAULT },
): Promise<{ items: Portal[]; nextCursor: string | null }> {
  const keys = portalKeys(sql, page);
  const { rows, nextCursor } = keys.page(
    (await selectPortals(sql, scope, undefined, { keys, limit: page.limit })).map((row) => ({
      ...row,
      sort_key: row.sort_key ?? null,
    })),
  );
  return { items: rows.map((row) => toPortal(row, config, now)), nextCursor };
}

/** One portal of the provider (`not_found` for anyone else's). */
export async function getPortal(sql: Sql, config: Config, scope: ProviderScope, portalId: string, now: Date) {
  return toPortal(await findPortalRow(sql, scope, portalId), config, now);
}

/** Creates a portal; the provider comes from the session, never from the body. */
export async function createPortal(
  sql: Sql,
  config: Config,
  scope: ProviderScope,
  input: Branding,
  now: Date,
): Promise<Portal> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO client_portals (provider_id, portal_name, primary_color, secondary_color, allowed_origins,
                                created_at, updated_at)
    VALUES (${scope.providerId}, ${input.portalName}, ${input.primaryColor}, ${input.secondaryColor},
            ${input.allowedOrigins}, ${now}, ${now})
    RETURNING id`;
  return getPortal(sql, config, scope, String(row?.id), now);
}

/** Changes only the fields sent. */
export async function updatePortal(
  sql: Sql,
  config: Config,
  scope: ProviderScope,
  portalId: string,
  input: Partial<Branding>,
  now: Date,
): Promise<Portal> {
  const [row] = await sql`
    UPDATE client_portals SET
      portal_name = coalesce(${input.portalName ?? null}, portal_name),
      primary_color = coalesce(${input.primaryColor ?? null}, primary_color),
      secondary_color = coalesce(${input.secondaryColor ?? null}, secondary_color),
      allowed_origins = coalesce(${input.allowedOrigins ?? null}::text[], allowed_origins),
      updated_at = ${now}
    WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${portalId}
    RETURNING id`;
  if (!row) throw new ApiError('not_found');
  return getPortal(sql, config, scope, portalId, now);
}

/**
 * Deletes a portal with its clients, their projects, files and invoices (foreign keys cascade; the files'
 * stored bytes by a job queued in the same transaction) in one transaction, and says how many of each went.
 * @returns the counts and the logo's storage key, for the caller to remove the portal's files
 */
export async function deletePortal(
  { sql, jobs }: { sql: Sql; jobs: JobQueue },
  scope: ProviderScope,
  portalId: string,
) {
  return sql.begin(async (tx) => {
    const [row] = await tx<
      { clients: number; projects: number; invoices: number; logo_path: string | null }[]
    >`
      SELECT p.logo_path,
        (SELECT count(*)::int FROM clients c WHERE c.provider_id = p.provider_id AND c.portal_id = p.id) AS clients,
        (SELECT count(*)::int FROM projects pr JOIN clients c ON c.id = pr.client_id
          WHERE pr.provider_id = p.provider_id AND c.portal_id = p.id) AS projects,
        (SELECT count(*)::int FROM invoices i JOIN clients c ON c.id = i.client_id
          WHERE i.provider_id = p.provider_id AND c.portal_id = p.id) AS invoices
      FROM client_portals p
      WHERE ${ownedBy(tx, scope, 'p.provider_id')} AND p.id = ${portalId}
      FOR UPDATE`;
    if (!row) throw new ApiError('not_found');
    await queueFileStorageDeletion(tx, jobs, scope, { portalId });
    await tx`DELETE FROM client_portals WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${portalId}`;
    const { logo_path, ...deleted } = row;
    return { deleted, logoPath: logo_path };
  });
}
