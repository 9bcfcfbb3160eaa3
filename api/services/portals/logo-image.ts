import sharp from 'sharp';
import { detectImageType } from '../../../shared/contracts/portals';
import { ApiError } from '../../http/errors';

/** A portal's logo as an image: what is stored (the file store keeps it); what an upload may be is shared. */

/** Stored logos fit in this square (the portal shows them small). */
export const LOGO_MAX_SIDE = 512;

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
