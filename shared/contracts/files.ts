import { z } from 'zod';
import { text, Uuid } from './common';
import { PageQuery, PageTotal, pageOf } from './paging';

/*
 * Files with client approval (spec §3, §4, §5; issue 20). A file belongs to a project and is shared by the
 * provider and the project's client; its bytes are numbered versions; every upload, new version and
 * decision is an event of its history (who, when, which version and its SHA-256, the feedback).
 *
 * Who decides what (the spec names the statuses and leaves the transitions open):
 *   - A file the provider uploaded is a deliverable for the client. It starts `pending_review` (waiting for
 *     the client), and the client decides: `client_approved`, `client_rejected` or `revision_requested`.
 *   - A file the client uploaded is material for the provider. It starts `pending_review` (waiting for the
 *     provider), and the provider decides: `approved` or `rejected`.
 *   - A decision is about one version: it is taken on the latest version while the file is
 *     `pending_review`, and it is final for that version. A new version (uploaded by the side that uploaded
 *     the file) sets the file back to `pending_review`; the earlier decisions stay in the history with the
 *     version they were about.
 *   - Feedback is required to reject and to request a revision, optional to approve. Either side may pin
 *     feedback to a point of a version (an image, or a page of a PDF) at any time, or with a decision.
 *
 * Types are decided by the file's bytes (magic numbers), never by its name or the browser's claim: images
 * (PNG, JPEG, GIF, WebP, AVIF, TIFF), PDF, and office documents (Word, Excel, PowerPoint in their XML
 * formats, OpenDocument text, spreadsheet and presentation, RTF). SVG, HTML, macro-enabled and legacy
 * binary Office files, archives and executables are refused. At most 10 MB (spec §5).
 */

export const FileStatus = z
  .enum([
    'pending_review',
    'approved',
    'rejected',
    'client_approved',
    'client_rejected',
    'revision_requested',
  ])
  .meta({ description: 'Review state of the file’s latest version.', example: 'pending_review' });
export type FileStatus = z.infer<typeof FileStatus>;
export const FILE_STATUSES = FileStatus.options;

/** A status as a key of `statusCounts` (keys are camelCase like every key of the API; values stay as sent). */
export type FileStatusKey =
  | 'pendingReview'
  | 'approved'
  | 'rejected'
  | 'clientApproved'
  | 'clientRejected'
  | 'revisionRequested';
/** @example statusCountKey('pending_review') // 'pendingReview' */
export const statusCountKey = (status: FileStatus) =>
  status.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) as FileStatusKey;

export const FileSide = z.enum(['provider', 'client']).meta({ description: 'Which side.' });
export type FileSide = z.infer<typeof FileSide>;

export const FileKind = z
  .enum(['image', 'pdf', 'document'])
  .meta({ description: 'image: previews and pins; pdf: page previews and pins; document: download only.' });
export type FileKind = z.infer<typeof FileKind>;

/** The decisions, by the side that takes them. */
export const PROVIDER_DECISIONS = ['approved', 'rejected'] as const;
export const CLIENT_DECISIONS = ['client_approved', 'client_rejected', 'revision_requested'] as const;
export const FileDecisionValue = z
  .enum([...PROVIDER_DECISIONS, ...CLIENT_DECISIONS])
  .meta({ description: 'The status the decision sets.' });
export type FileDecisionValue = z.infer<typeof FileDecisionValue>;

/** Decisions that must say why (spec: feedback for reject and revision). */
export const FEEDBACK_REQUIRED: ReadonlySet<FileDecisionValue> = new Set([
  'rejected',
  'client_rejected',
  'revision_requested',
]);

/**
 * The decisions `side` may take on a file now: the other side's uploads, while waiting for review.
 * The server enforces exactly this (409 `file_decision_not_allowed` otherwise); the UIs show these buttons.
 */
export function decisionsFor(
  side: FileSide,
  file: { status: FileStatus; uploadedBy: FileSide },
): readonly FileDecisionValue[] {
  if (file.status !== 'pending_review' || file.uploadedBy === side) return [];
  return side === 'provider' ? PROVIDER_DECISIONS : CLIENT_DECISIONS;
}

/** Whether `side` may upload a new version: the provider to any file, a client to the files it uploaded. */
export const canUploadVersion = (side: FileSide, file: { uploadedBy: FileSide }) =>
  side === 'provider' || file.uploadedBy === 'client';

/** Spec §5: at most 10 MB a file. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_NAME_MAX_LENGTH = 200;
export const FEEDBACK_MAX_LENGTH = 5000;
export const PIN_BODY_MAX_LENGTH = 1000;
/** Pins sent with one decision, and pins on one version in all. */
export const PINS_PER_DECISION_MAX = 50;
export const PINS_PER_VERSION_MAX = 500;
/** Files sent at once from one picker or drop (each its own request). */
export const FILES_PER_BATCH_MAX = 20;

