import { Readable } from 'node:stream';
import { fileTypeFromBuffer, fileTypeFromStream } from 'file-type';
import type { Context } from 'hono';
import {
  ALLOWED_FILE_TYPES,
  type AllowedFileType,
  FILE_MAX_BYTES,
  FILE_NAME_MAX_LENGTH,
  type FileKind,
} from '../../../shared/contracts/files';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import { uploadToStore } from '../../storage/multipart-upload';
import type { FileStore } from '../../storage/store';

/*
 * The bytes of a new file or version: streamed into the store under a key built from ids (never the
 * name), then judged by their content. Nothing the client says about the file (its name's extension, its
 * declared type) decides anything; the name is only cleaned for display.
 */

/** A version's bytes in the store, checked: an allowed type by content, at least one byte. */
export interface StoredUpload {
  key: string;
  size: number;
  sha256: string;
  mimeType: AllowedFileType;
  ext: string;
  kind: FileKind;
  /** The uploaded name, cleaned (`cleanFileName`) and ending in the detected type's extension. */
  name: string;
}

/** Other spellings of the extensions a detected type gets, kept when a name already uses them. */
const EXTENSION_ALIASES: Record<string, readonly string[]> = { jpg: ['jpeg', 'jpe'], tif: ['tiff'] };

/**
 * Bidirectional controls (a name like `invoice\u202Efdp.exe` that reads as `invoiceexe.pdf`), zero-width
 * and other format characters, and control characters: none of them belongs in a file name.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5|[\u180B-\u180F]|[\uFE00-\uFE0F]/gu;

/** Whitespace, line and paragraph separators (a space each); not U+FEFF, which `\s` counts. */
const SPACES = /[\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;

/**
 * A display name from an uploaded one: the base name only (no folders of either system), NFC, without
 * control, bidirectional or invisible characters, whitespace collapsed, at most 200 characters, ending in
 * the detected type's extension (an alias such as `.jpeg` is kept; any other short extension is replaced,
 * so `logo.png` that is a JPEG becomes `logo.jpg`). Nothing usable left: `file.<ext>`.
 * @example cleanFileName('C:\\x\\My\u202Egpj.exe', 'pdf') // 'Mygpj.exe.pdf'
 */
export function cleanFileName(raw: string, ext: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(SPACES, ' ')
    .replace(INVISIBLE, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const dot = cleaned.lastIndexOf('.');
  const given = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const keep = given === ext || (EXTENSION_ALIASES[ext] ?? []).includes(given);
  const replace = !keep && /^[a-z0-9]{1,5}$/.test(given);
  const stem = (keep || replace ? cleaned.slice(0, dot) : cleaned).replace(/^[\s.]+|[\s.]+$/g, '');
  const suffix = `.${keep ? given : ext}`;
  const room = FILE_NAME_MAX_LENGTH - suffix.length;
  const chars = Array.from(stem);
  const cut = (chars.length > room ? chars.slice(0, room).join('') : stem).trimEnd();
  return `${cut || 'file'}${suffix}`;
}

/** The same name with the extension of another type (a new version of another type, a download). */
export function withExtension(name: string, ext: string): string {
  return cleanFileName(name, ext);
}

/**
 * How much of a file's start is kept as it streams into the store, to judge its type without reading it
 * back: magic numbers of images and PDFs sit in the first bytes (file-type reads at most a few KiB of
 * them, a TIFF's first directory a little further).
 */
export const TYPE_HEAD_BYTES = 64 * 1024;

type DetectedType = { mimeType: AllowedFileType; ext: string; kind: FileKind };

/**
 * The type of a stored file from its first bytes (`head`, taken as it streamed in), when they decide it:
 * the whole file is in `head`, or they show an image or a PDF (a detection that needed bytes past the
 * head finds nothing rather than something else). Otherwise (office documents, whose ZIP entries may lie
 * further in, and anything not recognised or not allowed) the stored file is read from the start as far
 * as the detection needs (`detectStoredType`).
 */
export async function detectTypeFromHead(
  store: FileStore,
  key: string,
  head: Uint8Array,
  size: number,
): Promise<DetectedType | null> {
  const detected = await fileTypeFromBuffer(head);
  const type =
    detected && detected.mime in ALLOWED_FILE_TYPES ? allowed(detected.mime as AllowedFileType) : null;
  if (head.length >= size || (type && type.kind !== 'document')) return type;
  return detectStoredType(store, key);
}

const allowed = (mimeType: AllowedFileType): DetectedType => ({ mimeType, ...ALLOWED_FILE_TYPES[mimeType] });

/**
 * The type of stored bytes by their content (`file-type`'s magic numbers; for ZIP-based office files the
 * package's entries), or null when it is none of the allowed ones. Reads from the start only as far as
 * the detection needs, then releases the stream.
 */
export async function detectStoredType(store: FileStore, key: string): Promise<DetectedType | null> {
  const file = await store.get(key);
  if (!file) throw new Error(`stored upload missing: ${key}`);
  try {
    const detected = await fileTypeFromStream(
      Readable.toWeb(file.body) as unknown as ReadableStream<Uint8Array>,
    );
    if (!detected || !(detected.mime in ALLOWED_FILE_TYPES)) return null;
    return allowed(detected.mime as AllowedFileType);
  } finally {
    file.body.destroy();
  }
}

/**
 * A form's file name as the user chose it: browsers send `"` as `%22` and line breaks as `%0D`/`%0A`
 * (the HTML standard's multipart encoding), so those come back.
 */
export function formFileName(sent: string): string {
  return sent.replace(/%22/g, '"').replace(/%0[AD]/gi, ' ');
}

/**
 * Receives the multipart part `file` of the request into the store under `key` (413 past 10 MB; a body
 * that breaks off leaves nothing), then refuses zero bytes (422 `file_empty`) and any type not allowed by
 * content (415 `file_type_not_allowed`), removing the stored object before it answers.
 */
export async function receiveFileVersion(
  c: Context<AppEnv>,
  store: FileStore,
  key: string,
): Promise<StoredUpload> {
  const upload = await uploadToStore(c, store, {
    field: 'file',
    key,
    maxBytes: FILE_MAX_BYTES,
    headBytes: TYPE_HEAD_BYTES,
  });
  return checkStored(store, key, { ...upload, name: formFileName(upload.filename) }, c.get('log'));
}

/**
 * Stores bytes the server itself holds (the demo data) as a version would be, with the same checks as an
 * upload: 422 `file_empty`, 415 `file_type_not_allowed`, 413 past 10 MB.
 */
export async function storeFileBytes(
  store: FileStore,
  key: string,
  name: string,
  bytes: Uint8Array,
  log: Logger,
): Promise<StoredUpload> {
  const put = await store.put(key, Readable.from([Buffer.from(bytes)]), {
    maxBytes: FILE_MAX_BYTES,
    headBytes: TYPE_HEAD_BYTES,
  });
  return checkStored(store, key, { ...put, name }, log);
}

/** The checks after the bytes are stored; a refused object is removed before the error is thrown. */
async function checkStored(
  store: FileStore,
  key: string,
  stored: { size: number; sha256: string; name: string; head?: Buffer },
  log: Logger,
): Promise<StoredUpload> {
  try {
    if (stored.size === 0) throw new ApiError('file_empty');
    const type = stored.head
      ? await detectTypeFromHead(store, key, stored.head, stored.size)
      : await detectStoredType(store, key);
    if (!type) throw new ApiError('file_type_not_allowed');
    return {
      key,
      size: stored.size,
      sha256: stored.sha256,
      ...type,
      name: cleanFileName(stored.name, type.ext),
    };
  } catch (err) {
    await discardUpload(store, key, log);
    throw err;
  }
}

/** Removes a stored upload that will not be used (refused, or its rows could not be written). */
export async function discardUpload(store: FileStore, key: string, log: Logger): Promise<void> {
  await store.delete(key).catch((err) => log.error({ err, key }, 'refused upload left in storage'));
}
