import { ALLOWED_FILE_TYPES } from '../../../shared/contracts/files';
import { withExtension } from './upload';

/**
 * The name a version downloads under: the file's current name with the version's type's extension (an
 * earlier version may be of another type).
 */
export function downloadName(
  fileName: string,
  version: { mime_type: string; original_name: string },
): string {
  const known: Record<string, { ext: string }> = ALLOWED_FILE_TYPES;
  const ext = known[version.mime_type]?.ext ?? /\.([a-z0-9]+)$/i.exec(version.original_name)?.[1] ?? 'bin';
  return withExtension(fileName, ext.toLowerCase());
}

/** RFC 5987 `attr-char`s stay, every other byte of the UTF-8 is percent-encoded. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition: attachment` for a name (RFC 6266): `filename` an ASCII fallback (accents dropped,
 * anything else outside printable ASCII, quotes, backslashes and `%` replaced by `_`), `filename*` the
 * exact name in UTF-8.
 * @example attachmentDisposition('Grüße.pdf') // attachment; filename="Gruse.pdf"; filename*=UTF-8''Gr%C3%BC%C3%9Fe.pdf
 */
export function attachmentDisposition(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
