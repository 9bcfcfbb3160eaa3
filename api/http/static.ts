import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { escapeMarkup } from '../../shared/format/markup';
import { REMOTE_NAMES, remotePath } from '../../shared/remotes';
import { portalForHost } from '../services/domains/domain-cache';
import { allowedOriginsOf } from '../services/portal-client/branding';
import type { App, AppDeps, AppEnv } from './context';
import { connectSources, newNonce, pagePolicy, withNonce } from './csp';

/** Host routes the SPA renders; any other path gets the host's not-found page with status 404. */
const HOST_ROUTES = [
  /^\/$/,
  /^\/auth(\/verify|\/forgot-password|\/reset-password)?\/?$/,
  /^\/signup-success\/?$/,
  /^\/waitlist\/?$/,
  /^\/privacy\/?$/,
  /^\/terms\/?$/,
  /^\/dashboard(\/.*)?$/,
  /^\/integrations\/callback\/?$/,
  /^\/calendar-oauth-callback\/?$/,
];

const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|avif)$/;

/** Pages nobody may frame (clickjacking): CSP for current browsers, X-Frame-Options for old ones. */
const NO_FRAMING = "'none'";

/**
 * Renders a built page with its Content-Security-Policy: a fresh nonce on its scripts (`csp.ts`), and
 * `frameAncestors` (`'none'` also sends X-Frame-Options for old browsers).
 */
function page(
  c: Context<AppEnv>,
  html: string,
  opts: { status?: 200 | 404; frameAncestors?: string; connect?: string[] } = {},
): Response {
  const nonce = newNonce();
  const frameAncestors = opts.frameAncestors ?? NO_FRAMING;
  c.header('Cache-Control', 'no-cache');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header(
    'Content-Security-Policy',
    pagePolicy({ nonce, frameAncestors, connect: opts.connect ?? connectSources(c) }),
  );
  if (frameAncestors === NO_FRAMING) c.header('X-Frame-Options', 'DENY');
  return c.html(withNonce(html, nonce), opts.status ?? 200);
}

/**
 * Serves files of one built environment (`dist/<env>`) under a URL prefix: hashed assets cached for a
 * year, everything else revalidated; directories fall through to the page handlers.
 */
