import { Readable } from 'node:stream';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import type { JobQueue } from '../../jobs/queue';
import { portalLogoKey } from '../../storage/keys';
import { cleanUpAfterCommit } from '../../storage/provider-files';
import { type FileStore, isStorageUnavailable } from '../../storage/store';
import { reencodeLogo } from './logo-image';

/** What the logo use cases touch: the database, the file store, and the request's log for clean-ups. */
export interface LogoDeps {
  sql: Sql;
  store: FileStore;
  log: Logger;
  /** When given, a logo the store failed under is queued for removal (`delete_stored_keys`). */
  jobs?: JobQueue;
}

/**
 * Replaces a portal's logo: re-encodes the upload, stores it under a fresh key, points the portal at it
 * and removes the previous file. The portal is checked first, so nothing is stored for another tenant;
 * should it vanish before the update (deleted meanwhile), the new file is removed again.
 */
export async function replacePortalLogo(
  { sql, store, log, jobs }: LogoDeps,
  scope: ProviderScope,
  portalId: string,
  upload: Uint8Array,
  now: Date,
): Promise<void> {
  const [portal] = await sql<{ logo_path: string | null }[]>`
    SELECT logo_path FROM client_portals WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${portalId}`;
  if (!portal) throw new ApiError('not_found');
  const webp = await reencodeLogo(upload);
  const key = portalLogoKey(scope.providerId, portalId);
  await store.put(key, Readable.from([webp])).catch(async (err) => {
    // Its PUT may have landed without an answer: removed once the store is back (issue 31).
    if (jobs && isStorageUnavailable(err))
      await jobs
        .enqueue(sql, 'delete_stored_keys', { keys: [key] })
        .catch((queueErr) => log.error({ err: queueErr, key }, 'a failed logo may be left in storage'));
    throw err;
  });
  const [row] = await sql<{ old: string | null }[]>`
    UPDATE client_portals p SET logo_path = ${key}, updated_at = ${now}
    FROM (SELECT logo_path AS old FROM client_portals WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${portalId}) prev
    WHERE ${ownedBy(sql, scope, 'p.provider_id')} AND p.id = ${portalId}
    RETURNING prev.old`;
  if (!row) {
    await store.delete(key);
    throw new ApiError('not_found');
  }
  const old = row.old;
  if (old) await cleanUpAfterCommit(log, { deleteKey: old, portalId }, () => store.delete(old));
}

/** Removes a portal's logo (`not_found` for another provider's portal). */
export async function removePortalLogo(
  { sql, store, log }: LogoDeps,
  scope: ProviderScope,
  portalId: string,
  now: Date,
): Promise<void> {
  const [row] = await sql<{ old: string | null }[]>`
    UPDATE client_portals p SET logo_path = NULL, updated_at = ${now}
    FROM (SELECT logo_path AS old FROM client_portals WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${portalId}) prev
    WHERE ${ownedBy(sql, scope, 'p.provider_id')} AND p.id = ${portalId}
    RETURNING prev.old`;
  if (!row) throw new ApiError('not_found');
  const old = row.old;
  if (old) await cleanUpAfterCommit(log, { deleteKey: old, portalId }, () => store.delete(old));
}

/** The storage key of any portal's current logo, or null (public: the portal login page shows it). */
export async function findPortalLogoKey(sql: Sql, portalId: string): Promise<string | null> {
  const [row] = await sql<{ logo_path: string | null }[]>`
    SELECT logo_path FROM client_portals WHERE id = ${portalId}`;
  return row?.logo_path ?? null;
}
