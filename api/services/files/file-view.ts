import {
  canUploadVersion,
  decisionsFor,
  type FileHistoryEvent,
  type FileKind,
  type FilePin,
  type FileSide,
  type FileStatus,
  type FileSummary,
  type FileVersion,
} from '../../../shared/contracts/files';
import { type Scope, sideOf, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';

/** A `file_versions` row as the views select it. */
export interface VersionRow {
  id: string;
  number: number;
  original_name: string;
  size_bytes: string | number;
  sha256: string;
  mime_type: string;
  kind: FileKind;
  uploaded_by_type: FileSide;
  uploaded_by_name: string;
  created_at: Date | string;
  preview_status: FileVersion['preview']['status'];
  preview_failure: FileVersion['preview']['failure'] | null;
  page_count: number | null;
  width: number | null;
  height: number | null;
}

export const VERSION_COLUMNS = [
  'id',
  'number',
  'original_name',
  'size_bytes',
  'sha256',
  'mime_type',
  'kind',
  'uploaded_by_type',
  'uploaded_by_name',
  'created_at',
  'preview_status',
  'preview_failure',
  'page_count',
  'width',
  'height',
] as const;

/** A file with its project, client and latest version (columns of the latter prefixed `v_`). */
export interface FileRow {
  id: string;
  name: string;
  status: FileStatus;
  uploaded_by: FileSide;
  created_at: Date | string;
  updated_at: Date | string;
  project_id: string;
  project_name: string;
  client_id: string;
  client_name: string;
  pin_count: number;
  latest: VersionRow;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toFileVersion(row: VersionRow): FileVersion {
  return {
    id: row.id,
    number: row.number,
    name: row.original_name,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    mimeType: row.mime_type,
    kind: row.kind,
    uploadedBy: { type: row.uploaded_by_type, name: row.uploaded_by_name },
    createdAt: iso(row.created_at),
    preview: {
      status: row.preview_status,
      pageCount: row.page_count,
      width: row.width,
      height: row.height,
      ...(row.preview_failure ? { failure: row.preview_failure } : {}),
    },
  };
}

/** A file as the scope sees it: what it may decide and whether it may add a version. */
export function toFileSummary(row: FileRow, scope: Scope): FileSummary {
  const side = sideOf(scope);
  const file = { status: row.status, uploadedBy: row.uploaded_by };
  return {
    id: row.id,
    name: row.name,
    project: { id: row.project_id, name: row.project_name },
    client: { id: row.client_id, name: row.client_name },
    status: row.status,
    uploadedBy: row.uploaded_by,
    latestVersion: toFileVersion(row.latest),
    allowedDecisions: [...decisionsFor(side, file)],
    canUploadVersion: canUploadVersion(side, file),
    pinCount: row.pin_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The files the scope may see (through their project: the provider's, or the client's own), each with
 * its latest version as JSON (`latest`) and the pins on it. Append conditions with `AND …`.
 */
export function fileSelect(sql: Sql | Tx, scope: Scope, extra = sql``) {
  return sql`
    SELECT ${extra} f.id, f.name, f.status, f.uploaded_by, f.created_at, f.updated_at,
           p.id AS project_id, p.name AS project_name, c.id AS client_id, c.name AS client_name,
           json_build_object(
             'id', v.id, 'number', v.number, 'original_name', v.original_name, 'size_bytes', v.size_bytes,
             'sha256', v.sha256, 'mime_type', v.mime_type, 'kind', v.kind,
             'uploaded_by_type', v.uploaded_by_type, 'uploaded_by_name', v.uploaded_by_name,
             'created_at', v.created_at, 'preview_status', v.preview_status, 'preview_failure', v.preview_failure,
             'page_count', v.page_count,
             'width', v.width, 'height', v.height) AS latest,
           (SELECT count(*)::int FROM file_pins fp
             WHERE fp.provider_id = v.provider_id AND fp.version_id = v.id) AS pin_count
    FROM files f
    JOIN projects p ON p.provider_id = f.provider_id AND p.id = f.project_id
    JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
    JOIN file_versions v ON v.provider_id = f.provider_id AND v.file_id = f.id AND v.number = f.latest_version
    WHERE ${tenant(sql, scope, { provider: 'p.provider_id', client: 'p.client_id' })}`;
}

export interface EventRow {
  id: string;
  seq: string | number;
  kind: FileHistoryEvent['kind'];
  version_id: string;
  version_number: number;
  version_sha256: string;
  status_before: FileStatus | null;
  status_after: FileStatus;
  actor_type: FileSide;
  actor_name: string;
  feedback: string | null;
  created_at: Date | string;
}

export function toHistoryEvent(row: EventRow): FileHistoryEvent {
  return {
    id: row.id,
    seq: Number(row.seq),
    kind: row.kind,
    version: { id: row.version_id, number: row.version_number, sha256: row.version_sha256 },
    statusBefore: row.status_before,
    statusAfter: row.status_after,
    actor: { type: row.actor_type, name: row.actor_name },
    feedback: row.feedback,
    createdAt: iso(row.created_at),
  };
}

export interface PinRow {
  id: string;
  version_id: string;
  version_number: number;
  page: number;
  x: number;
  y: number;
  body: string;
  author_type: FileSide;
  author_name: string;
  author_client_id: string | null;
  event_id: string | null;
  created_at: Date | string;
}

export function toPin(row: PinRow, scope: Scope): FilePin {
  const mine =
    scope.kind === 'provider'
      ? row.author_type === 'provider'
      : row.author_type === 'client' && row.author_client_id === scope.clientId;
  return {
    id: row.id,
    versionId: row.version_id,
    versionNumber: row.version_number,
    page: row.page,
    x: row.x,
    y: row.y,
    body: row.body,
    author: { type: row.author_type, name: row.author_name },
    mine,
    decisionId: row.event_id,
    createdAt: iso(row.created_at),
  };
}
