import type { z } from 'zod';
import {
  ALLOWED_FILE_TYPES,
  canUploadVersion,
  decisionsFor,
  FILE_STATUSES,
  type FileDecisionInput,
  type FileDetail,
  type FileKind,
  type FileList,
  type FileListQuery,
  type FilePin,
  type FilePinInput,
  type FileSide,
  type FileStatus,
  type FileStatusKey,
  type FileSummary,
  type FileUpdateInput,
  PINS_PER_VERSION_MAX,
  statusCountKey,
} from '../../../shared/contracts/files';
import { ownedBy, type ProviderScope, type Scope, sideOf, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import { filePrefix } from '../../storage/keys';
import { cleanUpAfterCommit } from '../../storage/provider-files';
import { publishActivity, recordActivity } from '../activity/record-activity';
import { likeContains } from '../clients/list-clients';
import { keyset, type SortColumn } from '../keyset';
import { type FileAccessRow, fileFor } from './access';
import { queueFileStorageDeletion } from './file-storage';
import {
  type EventRow,
  type FileRow,
  fileSelect,
  type PinRow,
  toFileSummary,
  toFileVersion,
  toHistoryEvent,
  toPin,
  VERSION_COLUMNS,
  type VersionRow,
} from './file-view';
import { discardUpload, type StoredUpload, withExtension } from './upload';

/*
 * Files with client approval (issue 20; rules in shared/contracts/files.ts). One service for both sides:
 * the scope decides whose files these are (the provider's projects, or the client's own) and which side
 * acts. Writes happen in one transaction each: the rows, the audit event, the activity row and the
 * preview job; the stored bytes were written before (and are removed again when the rows cannot be).
 */

type Deps = Pick<AppDeps, 'sql' | 'jobs' | 'pubsub' | 'store' | 'now'> & { log: Logger };

/** Notifications and e-mails show the feedback's start, never all of it. */
const FEEDBACK_PREVIEW_LENGTH = 140;
const previewOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > FEEDBACK_PREVIEW_LENGTH ? `${flat.slice(0, FEEDBACK_PREVIEW_LENGTH - 1)}…` : flat;
};

/** Who acts, as the history, pins and activity name them: the provider's business or full name, or the client's. */
async function actorOf(tx: Sql | Tx, scope: Scope, clientName?: string) {
  if (scope.kind === 'client') {
    return { type: 'client' as const, name: clientName ?? scope.clientName, clientId: scope.clientId };
  }
  const [row] = await tx<{ name: string | null }[]>`
    SELECT coalesce(nullif(business_name, ''), nullif(full_name, '')) AS name
    FROM profiles WHERE ${ownedBy(tx, scope, 'user_id')}`;
  return { type: 'provider' as const, name: row?.name ?? 'Provider', clientId: null };
}

const publish = (deps: Deps, providerId: string, seq: number) =>
  publishActivity(deps.pubsub, providerId, seq).catch((err) =>
    deps.log.warn({ err }, 'activity notification not published'),
  );

/** The project `projectId` if the scope may see it (404 otherwise): checked before an upload is read. */
export async function assertProjectFor(sql: Sql | Tx, scope: Scope, projectId: string): Promise<void> {
  const [row] = await sql<{ id: string }[]>`
    SELECT p.id FROM projects p
    WHERE ${tenant(sql, scope, { provider: 'p.provider_id', client: 'p.client_id' })} AND p.id = ${projectId}`;
  if (!row) throw new ApiError('not_found');
}

/**
 * Whether the scope may upload a new version of `fileId`, checked before the upload is read: 404 for a
 * file it cannot see, 403 `forbidden` for one it may not replace (a client, a provider's file).
 */
export async function assertCanUploadVersion(sql: Sql, scope: Scope, fileId: string): Promise<void> {
  const file = await fileFor(sql, scope, fileId);
  if (!canUploadVersion(sideOf(scope), { uploadedBy: file.uploaded_by })) throw new ApiError('forbidden');
}

