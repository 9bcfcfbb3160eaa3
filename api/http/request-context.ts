import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from './context';
import { pickLanguage } from './i18n';
import { isTrustedHop } from './trust-proxy';

const ID = /^[\w.-]{8,64}$/;

/** Unique across instances (random per process) and cheap per request (a counter, no syscall). */
const PROCESS_PREFIX = randomBytes(5).toString('hex');
let counter = 0;
function newRequestId(): string {
  counter = (counter + 1) % 0x7fffffff;
  return `req_${PROCESS_PREFIX}${counter.toString(36).padStart(6, '0')}`;
}

/** The Node request and response under @hono/node-server (absent when a test calls `app.request`). */
type NodeEnv = { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;

/**
 * A request header the middleware every request passes through reads (cookie, authorization, language,
 * request id): from the Node request's own parsed headers when there is one, which costs a property read,
 * where @hono/node-server's `c.req.header()` validates the name and searches the raw headers each time
 * (a measurable share of a signed-in read). Node joins repeated Cookie headers with `; ` and keeps the
 * first of a repeated Authorization, as browsers never send two; its parser refuses control characters.
 * @example requestHeader(c, 'cookie')
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const headers = (c.env as NodeEnv)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Per-request context: request id (kept from a trusted proxy's X-Request-Id, else new), a child logger,
 * the request language, the headers every response carries, and one structured log line per API request.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const hsts = deps.config.publicOrigin.startsWith('https:');
  return async (c, next) => {
    const env = c.env as NodeEnv;
    const incoming = requestHeader(c, 'x-request-id');
    // The peer is looked at only when there is an id to keep: most requests carry none.
    const trusted =
      incoming !== undefined &&
      ID.test(incoming) &&
      isTrustedHop(deps.config.TRUST_PROXY, env?.incoming?.socket?.remoteAddress ?? '', 0);
    const requestId = trusted ? incoming : newRequestId();
    const log = deps.log.child({ requestId });
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('lang', pickLanguage(requestHeader(c, 'accept-language')));
    c.set('provider', undefined);
    const isApi = c.req.path.startsWith('/api/');
    // The headers every response carries. On the Node server they go on the Node response itself, which
    // merges them under whatever the handler's response sets (its own Cache-Control wins): a header set
    // through Hono (`c.header`) makes it build a WHATWG Headers object for every response, a measurable
    // share of a signed-in read. Under `app.request` (tests) they go through Hono, with the same result.
    const set = env?.outgoing
      ? (name: string, value: string) => env.outgoing?.setHeader(name, value)
      : (name: string, value: string) => c.header(name, value);
    set('X-Request-Id', requestId);
    set('Referrer-Policy', 'strict-origin-when-cross-origin');
    set('X-Content-Type-Options', 'nosniff');
    // Served over https (TLS ends at the proxy in front): browsers keep to https for a year.
    if (hsts) set('Strict-Transport-Security', 'max-age=31536000');
    if (isApi) set('Cache-Control', 'no-store');
    const started = performance.now();
    await next();
    if (isApi) {
      log.info(
        {
          method: c.req.method,
          // The path only: query strings may carry tokens (magic links) and must never be logged.
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
