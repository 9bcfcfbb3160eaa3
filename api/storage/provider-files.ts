import type { Logger } from '../http/logger';
import { portalPrefix, providerPrefix } from './keys';
import type { FileStore } from './store';

/**
 * Removes every file a provider's account stored: everything under `providers/<providerId>/`, and the
 * `keys` it kept elsewhere (logos stored before migration 0010, under `logos/`). Idempotent, so a failed
 * run can simply be repeated (the job queue's retry calls it again with the same arguments).
 * @returns how many files were removed
 * @example await deleteProviderFiles(store, providerId, logoKeys)
 */
export async function deleteProviderFiles(
  store: FileStore,
  providerId: string,
  keys: readonly string[] = [],
): Promise<number> {
  for (const key of keys) await store.delete(key);
  return keys.length + (await store.deletePrefix(providerPrefix(providerId)));
}

/** Removes every file of one portal (its prefix, and `keys` stored outside it). Idempotent. */
export async function deletePortalFiles(
  store: FileStore,
  providerId: string,
  portalId: string,
  keys: readonly string[] = [],
): Promise<number> {
  for (const key of keys) await store.delete(key);
  return keys.length + (await store.deletePrefix(portalPrefix(providerId, portalId)));
}

/**
 * Runs a storage clean-up that follows a committed database change. The database is the truth: once its
 * rows are gone no request can reach the files, so a storage failure does not undo or fail the change.
 * It is logged at error level with everything needed to repeat it (`retry`: the function and its
 * arguments, ids and keys only), and the request still succeeds.
 * @returns whether the clean-up completed
 */
export async function cleanUpAfterCommit(
  log: Logger,
  retry: Record<string, unknown>,
  cleanUp: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await cleanUp();
    return true;
  } catch (err) {
    log.error({ err, retry }, 'files left in storage after their rows were deleted');
    return false;
  }
}