async function insertVersion(
  tx: Tx,
  scope: Scope,
  ids: { fileId: string; versionId: string },
  number: number,
  upload: StoredUpload,
  actor: { type: FileSide; name: string; clientId: string | null },
) {
  await tx`
    INSERT INTO file_versions (id, provider_id, file_id, number, storage_key, original_name, size_bytes, sha256,
                               mime_type, kind, uploaded_by_type, uploaded_by_name, uploaded_by_client_id)
    VALUES (${ids.versionId}, ${scope.providerId}, ${ids.fileId}, ${number}, ${upload.key}, ${upload.name},
            ${upload.size}, ${upload.sha256}, ${upload.mimeType}, ${upload.kind}, ${actor.type}, ${actor.name},
            ${actor.clientId})`;
}

/** Runs the rows of an upload; if they cannot be written, the stored bytes go again. */
async function withUpload<T>(deps: Deps, upload: StoredUpload, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await discardUpload(deps.store, upload.key, deps.log);
    throw err;
  }
}

/**
 * A new file in a project from a stored, checked upload (`receiveFileVersion`): the file, its first
 * version, the `uploaded` event, the `file_upload` activity and the preview job, in one transaction.
 */
export async function createFile(
  deps: Deps,
  scope: Scope,
  projectId: string,
  ids: { fileId: string; versionId: string },
  upload: StoredUpload,
): Promise<FileSummary> {
  const seq = await withUpload(deps, upload, () =>
    deps.sql.begin(async (tx) => {
      const [project] = await tx<{ client_name: string }[]>`
        SELECT c.name AS client_name FROM projects p
        JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
        WHERE ${tenant(tx, scope, { provider: 'p.provider_id', client: 'p.client_id' })} AND p.id = ${projectId}
        FOR SHARE OF p`;
      if (!project) throw new ApiError('not_found');
      const actor = await actorOf(tx, scope, project.client_name);
      const now = deps.now();
      await tx`
        INSERT INTO files (id, provider_id, project_id, name, status, uploaded_by, uploader_client_id,
                           latest_version, created_at, updated_at)
        VALUES (${ids.fileId}, ${scope.providerId}, ${projectId}, ${upload.name}, 'pending_review', ${actor.type},
                ${actor.clientId}, 1, ${now}, ${now})`;
      await insertVersion(tx, scope, ids, 1, upload, actor);
      await tx`
        INSERT INTO file_events (provider_id, file_id, version_id, kind, status_before, status_after,
                                 actor_type, actor_name, actor_client_id, created_at)
        VALUES (${scope.providerId}, ${ids.fileId}, ${ids.versionId}, 'uploaded', NULL, 'pending_review',
                ${actor.type}, ${actor.name}, ${actor.clientId}, ${now})`;
      const activity = await recordActivity(tx, {
        jobs: deps.jobs,
        providerId: scope.providerId,
        projectId,
        type: 'file_upload',
        metadata: {
          fileId: ids.fileId,
          fileName: upload.name,
          status: 'pending_review',
          version: 1,
          uploaderName: actor.name,
          sender_type: actor.type,
        },
        actor: actor.type,
      });
      await deps.jobs.enqueue(tx, 'process_file_version', {
        providerId: scope.providerId,
        fileId: ids.fileId,
        versionId: ids.versionId,
      });
      return activity.seq;
    }),
  );
  await publish(deps, scope.providerId, seq);
  return getFileSummary(deps.sql, scope, ids.fileId);
}

/**
 * Version `latest + 1` of a file from a stored, checked upload: the file goes back to `pending_review`
 * (a decision is about one version), its name takes the new type's extension; a `version` event, the
 * `file_upload` activity and the preview job, in one transaction under the file's lock.
 */