function files(distDir: string, env: string, prefix: string): MiddlewareHandler<AppEnv> {
  const serve = serveStatic({
    root: join(distDir, env),
    rewriteRequestPath: (p) => p.slice(prefix.length - 1),
    precompressed: true,
    index: '\0no-directory-index',
  });
  return async (c, next) => {
    const res = await serve(c, next);
    if (res instanceof Response) {
      res.headers.set(
        'Cache-Control',
        HASHED.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // A page served as a file carries no nonce: its own origin's scripts only.
      if (res.headers.get('Content-Type')?.startsWith('text/html')) {
        const policy = pagePolicy({ connect: connectSources(c), frameAncestors: NO_FRAMING });
        res.headers.set('Content-Security-Policy', policy);
        res.headers.set('X-Frame-Options', 'DENY');
      }
    }
    return res;
  };
}

/** index.html of an environment, read once; absent until that environment is built. */
function htmlPage(distDir: string, env: string) {
  const file = join(distDir, env, 'index.html');
  let cached: string | undefined;
  return () => {
    if (cached === undefined && existsSync(file)) cached = readFileSync(file, 'utf8');
    return cached;
  };
}

/** The request's host name: lower case, without port or trailing dot. */
function hostName(header: string | undefined): string {
  const host = (header ?? '').trim().toLowerCase();
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return bare.replace(/\.$/, '');
}

/** Hosts that are never portal domains: the platform itself, localhost, IP literals. */
function isPlatformHost(host: string, platformHost: string): boolean {
  return (
    host === '' ||
    host === platformHost ||
    host === 'localhost' ||
    host.startsWith('[') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(host)
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The platform's tab icon as the build writes it into every page (`rsbuild.config.ts`). */
const ICON_LINK = /<link rel="icon" href="[^"]*">/;

/**
 * The portal app's page. Inside the widget (`?embed=…`) it may be framed by the portal's allowed website
 * origins only (`frame-ancestors`), and names them in `<meta name="portal-frame-ancestors">` so the frame
 * checks the `parent` it was given against the same list before it talks to it. Every other portal page
 * (standalone, an unknown portal, a portal without allowed origins) may not be framed at all.
 * A standalone page of a portal names the portal's own tab icon instead of the platform's (a frame has no
 * tab: it keeps the inline one and makes no request for it).
 */
async function portalPage(
  c: Context<AppEnv>,
  portalHtml: string,
  portalId: string | null,
  meta = '',
): Promise<Response> {
  const id = portalId !== null && UUID.test(portalId) ? portalId.toLowerCase() : null;
  const framed = c.req.query('embed') !== undefined;
  const origins = framed && id ? await allowedOriginsOf(c.get('deps').sql, id) : null;
  const html =
    id && !framed
      ? portalHtml.replace(ICON_LINK, `<link rel="icon" href="/api/portal/${id}/icon">`)
      : portalHtml;
  let head = meta;
  if (origins?.length)
    head += `<meta name="portal-frame-ancestors" content="${escapeMarkup(origins.join(' '))}">`;
  const withHead = !head
    ? html
    : html.includes('<head>')
      ? html.replace('<head>', `<head>${head}`)
      : head + html;
  return page(c, withHead, origins?.length ? { frameAncestors: origins.join(' ') } : {});
}

const UNKNOWN_DOMAIN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>Portal not found</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#1f2937">
<h1 style="font-size:1.5rem">Portal not found</h1><p>No client portal is set up at this address, or its domain has not been verified yet.</p>
<p lang="de">Unter dieser Adresse ist kein Kundenportal eingerichtet, oder seine Domain wurde noch nicht bestätigt.</p></body></html>`;

/**
 * Custom portal domains: a request whose Host is a VERIFIED portal domain gets the portal app at every
 * non-API path (its assets stay under /portal/static/), with the portal id in
 * `<meta name="portal-id">` so the URL need not carry it. Any other host that is not the platform's
 * gets a 404 page, never another portal. The API answers on every host (the portal app calls it).
 */
function customDomains(portalHtml: () => string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { config, sql, now } = c.get('deps');
    const host = hostName(c.req.header('host'));
    if (isPlatformHost(host, config.platformHost) || c.req.path.startsWith('/api/')) return next();
    if (c.req.path.startsWith('/portal/static/')) return next();
    const portalId = await portalForHost(sql, host, now().getTime());
    c.header('Vary', 'Host');
    if (!portalId) return page(c, UNKNOWN_DOMAIN_PAGE, { status: 404 });
    const html = portalHtml();
    if (!html) return c.text('The portal app is not built. Run `npm run build`.', 503);
    return portalPage(c, html, portalId, `<meta name="portal-id" content="${escapeMarkup(portalId)}">`);
  };
}

/**
 * Every built bundle from one process: remotes under /remotes/<name>/, the portal under /portal/,
 * the widget under /widget/, and the host for everything else (SPA fallback, 404 status for
 * unknown paths so crawlers and monitors see the truth).
 */
export function registerStatic(app: App, distDir: string, deps: Pick<AppDeps, 'config'>) {
  const dist = resolve(distDir);
  const portalHtml = htmlPage(dist, 'portal');
  app.on(['GET', 'HEAD'], '*', customDomains(portalHtml));
  for (const name of REMOTE_NAMES) {
    app.use(`${remotePath(name)}*`, async (c, next) => {
      // Remote chunks are fetched cross-origin when the host and a remote live on different origins (CDN).
      c.header('Access-Control-Allow-Origin', '*');
      await next();
    });
    app.get(`${remotePath(name)}*`, files(dist, name, remotePath(name)));
  }
  app.get('/widget/*', files(dist, 'widget', '/widget/'));
  app.get('/portal/static/*', files(dist, 'portal', '/portal/'));
  app.get('/portal/*', async (c) => {
    const html = portalHtml();
    if (!html) return c.text('The portal app is not built. Run `npm run build`.', 503);
    return portalPage(c, html, c.req.path.split('/')[2] ?? null);
  });
  app.get('/*', files(dist, 'host', '/'));
  const hostHtml = htmlPage(dist, 'host');
  // The host also fetches the remotes' manifests, from a CDN when REMOTES_BASE_URL is absolute.
  const remotes = deps.config.REMOTES_BASE_URL;
  const remotesOrigin = remotes && /^https?:\/\//.test(remotes) ? [new URL(remotes).origin] : [];
  app.get('*', (c) => {
    const html = hostHtml();
    if (!html) return c.text('The dashboard is not built. Run `npm run build`.', 503);
    const known = HOST_ROUTES.some((re) => re.test(c.req.path));
    return page(c, html, { status: known ? 200 : 404, connect: connectSources(c, remotesOrigin) });
  });
}
