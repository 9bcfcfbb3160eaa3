import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from './context';

/** A fresh nonce for one response's scripts (128 random bits). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Puts the nonce on every script of a page: `<script>` tags (inline or not) and script preloads. Applied
 * to the built pages as they are served, so each response has its own nonce and the files stay cacheable.
 */
export function withNonce(html: string, nonce: string): string {
  return html
    .replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`)
    .replace(/<link(?=[^>]*\brel="(?:modulepreload|preload)")/g, `<link nonce="${nonce}"`);
}

/** A host name with an optional port, as a Host header may carry it; anything else is left out. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where a page may connect: its own origin (`'self'`, the API), the platform's origin (a portal on a custom
 * domain shows the platform's logo URLs and links), its WebSocket (`/api/realtime`, the same host over
 * ws/wss as the platform is served), and `extra` (e.g. the remotes' manifests on a CDN).
 */
export function connectSources(c: Context<AppEnv>, extra: string[] = []): string[] {
  const { publicOrigin } = c.get('deps').config;
  const host = c.req.header('host') ?? '';
  const ws = publicOrigin.startsWith('https:') ? 'wss:' : 'ws:';
  const sources = ["'self'", publicOrigin, ...(HOST.test(host) ? [`${ws}//${host}`] : []), ...extra];
  return [...new Set(sources)];
}

/**
 * The Content-Security-Policy of an HTML page. Scripts run only with this response's nonce, and what they
 * load themselves (`'strict-dynamic'`: Module Federation's remote entries and chunks, lazy chunks); without
 * a nonce (a static file served as it is), scripts of the page's own origin only. Never `'unsafe-inline'`
 * or `'unsafe-eval'`. No plugins, no `<base>`, forms post to the page's own origin, connections only to
 * `connect`, and `frameAncestors` decides who may frame the page (`'none'`, or a portal's allowed websites).
 * @example pagePolicy({ nonce, connect: ["'self'"], frameAncestors: "'none'" })
 */
export function pagePolicy(opts: { nonce?: string; connect: string[]; frameAncestors: string }): string {
  const scripts = opts.nonce ? `'nonce-${opts.nonce}' 'strict-dynamic'` : "'self'";
  return [
    `script-src ${scripts}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `connect-src ${opts.connect.join(' ')}`,
    `frame-ancestors ${opts.frameAncestors}`,
  ].join('; ');
}