export async function addVersion(
  deps: Deps,
  scope: Scope,
  ids: { fileId: string; versionId: string },
  upload: StoredUpload,
): Promise<FileDetail> {
  const seq = await withUpload(deps, upload, () =>
    deps.sql.begin(async (tx) => {
      const file = await fileFor(tx, scope, ids.fileId, { forUpdate: true });
      if (!canUploadVersion(sideOf(scope), { uploadedBy: file.uploaded_by })) throw new ApiError('forbidden');
      const actor = await actorOf(tx, scope, file.client_name);
      const number = file.latest_version + 1;
      const name = withExtension(file.name, upload.ext);
      const now = deps.now();
      await insertVersion(tx, scope, ids, number, upload, actor);
      await tx`
        UPDATE files SET latest_version = ${number}, status = 'pending_review', name = ${name}, updated_at = ${now}
        WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${file.id}`;
      await tx`
        INSERT INTO file_events (provider_id, file_id, version_id, kind, status_before, status_after,
                                 actor_type, actor_name, actor_client_id, created_at)
        VALUES (${scope.providerId}, ${file.id}, ${ids.versionId}, 'version', ${file.status}, 'pending_review',
                ${actor.type}, ${actor.name}, ${actor.clientId}, ${now})`;
      const activity = await recordActivity(tx, {
        jobs: deps.jobs,
        providerId: scope.providerId,
        projectId: file.project_id,
        type: 'file_upload',
        metadata: {
          fileId: file.id,
          fileName: name,
          status: 'pending_review',
          version: number,
          uploaderName: actor.name,
          sender_type: actor.type,
        },
        actor: actor.type,
      });
      await deps.jobs.enqueue(tx, 'process_file_version', {
        providerId: scope.providerId,
        fileId: file.id,
        versionId: ids.versionId,
      });
      return activity.seq;
    }),
  );
  await publish(deps, scope.providerId, seq);
  return getFileDetail(deps.sql, scope, ids.fileId);
}

/** Sort keys → SQL, from a fixed list (never from the request). */
const SORTS: Record<z.output<typeof FileListQuery>['sort'], SortColumn> = {
  name: { sql: 'lower(f.name)', type: 'text' },
  status: { sql: 'f.status', type: 'text' },
  updatedAt: { sql: 'f.updated_at', type: 'timestamptz' },
  createdAt: { sql: 'f.created_at', type: 'timestamptz' },
  size: { sql: 'v.size_bytes', type: 'int8' },
};

/**
 * A page of the scope's files (a client: the files of their own projects) with filters (project, status,
 * who uploaded, "contains" search on the name), sorting, keyset paging by the sort value and the id
 * (`keyset.ts`), the total, and the count per status under the other filters (for the status chips).
 */
export async function listFiles(
  sql: Sql,
  scope: Scope,
  query: z.output<typeof FileListQuery>,
): Promise<FileList> {
  const others = sql`
    ${query.projectId ? sql`AND f.project_id = ${query.projectId}` : sql``}
    ${query.uploadedBy ? sql`AND f.uploaded_by = ${query.uploadedBy}` : sql``}
    ${query.search ? sql`AND f.search_text LIKE ${likeContains(query.search)}` : sql``}`;
  const status = query.status ? sql`AND f.status = ${query.status}` : sql``;
  const keys = keyset(sql, { ...query, columns: SORTS, idColumn: 'f.id' });
  const [rows, counts] = await Promise.all([
    sql<(FileRow & { sort_key: string | null })[]>`
      ${fileSelect(sql, scope, sql`${keys.sortKey},`)} ${others} ${status} ${keys.after}
      ORDER BY ${keys.orderBy}
      LIMIT ${query.limit + 1}`,
    sql<{ status: FileStatus; n: number }[]>`
      SELECT f.status, count(*)::int AS n FROM files f
      JOIN projects p ON p.provider_id = f.provider_id AND p.id = f.project_id
      WHERE ${tenant(sql, scope, { provider: 'p.provider_id', client: 'p.client_id' })} ${others}
      GROUP BY f.status`,
  ]);
  const byStatus = Object.fromEntries(FILE_STATUSES.map((s) => [s, 0])) as Record<FileStatus, number>;
  for (const row of counts) byStatus[row.status] = row.n;
  const statusCounts = Object.fromEntries(
    FILE_STATUSES.map((s) => [statusCountKey(s), byStatus[s]]),
  ) as Record<FileStatusKey, number>;
  const page = keys.page(rows);
  return {
    items: page.rows.map((row) => toFileSummary(row, scope)),
    nextCursor: page.nextCursor,
    total: query.status ? byStatus[query.status] : Object.values(byStatus).reduce((a, b) => a + b, 0),
    statusCounts,
  };
}

