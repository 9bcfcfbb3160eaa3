import type { FileKind, FileSide, FileStatus } from '../../../shared/contracts/files';
import { ownedBy, type Scope, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';

/*
 * Finding a file for a caller: every file service and route starts here. A file is the caller's when its
 * project is (the provider's own projects; for a client, the projects of that client), so the tenant
 * condition is on the project row, and anything else answers 404 (never 403: no hint that it exists).
 */

export interface FileAccessRow {
  id: string;
  provider_id: string;
  project_id: string;
  project_name: string;
  client_id: string;
  client_name: string;
  name: string;
  status: FileStatus;
  uploaded_by: FileSide;
  latest_version: number;
}

export interface VersionAccessRow {
  id: string;
  file_id: string;
  number: number;
  storage_key: string;
  original_name: string;
  size_bytes: string | number;
  sha256: string;
  mime_type: string;
  kind: FileKind;
  preview_status: 'pending' | 'ready' | 'unavailable' | 'failed';
  page_count: number | null;
  width: number | null;
  height: number | null;
  thumbnail_key: string | null;
  created_at: Date | string;
}

/**
 * The file `fileId` if the scope may see it, with its project and client. `forUpdate` locks the file row
 * for the rest of the caller's transaction (decisions and new versions serialise on it).
 * @throws ApiError('not_found') for a missing file or another tenant's
 */
export async function fileFor(
  tx: Sql | Tx,
  scope: Scope,
  fileId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<FileAccessRow> {
  const [file] = await tx<FileAccessRow[]>`
    SELECT f.id, f.provider_id, f.project_id, p.name AS project_name, p.client_id, c.name AS client_name,
           f.name, f.status, f.uploaded_by, f.latest_version
    FROM files f
    JOIN projects p ON p.provider_id = f.provider_id AND p.id = f.project_id
    JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
    WHERE ${tenant(tx, scope, { provider: 'p.provider_id', client: 'p.client_id' })} AND f.id = ${fileId}
    ${opts.forUpdate ? tx`FOR UPDATE OF f` : tx``}`;
  if (!file) throw new ApiError('not_found');
  return file;
}

/**
 * Version `versionId` of file `fileId` if the scope may see the file (404 otherwise, also for a version
 * of another file).
 */
export async function versionFor(
  tx: Sql | Tx,
  scope: Scope,
  fileId: string,
  versionId: string,
): Promise<{ file: FileAccessRow; version: VersionAccessRow }> {
  const file = await fileFor(tx, scope, fileId);
  const [version] = await tx<VersionAccessRow[]>`
    SELECT id, file_id, number, storage_key, original_name, size_bytes, sha256, mime_type, kind,
           preview_status, page_count, width, height, thumbnail_key, created_at
    FROM file_versions
    WHERE ${ownedBy(tx, scope, 'provider_id')} AND file_id = ${file.id} AND id = ${versionId}`;
  if (!version) throw new ApiError('not_found');
  return { file, version };
}