/**
 * The accepted types, detected from the bytes: MIME type → the extension a download gets and the kind.
 * The upload pickers use the extensions as their `accept` hint; the server decides by content.
 */
export const ALLOWED_FILE_TYPES = {
  'image/png': { ext: 'png', kind: 'image' },
  'image/jpeg': { ext: 'jpg', kind: 'image' },
  'image/gif': { ext: 'gif', kind: 'image' },
  'image/webp': { ext: 'webp', kind: 'image' },
  'image/avif': { ext: 'avif', kind: 'image' },
  'image/tiff': { ext: 'tif', kind: 'image' },
  'application/pdf': { ext: 'pdf', kind: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    ext: 'docx',
    kind: 'document',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: 'xlsx', kind: 'document' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    ext: 'pptx',
    kind: 'document',
  },
  'application/vnd.oasis.opendocument.text': { ext: 'odt', kind: 'document' },
  'application/vnd.oasis.opendocument.spreadsheet': { ext: 'ods', kind: 'document' },
  'application/vnd.oasis.opendocument.presentation': { ext: 'odp', kind: 'document' },
  'application/rtf': { ext: 'rtf', kind: 'document' },
} as const satisfies Record<string, { ext: string; kind: FileKind }>;
export type AllowedFileType = keyof typeof ALLOWED_FILE_TYPES;

/** The file pickers' `accept` attribute (a hint only). */
export const FILE_ACCEPT = Object.values(ALLOWED_FILE_TYPES)
  .map((t) => `.${t.ext}`)
  .concat('.jpeg', '.tiff')
  .join(',');

export const FileIdParam = z.object({
  fileId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'fileId', in: 'path' } }),
});
export const FileVersionParams = FileIdParam.extend({
  versionId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'versionId', in: 'path' } }),
});
export const FilePageParams = FileVersionParams.extend({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .meta({
      format: 'int32',
      param: { name: 'page', in: 'path' },
      description: 'Page number, from 1 (an image has one).',
    }),
});

export const FileActor = z.object({ type: FileSide, name: text() }).meta({ id: 'FileActor' });

/**
 * Why a preview failed, once (it is not retried): the file's own limit, or `error` when making it failed
 * on the server's side on every attempt.
 */
export const PreviewFailure = z
  .enum(['unreadable', 'too_large', 'too_many_pages', 'too_slow', 'error'])
  .meta({
    description:
      'Only with status failed. unreadable: the bytes do not decode; too_large: decoding needs more memory or pixels than a preview may use; too_many_pages: more than 10,000 pages; too_slow: a page needs more than 2 s of CPU time; error: the server could not make it.',
  });
export type PreviewFailure = z.infer<typeof PreviewFailure>;

export const FilePreview = z
  .object({
    status: z.enum(['pending', 'ready', 'unavailable', 'failed']).meta({
      description:
        'pending: being made after the upload; ready: thumbnail and page images available; unavailable: a document without previews; failed: the file could not be read.',
    }),
    pageCount: z.number().int().nullable().meta({ description: 'Pages of a PDF; 1 for an image.' }),
    width: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Of the image, or of the first PDF page in points.' }),
    height: z.number().int().nullable(),
    failure: PreviewFailure.optional(),
  })
  .meta({ id: 'FilePreview' });
export type FilePreview = z.infer<typeof FilePreview>;

export const FileVersion = z
  .object({
    id: Uuid(),
    number: z.number().int().meta({ description: 'From 1.' }),
    name: text().meta({ description: 'The name it was uploaded with (cleaned).' }),
    sizeBytes: z.number().int(),
    sha256: text().meta({ description: 'SHA-256 of the stored bytes, hex.' }),
    mimeType: text().meta({ description: 'Detected from the bytes.' }),
    kind: FileKind,
    uploadedBy: FileActor,
    createdAt: text(),
    preview: FilePreview,
  })
  .meta({ id: 'FileVersion' });
export type FileVersion = z.infer<typeof FileVersion>;

/** A file in lists: its latest version, and what the caller may do with it. */
export const FileSummary = z
  .object({
    id: Uuid(),
    name: text(),
    project: z.object({ id: Uuid(), name: text() }),
    client: z.object({ id: Uuid(), name: text() }),
    status: FileStatus,
    uploadedBy: FileSide,
    latestVersion: FileVersion,
    allowedDecisions: z
      .array(FileDecisionValue)
      .meta({ description: 'The decisions the caller may take now (`decisionsFor`).' }),
    canUploadVersion: z.boolean(),
    pinCount: z.number().int().meta({ description: 'Pins on the latest version.' }),
    createdAt: text(),
    updatedAt: text(),
  })
  .meta({ id: 'FileSummary' });
export type FileSummary = z.infer<typeof FileSummary>;