/** One file as the scope sees it (404 for one it cannot see). */
export async function getFileSummary(sql: Sql | Tx, scope: Scope, fileId: string): Promise<FileSummary> {
  const [row] = await sql<FileRow[]>`${fileSelect(sql, scope)} AND f.id = ${fileId}`;
  if (!row) throw new ApiError('not_found');
  return toFileSummary(row, scope);
}

/** A file with every version (newest first), its history (oldest first) and every pin (oldest first). */
export async function getFileDetail(sql: Sql | Tx, scope: Scope, fileId: string): Promise<FileDetail> {
  const file = await getFileSummary(sql, scope, fileId);
  const [versions, history, pins] = await Promise.all([
    sql<VersionRow[]>`
      SELECT ${sql(VERSION_COLUMNS as unknown as string[])} FROM file_versions
      WHERE ${ownedBy(sql, scope, 'provider_id')} AND file_id = ${fileId}
      ORDER BY number DESC`,
    sql<EventRow[]>`
      SELECT e.id, e.seq, e.kind, e.version_id, v.number AS version_number, v.sha256 AS version_sha256,
             e.status_before, e.status_after, e.actor_type, e.actor_name, e.feedback, e.created_at
      FROM file_events e
      JOIN file_versions v ON v.provider_id = e.provider_id AND v.id = e.version_id
      WHERE ${ownedBy(sql, scope, 'e.provider_id')} AND e.file_id = ${fileId}
      ORDER BY e.seq`,
    sql<PinRow[]>`
      SELECT fp.id, fp.version_id, v.number AS version_number, fp.page, fp.x, fp.y, fp.body, fp.author_type,
             fp.author_name, fp.author_client_id, fp.event_id, fp.created_at
      FROM file_pins fp
      JOIN file_versions v ON v.provider_id = fp.provider_id AND v.id = fp.version_id
      WHERE ${ownedBy(sql, scope, 'fp.provider_id')} AND fp.file_id = ${fileId}
      ORDER BY fp.seq`,
  ]);
  return {
    file,
    versions: versions.map(toFileVersion),
    history: history.map(toHistoryEvent),
    pins: pins.map((row) => toPin(row, scope)),
  };
}

/** Renames a file (the provider's display name; the type's extension is kept). */
export async function renameFile(
  sql: Sql,
  scope: ProviderScope,
  fileId: string,
  input: z.output<typeof FileUpdateInput>,
  now: Date,
): Promise<FileSummary> {
  return sql.begin(async (tx) => {
    const file = await fileFor(tx, scope, fileId, { forUpdate: true });
    const [latest] = await tx<{ mime_type: string; original_name: string }[]>`
      SELECT mime_type, original_name FROM file_versions
      WHERE ${ownedBy(sql, scope, 'provider_id')} AND file_id = ${file.id} AND number = ${file.latest_version}`;
    const ext = /\.([^.]+)$/.exec(latest?.original_name ?? '')?.[1]?.toLowerCase() ?? '';
    const name = withExtension(input.name, extensionOf(latest?.mime_type, ext));
    await tx`
      UPDATE files SET name = ${name}, updated_at = ${now}
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${file.id}`;
    return getFileSummary(tx, scope, file.id);
  });
}

