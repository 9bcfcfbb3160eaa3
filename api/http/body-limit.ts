import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
import { ApiError } from './errors';

/** The largest JSON body any route takes (the biggest real one, a portal with its origins, is ~4 KB). */
export const JSON_MAX_BYTES = 64 * 1024;

/** A route that takes a multipart upload, and the most its whole body may be (file plus form around it). */
export interface UploadRoute {
  path: RegExp;
  maxBytes: number;
}

/** 413 `payload_too_large`; the connection is closed so the rest of the body is never read. */
const tooLarge = () => new ApiError('payload_too_large', { headers: { Connection: 'close' } });

/**
 * Every request body has a limit, checked before anything reads it (and so before validation, sessions and
 * rate-limit bookkeeping): a declared `Content-Length` over the limit answers 413 at once; a body without
 * one (chunked) is counted as it streams in and cut off at the byte past the limit. JSON routes take at most
 * `JSON_MAX_BYTES` (read into memory up to that size only); an upload route (`uploads`) takes at most its own
 * `maxBytes`, and its handler streams the body through the same limit (`receiveMultipartFile`) without
 * buffering it here.
 * @example app.use('*', bodyLimits([{ path: /^\/api\/portals\/[^/]+\/logo$/, maxBytes }]))
 */
export function bodyLimits(
  uploads: readonly UploadRoute[] = [],
  /** JSON routes with a limit of their own (Stripe's webhook events), read into memory up to it. */
  largeJson: readonly UploadRoute[] = [],
): MiddlewareHandler<AppEnv> {
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw tooLarge();
      },
    });
  const json = limit(JSON_MAX_BYTES);
  const larger = largeJson.map((route) => ({ path: route.path, check: limit(route.maxBytes) }));
  return async (c, next) => {
    // Reads have no body: nothing to limit, and asking for one (`c.req.raw.body`) would make
    // @hono/node-server build a whole web Request for every GET (a measurable share of a signed-in read).
    // (createApp registers this for the writing methods only; the check keeps it right wherever it is used.)
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    // An upload route's body is left untouched (`c.req.raw.body` would turn @hono/node-server's Node
    // request into a web stream; `receiveMultipartFile` reads the Node request itself).
    const upload = uploads.find((route) => route.path.test(c.req.path));
    if (upload) {
      const declared = c.req.header('content-length');
      if (declared !== undefined && !(Number(declared) <= upload.maxBytes)) throw tooLarge();
      return next();
    }
    if (!c.req.raw.body) return next();
    const own = larger.find((route) => route.path.test(c.req.path));
    return (own?.check ?? json)(c, next);
  };
}
