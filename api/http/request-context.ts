import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
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

/**
 * Per-request context: request id (kept from a trusted proxy's X-Request-Id, else new), a child logger,
 * the request language, the headers every response carries, and one structured log line per API request.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const hsts = deps.config.publicOrigin.startsWith('https:');
  return async (c, next) => {
    const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
    const fromProxy = isTrustedHop(deps.config.TRUST_PROXY, env?.incoming?.socket?.remoteAddress ?? '', 0);
    const incoming = fromProxy ? c.req.header('x-request-id') : undefined;
    const requestId = incoming && ID.test(incoming) ? incoming : newRequestId();
    const log = deps.log.child({ requestId });
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('lang', pickLanguage(c.req.header('accept-language')));
    c.set('provider', undefined);
    // Headers are set before the handler runs: Hono merges them into the response it creates, whereas
    // setting one afterwards makes it copy the finished response (a measurable cost on every request).
    c.header('X-Request-Id', requestId);
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Content-Type-Options', 'nosniff');
    // Served over https (TLS ends at the proxy in front): browsers keep to https for a year.
    if (hsts) c.header('Strict-Transport-Security', 'max-age=31536000');
    const isApi = c.req.path.startsWith('/api/');
    if (isApi) c.header('Cache-Control', 'no-store');
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