/** The extension a type gets (the contract's table); `fallback` for a type the table no longer has. */
function extensionOf(mimeType: string | undefined, fallback: string): string {
  const known: Record<string, { ext: string }> = ALLOWED_FILE_TYPES;
  return (mimeType && known[mimeType]?.ext) || fallback || 'bin';
}

/**
 * Deletes a file with its versions, history and pins (foreign keys cascade), then its stored folder: a
 * `delete_stored_prefixes` job queued in the same transaction, and an attempt at once (a storage failure
 * is left to the job).
 */
export async function deleteFile(deps: Deps, scope: ProviderScope, fileId: string): Promise<void> {
  const prefix = filePrefix(scope.providerId, fileId);
  await deps.sql.begin(async (tx) => {
    const file = await fileFor(tx, scope, fileId, { forUpdate: true });
    await queueFileStorageDeletion(tx, deps.jobs, scope, { fileId: file.id });
    await tx`DELETE FROM files WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${file.id}`;
  });
  await cleanUpAfterCommit(deps.log, { deletePrefix: prefix }, () => deps.store.deletePrefix(prefix));
}

type PinInputs = z.output<typeof FileDecisionInput>['pins'];

/**
 * The last page a pin may point at: an image has one; a PDF its page count, and only page 1 while that
 * is not known (its preview is pending, or failed), as page 1 is all a viewer can show then; a document 1.
 */
function lastPinPage(version: { kind: FileKind; page_count: number | null }): number {
  return version.kind === 'pdf' ? (version.page_count ?? 1) : 1;
}

/** 422 for a pin on a page the version does not have (`lastPinPage`). */
function checkPages(
  pins: { page: number }[],
  version: { kind: FileKind; page_count: number | null },
  path: (i: number) => string,
) {
  const last = lastPinPage(version);
  const fields = pins.flatMap((pin, i) =>
    pin.page > last ? [{ path: path(i), key: 'validation.pinPageOutOfRange' }] : [],
  );
  if (fields.length) throw new ApiError('validation_failed', { fields });
}

/** 409 `conflict` when `adding` more pins would take a version past its limit. */
async function checkPinRoom(tx: Tx, scope: Scope, versionId: string, adding: number) {
  if (adding === 0) return;
  const [row] = await tx<{ n: number }[]>`
    SELECT count(*)::int AS n FROM file_pins WHERE ${ownedBy(tx, scope, 'provider_id')} AND version_id = ${versionId}`;
  if ((row?.n ?? 0) + adding > PINS_PER_VERSION_MAX) throw new ApiError('conflict');
}

