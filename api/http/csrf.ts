import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The client portal's API authenticates by a bearer token only and sets no cookies, so a cross-site
 * request has nothing to ride there; and the portal calls it from custom domains, whose origin (https
 * behind the TLS proxy) is neither the platform's nor the request URL's. Its bodies must still be JSON.
 */
const BEARER_ONLY = /^\/api\/portal\//;

/**
 * A provider API key (issue 27) sent with no cookie at all: nothing a browser adds on its own rides on it
 * (a cross-site page cannot set `Authorization` without a CORS preflight this server never grants), so the
 * Origin rule is skipped. With any cookie beside it the Origin rule applies as to every cookie request.
 */
const API_KEY_BEARER = /^bearer\s+cp_live_/i;

/**
 * CSRF defence for cookie-authenticated routes (OWASP "verifying origin with standard headers"):
 * a state-changing request from a browser must be same-origin by Sec-Fetch-Site or Origin. Requests
 * without either header come from non-browser clients, which cannot ride a victim's cookies.
 * Also requires JSON bodies on JSON routes, since a cross-site form can only send form encodings.
 */
export function csrfProtection(opts: {
  allowedOrigins: () => string[];
  nonJsonPaths?: RegExp[];
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const own = new URL(c.req.url).origin;
    const allowed = origin === undefined || origin === own || opts.allowedOrigins().includes(origin);
    const bearerOnly =
      BEARER_ONLY.test(c.req.path) ||
      (API_KEY_BEARER.test(c.req.header('authorization') ?? '') && c.req.header('cookie') === undefined);
    if (!bearerOnly && ((site !== undefined && site !== 'same-origin' && site !== 'none') || !allowed)) {
      throw new ApiError('csrf_rejected');
    }
    const hasBody = c.req.header('content-length') !== undefined && c.req.header('content-length') !== '0';
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if ((hasBody || chunked) && !opts.nonJsonPaths?.some((re) => re.test(c.req.path))) {
      const type = c.req.header('content-type') ?? '';
      if (!/^application\/(.+\+)?json(\s*;|$)/i.test(type)) throw new ApiError('unsupported_media_type');
    }
    return next();
  };
}
