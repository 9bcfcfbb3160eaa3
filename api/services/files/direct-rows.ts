import { Readable } from 'node:stream';
import type { FileKind, FileSide, FileStatus } from '../../../shared/contracts/files';
import { actingFor, ownedBy } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { fileVersionKey } from '../../storage/keys';
import type { FileStore } from '../../storage/store';

/*
 * Files written without a request: the first start's demo data and the tests of the preview and PDF
 * routes. Same rows and keys as an upload through the API (bytes stored first under `fileVersionKey`, their
 * size and SHA-256 as the store measured them, then the version row and its history event), and no checks
 * beyond the database's: the callers bring bytes they made themselves.
 */

export interface DirectVersion {
  bytes: Uint8Array;
  /** The name it was uploaded with. */
  name: string;
  mimeType: string;
  kind: FileKind;
  uploadedBy: { type: FileSide; name: string; clientId?: string | null };
  createdAt?: Date;
}

/** Stores a version's bytes and inserts its row (not the file's `latest_version`, nor an event). */
export async function insertVersion(
  tx: Sql | Tx,
  store: FileStore,
  ids: { providerId: string; fileId: string },
  number: number,
  v: DirectVersion,
): Promise<{ versionId: string; sha256: string; size: number }> {
  const versionId = crypto.randomUUID();
  const key = fileVersionKey(ids.providerId, ids.fileId, versionId);
  const { size, sha256 } = await store.put(key, Readable.from([Buffer.from(v.bytes)]));
  await tx`
    INSERT INTO file_versions (id, provider_id, file_id, number, storage_key, original_name, size_bytes,
                               sha256, mime_type, kind, uploaded_by_type, uploaded_by_name,
                               uploaded_by_client_id, created_at)
    VALUES (${versionId}, ${ids.providerId}, ${ids.fileId}, ${number}, ${key}, ${v.name}, ${size}, ${sha256},
            ${v.mimeType}, ${v.kind}, ${v.uploadedBy.type}, ${v.uploadedBy.name},
            ${v.uploadedBy.clientId ?? null}, ${v.createdAt ?? new Date()})`;
  return { versionId, sha256, size };
}

/**
 * A file with its first version and its `uploaded` event, `pending_review`.
 * @returns the file's and the version's ids
 */
export async function insertFile(
  tx: Sql | Tx,
  store: FileStore,
  f: { providerId: string; projectId: string; name: string; version: DirectVersion },
): Promise<{ fileId: string; versionId: string; sha256: string }> {
  const fileId = crypto.randomUUID();
  const by = f.version.uploadedBy;
  const at = f.version.createdAt ?? new Date();
  await tx`
    INSERT INTO files (id, provider_id, project_id, name, uploaded_by, uploader_client_id, created_at,
                       updated_at)
    VALUES (${fileId}, ${f.providerId}, ${f.projectId}, ${f.name}, ${by.type},
            ${by.type === 'client' ? (by.clientId ?? null) : null}, ${at}, ${at})`;
  const { versionId, sha256 } = await insertVersion(
    tx,
    store,
    { providerId: f.providerId, fileId },
    1,
    f.version,
  );
  await insertEvent(tx, {
    providerId: f.providerId,
    fileId,
    versionId,
    kind: 'uploaded',
    statusBefore: null,
    statusAfter: 'pending_review',
    actor: by,
    createdAt: at,
  });
  return { fileId, versionId, sha256 };
}

/** A new version of a file: its row, the `version` event, the file back to `pending_review`. */
export async function insertNextVersion(
  tx: Sql | Tx,
  store: FileStore,
  ids: { providerId: string; fileId: string },
  v: DirectVersion,
): Promise<{ versionId: string; sha256: string }> {
  const [file] = await tx<{ status: FileStatus; latest_version: number }[]>`
    SELECT status, latest_version FROM files WHERE ${ownedBy(tx, actingFor(ids.providerId), 'provider_id')} AND id = ${ids.fileId}`;
  if (!file) throw new Error(`no file ${ids.fileId}`);
  const number = file.latest_version + 1;
  const at = v.createdAt ?? new Date();
  const { versionId, sha256 } = await insertVersion(tx, store, ids, number, v);
  await tx`
    UPDATE files SET latest_version = ${number}, status = 'pending_review', updated_at = ${at}
    WHERE ${ownedBy(tx, actingFor(ids.providerId), 'provider_id')} AND id = ${ids.fileId}`;
  await insertEvent(tx, {
    ...ids,
    versionId,
    kind: 'version',
    statusBefore: file.status,
    statusAfter: 'pending_review',
    actor: v.uploadedBy,
    createdAt: at,
  });
  return { versionId, sha256 };
}

export interface DirectEvent {
  providerId: string;
  fileId: string;
  versionId: string;
  kind: 'uploaded' | 'version' | 'decision';
  statusBefore: FileStatus | null;
  statusAfter: FileStatus;
  actor: { type: FileSide; name: string; clientId?: string | null };
  feedback?: string | null;
  createdAt?: Date;
}

/** One event of a file's history. @returns its id */
export async function insertEvent(tx: Sql | Tx, e: DirectEvent): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    INSERT INTO file_events (provider_id, file_id, version_id, kind, status_before, status_after, actor_type,
                             actor_name, actor_client_id, feedback, created_at)
    VALUES (${e.providerId}, ${e.fileId}, ${e.versionId}, ${e.kind}, ${e.statusBefore}, ${e.statusAfter},
            ${e.actor.type}, ${e.actor.name}, ${e.actor.clientId ?? null}, ${e.feedback ?? null},
            ${e.createdAt ?? new Date()})
    RETURNING id`;
  if (!row) throw new Error('no event');
  return row.id;
}

/** A decision on a version: its event (with the feedback) and the file's new status. @returns the event's id */
export async function insertDecision(
  tx: Sql | Tx,
  d: Omit<DirectEvent, 'kind' | 'statusBefore'> & { statusBefore?: FileStatus },
): Promise<string> {
  const at = d.createdAt ?? new Date();
  const id = await insertEvent(tx, {
    ...d,
    kind: 'decision',
    statusBefore: d.statusBefore ?? 'pending_review',
    createdAt: at,
  });
  await tx`
    UPDATE files SET status = ${d.statusAfter}, updated_at = ${at}
    WHERE ${ownedBy(tx, actingFor(d.providerId), 'provider_id')} AND id = ${d.fileId}`;
  return id;
}

export interface DirectPin {
  providerId: string;
  fileId: string;
  versionId: string;
  eventId?: string | null;
  page: number;
  x: number;
  y: number;
  body: string;
  author: { type: FileSide; name: string; clientId?: string | null };
  createdAt?: Date;
}

/** Feedback pinned to a point of a version. @returns its id */
export async function insertPin(tx: Sql | Tx, p: DirectPin): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    INSERT INTO file_pins (provider_id, file_id, version_id, event_id, page, x, y, body, author_type,
                           author_name, author_client_id, created_at)
    VALUES (${p.providerId}, ${p.fileId}, ${p.versionId}, ${p.eventId ?? null}, ${p.page}, ${p.x}, ${p.y},
            ${p.body}, ${p.author.type}, ${p.author.name}, ${p.author.clientId ?? null},
            ${p.createdAt ?? new Date()})
    RETURNING id`;
  if (!row) throw new Error('no pin');
  return row.id;
}
