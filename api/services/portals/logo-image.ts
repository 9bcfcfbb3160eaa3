import sharp from 'sharp';
import { ApiError } from '../../http/errors';

/** A portal's logo as an image: what an upload may be, and what is stored (the file store keeps it). */

/** Spec: logos are images only; the upload limit before any decoding. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Stored logos fit in this square (the portal shows them small). */
export const LOGO_MAX_SIDE = 512;

export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * The image type by its first bytes (magic numbers), never by the file name or the declared type.
 * SVG, HTML and everything else answer null.
 * @example detectImageType(await file.bytes()) // 'png'
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * Re-encodes an uploaded image as WebP, at most 512×512, first frame only, metadata stripped: whatever
 * else the file carried (a polyglot's HTML, EXIF) does not survive.
 * @throws `unsupported_image_type` when the bytes are no PNG/JPEG/WebP/GIF or do not decode
 */
export async function reencodeLogo(bytes: Uint8Array): Promise<Buffer> {
  if (!detectImageType(bytes)) throw new ApiError('unsupported_image_type');
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000, animated: false, failOn: 'error' })
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch (cause) {
    throw new ApiError('unsupported_image_type', { cause });
  }
}
