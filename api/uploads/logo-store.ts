import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { detectImageType } from '../../shared/contracts/portals';
import { ApiError } from '../http/errors';

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

/** Stored names are `<portalId>-<random>.webp`, built here only; anything else is refused on read. */
const STORED_NAME = /^[0-9a-f-]{36}-[A-Za-z0-9_-]{16}\.webp$/;

/**
 * Logos on local disk under `<dataDir>/uploads/logos/` (behind this small interface so an S3 store can
 * replace it when the API runs on several machines).
 */
export function createLogoStore(dataDir: string) {
  const dir = resolve(join(dataDir, 'uploads', 'logos'));
  return {
    /** Writes the WebP atomically (temp file + rename) under a fresh random name and returns the name. */
    async save(portalId: string, webp: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = `${portalId}-${randomBytes(12).toString('base64url')}.webp`;
      const tmp = join(dir, `.${name}.tmp`);
      await writeFile(tmp, webp);
      await rename(tmp, join(dir, name));
      return name;
    },
    /** The bytes of a stored logo, or null when the name is not one of ours or the file is gone. */
    async read(name: string): Promise<Buffer | null> {
      if (!STORED_NAME.test(name)) return null;
      return readFile(join(dir, name)).catch(() => null);
    },
    /** Removes a stored logo; a missing file is fine. */
    async remove(name: string | null): Promise<void> {
      if (name && STORED_NAME.test(name)) await rm(join(dir, name), { force: true });
    },
  };
}
