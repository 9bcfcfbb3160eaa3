import { randomBytes } from 'node:crypto';

/**
 * Storage keys: built by the functions below from ids the database issued, never from a request's text
 * (a file's name, a declared type). Every key a provider's data leads to starts with its provider prefix,
 * so deleting the prefix removes all of it (`deleteProviderFiles`).
 *
 * Layout: `providers/<providerId>/portals/<portalId>/logo-<random>.webp`; later features add their own
 * folders under `providers/<providerId>/`.
 */

/**
 * A key's segments: a letter or digit first (so the drivers' own temp and hidden names, which start with a
 * dot, can never be a key), then letters, digits, `.`, `_`, `-`. No empty segment, no `..`, no `\`.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key or prefix that does not follow the rules above: a programming error, never a user's. */
export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`not a storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

/** True for `a/b/c.webp`-style keys (see SEGMENT); false for `../x`, `/x`, `a//b`, `.tmp/x`. */
export function isStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && key.split('/').every((s) => SEGMENT.test(s));
}

/** A prefix is a key followed by `/` (`providers/<id>/`): it names a folder, never a part of a name. */
export function isStoragePrefix(prefix: string): boolean {
  return prefix.endsWith('/') && isStorageKey(prefix.slice(0, -1));
}

/** @throws StorageKeyError */
export function assertStorageKey(key: string): string {
  if (!isStorageKey(key)) throw new StorageKeyError(key);
  return key;
}

/** @throws StorageKeyError */
export function assertStoragePrefix(prefix: string): string {
  if (!isStoragePrefix(prefix)) throw new StorageKeyError(prefix);
  return prefix;
}

function id(value: string): string {
  if (!UUID.test(value)) throw new StorageKeyError(value);
  return value.toLowerCase();
}

/** Everything a provider's account stores: `providers/<providerId>/`. */
export function providerPrefix(providerId: string): string {
  return `providers/${id(providerId)}/`;
}

/** Everything stored for one portal: `providers/<providerId>/portals/<portalId>/`. */
export function portalPrefix(providerId: string, portalId: string): string {
  return `${providerPrefix(providerId)}portals/${id(portalId)}/`;
}

/** Random, URL-safe, 16 characters: a stored file's version (new bytes, new name, so caches never go stale). */
export function randomVersion(): string {
  return randomBytes(12).toString('base64url');
}

/** A fresh key for a portal's logo (a new name on every upload: the name is its cache version). */
export function portalLogoKey(providerId: string, portalId: string): string {
  return `${portalPrefix(providerId, portalId)}logo-${randomVersion()}.webp`;
}

/**
 * The version part of a logo's key, used in its public URL and ETag. Both key forms end in it: the current
 * `…/logo-<version>.webp` and the `logos/<portalId>-<version>.webp` of logos stored before migration 0010.
 */
export function logoVersion(key: string): string {
  return /([A-Za-z0-9_-]{16})\.webp$/.exec(key)?.[1] ?? '';
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * The content type of a stored file, by its key's extension. The code names the extension when it builds
 * the key (after checking the bytes, as the logo upload does), so both drivers agree without storing a
 * type of their own, and a copy of the local tree into a bucket keeps its types. Unknown:
 * `application/octet-stream`.
 */
export function contentTypeOf(key: string): string {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return (ext && TYPES[ext]) || 'application/octet-stream';
}

/** Everything stored for one project file (all its versions and previews): `providers/<p>/files/<fileId>/`. */
export function filePrefix(providerId: string, fileId: string): string {
  return `${providerPrefix(providerId)}files/${id(fileId)}/`;
}

/**
 * The bytes of one version of a project file, as uploaded. No extension: the type was detected from the
 * bytes and is kept on the version's row, which the download route answers with.
 */
export function fileVersionKey(providerId: string, fileId: string, versionId: string): string {
  return `${filePrefix(providerId, fileId)}v-${id(versionId)}`;
}

/** A version's thumbnail (made by the preview job). */
export function fileThumbnailKey(providerId: string, fileId: string, versionId: string): string {
  return `${fileVersionKey(providerId, fileId, versionId)}-thumb.webp`;
}

/** A version's page `page` (from 1) as an image: an image's preview, or a rendered PDF page. */
export function filePageKey(providerId: string, fileId: string, versionId: string, page: number): string {
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw new StorageKeyError(String(page));
  return `${fileVersionKey(providerId, fileId, versionId)}-page-${page}.webp`;
}
