import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { FILE_MAX_BYTES } from '../../../shared/contracts/files';
import type { Scope } from '../../auth/scope';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { filePageKey, fileThumbnailKey } from '../../storage/keys';
import { type FileStore, type StoredFile, tooLarge } from '../../storage/store';
import { versionFor } from './access';
import { PdfTaskError, renderPdf } from './pdf-runner';

/*
 * Previews of a file version (issue 20): a thumbnail for lists and page images for the viewer, made by the
 * `process_file_version` job after an upload and, for PDF pages beyond the first, on demand when a page is
 * first viewed. Keys are per version (`fileThumbnailKey`, `filePageKey`), so a stored preview never goes
 * stale and a repeated run overwrites the same keys.
 */

/** Thumbnails are about this wide (a very tall image is bounded by twice that in height). */
export const THUMBNAIL_WIDTH = 480;
/** Page images (an image's preview, a rendered PDF page) have this long side at most. */
export const PAGE_LONG_SIDE = 1600;
/** Decompression-bomb guard: images with more pixels than this are not decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

export type PreviewOutcome = 'ready' | 'unavailable' | 'failed' | 'missing';

interface VersionRow {
  id: string;
  provider_id: string;
  file_id: string;
  kind: 'image' | 'pdf' | 'document';
  storage_key: string;
}

/** Bytes that cannot be previewed however often one tries (not an image or PDF one can decode). */
class Unpreviewable extends Error {}

/**
 * The stored bytes of a version, whole (sharp and pdf.js need them so), at most the upload limit: read
 * into one buffer of the stored size, which owns its memory (no chunk list to join), so a PDF worker can
 * take it over without a copy (`handOver`).
 */
export async function readVersionBytes(store: FileStore, key: string): Promise<Buffer | null> {
  const file = await store.get(key);
  if (!file) return null;
  if (file.size > FILE_MAX_BYTES) {
    file.body.destroy();
    throw tooLarge();
  }
  const bytes = Buffer.allocUnsafeSlow(file.size);
  let filled = 0;
  await pipeline(file.body, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      if (filled + chunk.length > bytes.length) throw new Error(`stored file ${key} grew while read`);
      chunk.copy(bytes, filled);
      filled += chunk.length;
    }
  });
  if (filled !== bytes.length) throw new Error(`stored file ${key} shrank while read`);
  return bytes;
}

/** `readVersionBytes`' buffer as the plain view `renderPdf` transfers as it is (a Buffer it would copy). */
const handOver = (bytes: Buffer) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function putBytes(store: FileStore, key: string, bytes: Buffer) {
  return store.put(key, Readable.from([bytes]));
}

const webp = (image: Sharp) => image.webp({ quality: 82, effort: 3 }).toBuffer();

/** A decoder for an uploaded image: pixel limit, first frame, upright by its EXIF orientation. */
function decodeImage(bytes: Buffer) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();
}

async function imagePreviews(bytes: Buffer) {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const [page, thumbnail] = await Promise.all([
      webp(
        decodeImage(bytes).resize(PAGE_LONG_SIDE, PAGE_LONG_SIDE, {
          fit: 'inside',
          withoutEnlargement: true,
        }),
      ),
      webp(
        decodeImage(bytes).resize(THUMBNAIL_WIDTH, THUMBNAIL_WIDTH * 2, {
          fit: 'inside',
          withoutEnlargement: true,
        }),
      ),
    ]);
    const { width, height } = meta.autoOrient ?? meta;
    if (!width || !height) throw new Unpreviewable('no dimensions');
    return { page, thumbnail, width, height, pageCount: 1 };
  } catch (cause) {
    if (cause instanceof Unpreviewable) throw cause;
    throw new Unpreviewable(cause instanceof Error ? cause.message : String(cause));
  }
}

/** A rendered page (RGBA) as WebP, resized to fit `width` × `height` when given. */
function encodeRendered(
  page: { width: number; height: number; rgba: Uint8Array },
  fit?: { width: number; height: number },
) {
  let image = sharp(page.rgba, { raw: { width: page.width, height: page.height, channels: 4 } });
  if (fit) image = image.resize(fit.width, fit.height, { fit: 'inside', withoutEnlargement: true });
  return webp(image.flatten({ background: '#ffffff' }));
}

async function pdfPreviews(bytes: Buffer) {
  let result: Awaited<ReturnType<typeof renderPdf>>;
  try {
    result = await renderPdf(handOver(bytes), [1], PAGE_LONG_SIDE);
  } catch (err) {
    if (err instanceof PdfTaskError && (err.reason === 'unreadable' || err.reason === 'too_large'))
      throw new Unpreviewable(err.message);
    throw err;
  }
  const first = result.pages[0];
  if (!first) throw new Unpreviewable('page 1 did not render');
  const [page, thumbnail] = await Promise.all([
    encodeRendered(first),
    encodeRendered(first, { width: THUMBNAIL_WIDTH, height: THUMBNAIL_WIDTH * 2 }),
  ]);
  return {
    page,
    thumbnail,
    width: Math.max(1, result.firstPage.width),
    height: Math.max(1, result.firstPage.height),
    pageCount: result.pageCount,
  };
}

/**
 * The preview job's work for one version: reads its bytes, stores the thumbnail and page 1 (an image's
 * preview or a PDF's first page) and records the page count and size; a document gets `unavailable`,
 * bytes that do not decode get `failed`. Safe to run again (same keys, same row). Transient failures
 * (the store, a render that timed out) throw, so the job is retried; on the `lastAttempt` they are
 * recorded as `failed` instead.
 */
