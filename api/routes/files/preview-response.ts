import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { FilePageParams, FileVersionParams } from '../../../shared/contracts/files';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { attachmentDisposition } from '../../http/attachment';
import type { AppEnv } from '../../http/context';
import type { PreviewImage } from '../../services/files/previews';

/** Path parameters of a version's routes under the portal (`{portalId}` first). */
export const PortalFileVersionParams = PortalPathParam.extend(FileVersionParams.shape);
export const PortalFilePageParams = PortalPathParam.extend(FilePageParams.shape);

const binary = z.string().openapi({ type: 'string', format: 'binary' });
export const webpContent = { 'image/webp': { schema: binary } };
export const pdfContent = { 'application/pdf': { schema: binary } };

/**
 * A preview image of a version: WebP, never sniffed as anything else, and a sandboxed document that may
 * load nothing should it be opened directly. Keys are per version, so the browser may keep it an hour.
 */
export function sendPreview(c: Context<AppEnv>, image: PreviewImage) {
  c.header('Content-Type', 'image/webp');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "sandbox; default-src 'none'");
  c.header('Cache-Control', 'private, max-age=3600');
  if ('bytes' in image) {
    c.header('Content-Length', String(image.bytes.length));
    return c.body(new Uint8Array(image.bytes), 200);
  }
  c.header('Content-Length', String(image.stored.size));
  if (c.req.method === 'HEAD') {
    image.stored.body.destroy();
    return c.body(null, 200);
  }
  return c.body(Readable.toWeb(image.stored.body) as ReadableStream<Uint8Array>, 200);
}

/** A generated PDF as a download. */
export function sendPdfAttachment(c: Context<AppEnv>, bytes: Uint8Array, fileName: string) {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', attachmentDisposition(fileName));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "sandbox; default-src 'none'");
  c.header('Content-Length', String(bytes.length));
  return c.body(
    new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>,
    200,
  );
}