async function insertPins(
  tx: Tx,
  scope: Scope,
  file: FileAccessRow,
  versionId: string,
  pins: PinInputs,
  actor: { type: FileSide; name: string; clientId: string | null },
  eventId: string | null,
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  for (const pin of pins) {
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO file_pins (provider_id, file_id, version_id, event_id, page, x, y, body, author_type,
                             author_name, author_client_id, created_at)
      VALUES (${scope.providerId}, ${file.id}, ${versionId}, ${eventId}, ${pin.page}, ${pin.x}, ${pin.y},
              ${pin.body}, ${actor.type}, ${actor.name}, ${actor.clientId}, ${now})
      RETURNING id`;
    if (row) ids.push(row.id);
  }
  return ids;
}

/**
 * A decision on the file's latest version, under the file's lock (so of two decisions at once exactly
 * one is taken; the other finds the file decided: 409 `file_decision_not_allowed`): 409
 * `file_version_outdated` for an earlier version, 409 `file_decision_not_allowed` for a decision not in
 * `decisionsFor(side, file)`. Sets the status, writes the `decision` event with its feedback and pins,
 * and the `file_approval` activity.
 */
export async function decideFile(
  deps: Deps,
  scope: Scope,
  fileId: string,
  input: z.output<typeof FileDecisionInput>,
): Promise<FileDetail> {
  const seq = await deps.sql.begin(async (tx) => {
    const file = await fileFor(tx, scope, fileId, { forUpdate: true });
    const [version] = await tx<{ id: string; number: number; kind: FileKind; page_count: number | null }[]>`
      SELECT id, number, kind, page_count FROM file_versions
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND file_id = ${file.id} AND id = ${input.versionId}`;
    if (!version) throw new ApiError('not_found');
    if (version.number !== file.latest_version) throw new ApiError('file_version_outdated');
    const side = sideOf(scope);
    if (!decisionsFor(side, { status: file.status, uploadedBy: file.uploaded_by }).includes(input.decision))
      throw new ApiError('file_decision_not_allowed');
    checkPages(input.pins, version, (i) => `pins.${i}.page`);
    await checkPinRoom(tx, scope, version.id, input.pins.length);
    const actor = await actorOf(tx, scope, file.client_name);
    const now = deps.now();
    await tx`
      UPDATE files SET status = ${input.decision}, updated_at = ${now}
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${file.id}`;
    const [event] = await tx<{ id: string }[]>`
      INSERT INTO file_events (provider_id, file_id, version_id, kind, status_before, status_after,
                               actor_type, actor_name, actor_client_id, feedback, created_at)
      VALUES (${scope.providerId}, ${file.id}, ${version.id}, 'decision', ${file.status}, ${input.decision},
              ${actor.type}, ${actor.name}, ${actor.clientId}, ${input.feedback ?? null}, ${now})
      RETURNING id`;
    await insertPins(tx, scope, file, version.id, input.pins, actor, event?.id ?? null, now);
    const activity = await recordActivity(tx, {
      jobs: deps.jobs,
      providerId: scope.providerId,
      projectId: file.project_id,
      type: 'file_approval',
      metadata: {
        fileId: file.id,
        fileName: file.name,
        status: input.decision,
        decision: input.decision,
        version: version.number,
        actorName: actor.name,
        sender_type: actor.type,
        ...(input.feedback ? { feedback: previewOf(input.feedback) } : {}),
        ...(input.pins.length ? { pins: input.pins.length } : {}),
      },
      actor: actor.type,
    });
    return activity.seq;
  });
  await publish(deps, scope.providerId, seq);
  return getFileDetail(deps.sql, scope, fileId);
}

/**
 * Feedback pinned to a point of any version of the file (either side, any time): 404 for a version of
 * another file, 422 for a page the version does not have (`lastPinPage`), 409 `conflict` past
 * `PINS_PER_VERSION_MAX` pins on the version.
 */
export async function addPin(
  deps: Deps,
  scope: Scope,
  fileId: string,
  input: z.output<typeof FilePinInput>,
): Promise<FilePin> {
  return deps.sql.begin(async (tx) => {
    const file = await fileFor(tx, scope, fileId, { forUpdate: true });
    const [version] = await tx<{ id: string; kind: FileKind; page_count: number | null }[]>`
      SELECT id, kind, page_count FROM file_versions
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND file_id = ${file.id} AND id = ${input.versionId}`;
    if (!version) throw new ApiError('not_found');
    checkPages([input], version, () => 'page');
    await checkPinRoom(tx, scope, version.id, 1);
    const actor = await actorOf(tx, scope, file.client_name);
    const [id] = await insertPins(tx, scope, file, version.id, [input], actor, null, deps.now());
    const [row] = await tx<PinRow[]>`
      SELECT fp.id, fp.version_id, v.number AS version_number, fp.page, fp.x, fp.y, fp.body, fp.author_type,
             fp.author_name, fp.author_client_id, fp.event_id, fp.created_at
      FROM file_pins fp
      JOIN file_versions v ON v.provider_id = fp.provider_id AND v.id = fp.version_id
      WHERE ${ownedBy(tx, scope, 'fp.provider_id')} AND fp.id = ${id ?? null}`;
    if (!row) throw new Error('pin not stored');
    return toPin(row, scope);
  });
}
