import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * A public file's answer (a portal's logo, its tab icon): never sniffed as another type, never a document
 * that can run or load anything (`default-src 'none'`, should it be opened directly), and a 304 when the
 * client already holds this version (`ETag`). A stream body (a stored file) is only read for a 200.
 */
export function publicFile(
  c: Context<AppEnv>,
  body: Uint8Array<ArrayBuffer> | string | ReadableStream<Uint8Array>,
  { type, etag, cacheControl }: { type: string; etag: string; cacheControl: string },
) {
  c.header('Content-Type', type);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "default-src 'none'");
  c.header('ETag', etag);
  c.header('Cache-Control', cacheControl);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  return c.body(body, 200);
}