export async function processFileVersion(
  deps: Pick<AppDeps, 'sql' | 'store' | 'log'>,
  ids: { providerId: string; fileId: string; versionId: string },
  opts: { lastAttempt?: boolean; signal?: AbortSignal } = {},
): Promise<PreviewOutcome> {
  const { sql, store } = deps;
  const [version] = await sql<VersionRow[]>`
    SELECT id, provider_id, file_id, kind, storage_key FROM file_versions
    WHERE provider_id = ${ids.providerId} AND file_id = ${ids.fileId} AND id = ${ids.versionId}`;
  if (!version) return 'missing';
  const mark = async (
    status: 'ready' | 'unavailable' | 'failed',
    p?: { pageCount: number; width: number; height: number; thumbnailKey: string },
  ) => {
    await sql`
      UPDATE file_versions
      SET preview_status = ${status}, page_count = ${p?.pageCount ?? null}, width = ${p?.width ?? null},
          height = ${p?.height ?? null}, thumbnail_key = ${p?.thumbnailKey ?? null}
      WHERE provider_id = ${version.provider_id} AND id = ${version.id}`;
    return status;
  };
  if (version.kind === 'document') return mark('unavailable');
  try {
    const bytes = await readVersionBytes(store, version.storage_key);
    if (!bytes) throw new Unpreviewable('the version’s bytes are not in the store');
    opts.signal?.throwIfAborted();
    const made = version.kind === 'image' ? await imagePreviews(bytes) : await pdfPreviews(bytes);
    opts.signal?.throwIfAborted();
    const thumbnailKey = fileThumbnailKey(version.provider_id, version.file_id, version.id);
    await putBytes(store, thumbnailKey, made.thumbnail);
    await putBytes(store, filePageKey(version.provider_id, version.file_id, version.id, 1), made.page);
    return await mark('ready', { ...made, thumbnailKey });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    if (err instanceof Unpreviewable || opts.lastAttempt) {
      deps.log.warn({ ...ids, err: err instanceof Error ? err.message : String(err) }, 'no preview');
      return mark('failed');
    }
    throw err;
  }
}

/** A PDF task's failure as an answer: 503 with a retry hint while the renderers are busy, else no preview. */
export function pdfTaskApiError(err: PdfTaskError): ApiError {
  return err.reason === 'busy'
    ? new ApiError('service_unavailable', { headers: { 'Retry-After': '5' }, cause: err })
    : new ApiError('file_preview_unavailable', { cause: err });
}

/** In-flight on-demand renders by key, so one page viewed by several people at once renders once. */
const rendering = new Map<string, Promise<Buffer>>();

/** A stored preview image, or bytes just made. */
export type PreviewImage = { stored: StoredFile } | { bytes: Buffer };

async function storedOr404(store: FileStore, key: string | null): Promise<PreviewImage> {
  const stored = key ? await store.get(key) : null;
  if (!stored) throw new ApiError('file_preview_unavailable');
  return { stored };
}

/**
 * A version's thumbnail for the caller.
 * @throws ApiError not_found (not the caller's), file_preview_unavailable (none yet, or none possible)
 */
export async function thumbnailFor(deps: AppDeps, scope: Scope, fileId: string, versionId: string) {
  const { version } = await versionFor(deps.sql, scope, fileId, versionId);
  return storedOr404(deps.store, version.preview_status === 'ready' ? version.thumbnail_key : null);
}

/**
 * Page `page` of a version as an image: an image's preview (page 1 only), or a PDF page: stored, or
 * rendered now (in a worker, `PDF_CONCURRENCY` at a time) and stored for the next viewer.
 * @throws ApiError not_found (not the caller's, or no such page), file_preview_unavailable
 */
export async function pageFor(
  deps: AppDeps,
  scope: Scope,
  fileId: string,
  versionId: string,
  page: number,
): Promise<PreviewImage> {
  const { file, version } = await versionFor(deps.sql, scope, fileId, versionId);
  const providerId = file.provider_id;
  if (version.kind === 'document' || version.preview_status === 'failed')
    throw new ApiError('file_preview_unavailable');
  if (version.kind === 'image') {
    if (page !== 1) throw new ApiError('not_found');
    return storedOr404(deps.store, filePageKey(providerId, fileId, version.id, 1));
  }
  if (version.page_count !== null && page > version.page_count) throw new ApiError('not_found');
  const key = filePageKey(providerId, fileId, version.id, page);
  const stored = await deps.store.get(key);
  if (stored) return { stored };
  let pending = rendering.get(key);
  if (!pending) {
    pending = renderPage(deps, version.storage_key, key, page).finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return { bytes: await pending };
}

async function renderPage(deps: AppDeps, sourceKey: string, key: string, page: number): Promise<Buffer> {
  const bytes = await readVersionBytes(deps.store, sourceKey);
  if (!bytes) throw new ApiError('file_preview_unavailable');
  let result: Awaited<ReturnType<typeof renderPdf>>;
  try {
    result = await renderPdf(handOver(bytes), [page], PAGE_LONG_SIDE);
  } catch (err) {
    throw err instanceof PdfTaskError ? pdfTaskApiError(err) : err;
  }
  const rendered = result.pages[0];
  if (!rendered) throw new ApiError('not_found');
  const webpBytes = await encodeRendered(rendered);
  await putBytes(deps.store, key, webpBytes);
  return webpBytes;
}