export const FileHistoryEvent = z
  .object({
    id: Uuid(),
    seq: z.number().int(),
    kind: z.enum(['uploaded', 'version', 'decision']),
    version: z.object({ id: Uuid(), number: z.number().int(), sha256: text() }),
    statusBefore: FileStatus.nullable(),
    statusAfter: FileStatus,
    actor: FileActor,
    feedback: text().nullable(),
    createdAt: text(),
  })
  .meta({ id: 'FileHistoryEvent' });
export type FileHistoryEvent = z.infer<typeof FileHistoryEvent>;

export const FilePin = z
  .object({
    id: Uuid(),
    versionId: Uuid(),
    versionNumber: z.number().int(),
    page: z.number().int(),
    x: z.number().meta({ description: 'From the left edge, 0 to 1 of the page’s width.' }),
    y: z.number().meta({ description: 'From the top edge, 0 to 1 of the page’s height.' }),
    body: text(),
    author: FileActor,
    mine: z.boolean(),
    decisionId: Uuid().nullable().meta({ description: 'The history event it was sent with, if any.' }),
    createdAt: text(),
  })
  .meta({ id: 'FilePin' });
export type FilePin = z.infer<typeof FilePin>;

export const FileDetail = z
  .object({
    file: FileSummary,
    versions: z.array(FileVersion).meta({ description: 'Newest first.' }),
    history: z.array(FileHistoryEvent).meta({ description: 'Oldest first.' }),
    pins: z.array(FilePin).meta({ description: 'Of every version, oldest first.' }),
  })
  .meta({ id: 'FileDetail' });
export type FileDetail = z.infer<typeof FileDetail>;

export const FileSortField = z.enum(['name', 'status', 'updatedAt', 'createdAt', 'size']);

export const FileListQuery = z.object({
  search: text()
    .trim()
    .max(200)
    .optional()
    .meta({ description: 'Case-insensitive "contains" over the name.' }),
  projectId: Uuid().optional(),
  status: FileStatus.optional(),
  uploadedBy: FileSide.optional(),
  sort: FileSortField.default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...PageQuery,
});
export type FileListQuery = z.input<typeof FileListQuery>;

export const FileList = pageOf(FileSummary)
  .extend({
    total: PageTotal,
    statusCounts: z
      .object(
        Object.fromEntries(FILE_STATUSES.map((s) => [statusCountKey(s), z.number().int().min(0)])) as Record<
          FileStatusKey,
          z.ZodNumber
        >,
      )
      .meta({
        description:
          'Files per status under the other filters (for the filter chips), keyed by the status in camelCase (`pending_review` → `pendingReview`).',
        example: {
          pendingReview: 2,
          approved: 5,
          rejected: 0,
          clientApproved: 1,
          clientRejected: 0,
          revisionRequested: 1,
        },
      }),
  })
  .meta({ id: 'FileList' });
export type FileList = z.infer<typeof FileList>;

export const FileName = text({ error: 'validation.fileNameRequired' })
  .trim()
  .min(1, { error: 'validation.fileNameRequired' })
  .max(FILE_NAME_MAX_LENGTH, { error: 'validation.fileNameTooLong' });

export const FileUpdateInput = z.object({ name: FileName }).strict().meta({ id: 'FileUpdateInput' });
export type FileUpdateInput = z.input<typeof FileUpdateInput>;

export const PinInput = z
  .object({
    page: z.number().int().min(1).max(10_000).meta({ format: 'int32' }),
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    body: text({ error: 'validation.pinRequired' })
      .trim()
      .min(1, { error: 'validation.pinRequired' })
      .max(PIN_BODY_MAX_LENGTH, { error: 'validation.pinTooLong' }),
  })
  .strict();
export type PinInput = z.input<typeof PinInput>;

export const FilePinInput = PinInput.extend({ versionId: Uuid() }).strict().meta({ id: 'FilePinInput' });
export type FilePinInput = z.input<typeof FilePinInput>;

export const FileDecisionInput = z
  .object({
    versionId: z
      .uuid()
      .max(36)
      .meta({ description: 'The version decided on: must be the latest (409 `file_version_outdated`).' }),
    decision: FileDecisionValue,
    feedback: text()
      .trim()
      .max(FEEDBACK_MAX_LENGTH, { error: 'validation.feedbackTooLong' })
      .optional()
      .transform((v) => (v ? v : undefined)),
    pins: z
      .array(PinInput)
      .max(PINS_PER_DECISION_MAX, { error: 'validation.tooManyPins' })
      .default([])
      .meta({ description: 'Feedback pinned to points of this version, stored with the decision.' }),
  })
  .strict()
  .refine((d) => !FEEDBACK_REQUIRED.has(d.decision) || !!d.feedback, {
    path: ['feedback'],
    error: 'validation.feedbackRequired',
  })
  .meta({ id: 'FileDecisionInput' });
export type FileDecisionInput = z.input<typeof FileDecisionInput>;
