import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { filePrefix } from '../../storage/keys';

/** Prefixes per `delete_stored_prefixes` job (a project with more files gets several jobs). */
export const STORED_PREFIXES_PER_JOB = 500;

/** Which files' storage goes with a deletion: one file, or every file of a project, client or portal. */
export type FilesOf =
  | { fileId: string }
  | { projectId: string }
  | { clientId: string }
  | { portalId: string };

/**
 * In the transaction that deletes rows a file hangs from (the file itself, its project, the project's
 * client or that client's portal, all by cascade): enqueues `delete_stored_prefixes` for the stored
 * folders of those files, so the bytes go when the rows do (after the commit, retried on storage
 * failures). Call it before the DELETE, while the file rows can still be found.
 * @returns the prefixes queued
 */
export async function queueFileStorageDeletion(
  tx: Tx,
  jobs: JobQueue,
  scope: ProviderScope,
  of: FilesOf,
): Promise<string[]> {
  const where =
    'fileId' in of
      ? tx`f.id = ${of.fileId}`
      : 'projectId' in of
        ? tx`f.project_id = ${of.projectId}`
        : 'clientId' in of
          ? tx`p.client_id = ${of.clientId}`
          : tx`c.portal_id = ${of.portalId}`;
  const rows = await tx<{ id: string }[]>`
    SELECT f.id FROM files f
    JOIN projects p ON p.provider_id = f.provider_id AND p.id = f.project_id
    JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
    WHERE ${ownedBy(tx, scope, 'f.provider_id')} AND ${where}`;
  const prefixes = rows.map((row) => filePrefix(scope.providerId, row.id));
  for (let i = 0; i < prefixes.length; i += STORED_PREFIXES_PER_JOB) {
    await jobs.enqueue(tx, 'delete_stored_prefixes', {
      prefixes: prefixes.slice(i, i + STORED_PREFIXES_PER_JOB),
    });
  }
  return prefixes;
}
