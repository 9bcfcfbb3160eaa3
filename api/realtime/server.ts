import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import {
  CloseCode,
  REALTIME_PATH,
  REALTIME_PROTOCOLS,
  RealtimeClientMessage,
  type RealtimeHello,
} from '../../shared/contracts/realtime';
import { sessionCookieName } from '../auth/cookie';
import { recordPortalEvent } from '../auth/portal-client/portal-events';
import { revokePortalSession, validatePortalSessionToken } from '../auth/portal-client/portal-session';
import type { ProviderScope } from '../auth/scope';
import { scopeOfPortalSession } from '../auth/scope';
import { validateSessionToken } from '../auth/session';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import type { AppDeps } from '../http/context';
import { type Conn, createRealtimeHub, type HubOptions } from './hub';

/*
 * `GET /api/realtime` upgraded to a WebSocket (see shared/contracts/realtime.ts for the protocol).
 *
 * Trust boundary. A WebSocket is not covered by CORS: any page may open one to any host, and the browser
 * sends that host's cookies with it. So the upgrade decides by `Origin` (which a browser always sends and
 * a page cannot forge):
 *   - the provider audience (authenticated by the session cookie, read here at the upgrade) only from the
 *     platform's own origin: a cookie-authenticated socket from another site is refused before it opens;
 *   - the portal audience from the platform, or from an origin some portal allows (its widget origins or
 *     its verified custom domain); cookies are never read for it, and after `hello` names the session the
 *     origin must be one of THAT portal's.
 * The audience is the subprotocol (`Sec-WebSocket-Protocol`), so the upgrade knows it before any message.
 * Portal clients hold a bearer token the browser cannot attach to a WebSocket; it comes in the first
 * message, never in the URL (a query string is refused outright).
 */

const ORIGIN_CACHE_TTL_MS = 30_000;

export interface RealtimeServer {
  hub: ReturnType<typeof createRealtimeHub>;
  /** Closes every socket (1012 Service Restart: clients reconnect elsewhere) and stops listening. */
  close(): Promise<void>;
}

interface Pending {
  audience: 'provider' | 'portal';
  origin: string;
  /** The origin is the platform's own. */
  platform: boolean;
  provider?: ProviderScope;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function reject(socket: Duplex, status: number, reason: string, headers = '') {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`);
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Attaches the realtime socket to the HTTP server; the hub subscribes to the activity channel. */
export async function attachRealtime(
  server: Server,
  deps: AppDeps,
  options: HubOptions = {},
): Promise<RealtimeServer> {
  const { sql, config, log } = deps;
  const hub = createRealtimeHub(deps, options);
  await hub.start();
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: 8 * 1024,
    handleProtocols: (protocols) => {
      // The same preference as the upgrade's audience.
      if (protocols.has(REALTIME_PROTOCOLS.provider)) return REALTIME_PROTOCOLS.provider;
      if (protocols.has(REALTIME_PROTOCOLS.portal)) return REALTIME_PROTOCOLS.portal;
      return false;
    },
  });
  const conns = new WeakMap<WebSocket, Conn>();
  const pending = new WeakMap<Conn, Pending>();
  const originCache = new Map<string, { ok: boolean; expires: number }>();

  const isPlatformOrigin = (origin: string, host: string | undefined) =>
    origin === config.publicOrigin || (host !== undefined && origin === `http://${host}`);

  const originHost = (origin: string) => {
    try {
      const url = new URL(origin);
      if (url.origin !== origin) return null;
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !config.isProduction)) return null;
      return url.hostname;
    } catch {
      return null;
    }
  };

  /** Is `origin` allowed by some portal (its widget origins, or its verified custom domain)? Cached. */
  async function anyPortalAllows(origin: string): Promise<boolean> {
    const hit = originCache.get(origin);
    if (hit && hit.expires > Date.now()) return hit.ok;
    const host = originHost(origin);
    let ok = false;
    if (host) {
      const [row] = await sql<{ ok: boolean }[]>`
        SELECT EXISTS (SELECT 1 FROM client_portals WHERE custom_domain = ${host} AND domain_status = 'verified')
            OR EXISTS (SELECT 1 FROM client_portals WHERE ${origin} = ANY(allowed_origins)) AS ok`;
      ok = row?.ok ?? false;
    }
    if (originCache.size > 10_000) originCache.clear();
    originCache.set(origin, { ok, expires: Date.now() + ORIGIN_CACHE_TTL_MS });
    return ok;
  }

  /** Does the portal allow `origin` (the platform's, its widget origins, its verified custom domain)? */
  async function portalAllows(portalId: string, origin: string): Promise<boolean> {
    const host = originHost(origin);
    if (!host) return false;
    const [row] = await sql<{ ok: boolean }[]>`
      SELECT (custom_domain = ${host} AND domain_status = 'verified') OR ${origin} = ANY(allowed_origins) AS ok
      FROM client_portals WHERE id = ${portalId}`;
    return row?.ok ?? false;
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path !== REALTIME_PATH) return reject(socket, 404, 'Not Found');
    // A credential never travels in a URL (logs, histories, Referer): nothing may be there.
    if (q >= 0) return reject(socket, 400, 'Bad Request');
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const audience = offered.includes(REALTIME_PROTOCOLS.provider)
      ? 'provider'
      : offered.includes(REALTIME_PROTOCOLS.portal)
        ? 'portal'
        : null;
    if (!audience) return reject(socket, 400, 'Bad Request');
    const origin = req.headers.origin;
    if (!origin) return reject(socket, 403, 'Forbidden');
    const platform = isPlatformOrigin(origin, req.headers.host);
    const ctx: Pending = { audience, origin, platform };
    if (audience === 'provider') {
      if (!platform) return reject(socket, 403, 'Forbidden');
      const token = readCookie(req.headers.cookie, sessionCookieName(config));
      // Never slid here: a 101 answer cannot re-send the cookie with the new expiry.
      const session = token ? await validateSessionToken(sql, token, deps.now(), { renew: false }) : null;
      if (!session) return reject(socket, 401, 'Unauthorized');
      ctx.provider = { kind: 'provider', providerId: session.user.id, sessionId: session.session.id };
    } else if (!platform && !(await anyPortalAllows(origin))) {
      return reject(socket, 403, 'Forbidden');
    }
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Conn = {
        ws,
        scope: null,
        side: audience === 'provider' ? 'provider' : 'client',
        lang: 'en',
        alive: true,
        openedAt: Date.now(),
        since: 0,
        held: null,
        caughtUp: null,
        chain: Promise.resolve(),
      };
      conns.set(ws, conn);
      pending.set(conn, ctx);
      hub.track(conn);
      ws.on('message', onMessage);
      ws.on('pong', onPong);
      ws.on('close', onClose);
      ws.on('error', onError);
    });
  }

  // Shared handlers (`this` is the socket): no closures per socket.
  function onPong(this: WebSocket) {
    const conn = conns.get(this);
    if (conn) conn.alive = true;
  }
  function onClose(this: WebSocket) {
    const conn = conns.get(this);
    if (conn) hub.untrack(conn);
  }
  function onError(this: WebSocket, err: Error) {
    log.debug({ err }, 'realtime socket error');
  }
  function onMessage(this: WebSocket, data: RawData, isBinary: boolean) {
    const conn = conns.get(this);
    if (!conn) return;
    conn.alive = true;
    let parsed: ReturnType<typeof RealtimeClientMessage.safeParse> | undefined;
    if (!isBinary) {
      try {
        parsed = RealtimeClientMessage.safeParse(JSON.parse(data.toString()));
      } catch {
        parsed = undefined;
      }
    }
    if (!parsed?.success) return this.close(CloseCode.badMessage, 'bad message');
    const message = parsed.data;
    if (message.type === 'ping') {
      this.send('{"type":"pong"}');
      return;
    }
    const ctx = pending.get(conn);
    if (ctx) {
      if (message.type !== 'hello') return this.close(CloseCode.unauthorized, 'hello expected');
      pending.delete(conn);
      void authenticate(conn, ctx, message).catch((err) => {
        // The database away (a restart): the client reconnects and catches up once it is back.
        if (isDatabaseUnavailable(err)) {
          log.warn({ err: messageOf(err) }, 'realtime hello failed: database unavailable');
          return this.close(CloseCode.tryAgainLater, 'database unavailable');
        }
        log.error({ err }, 'realtime hello failed');
        this.close(1011, 'server error');
      });
      return;
    }
    if (!conn.scope) return; // its hello is being checked
    if (message.type === 'hello') return this.close(CloseCode.badMessage, 'hello twice');
    void hub.catchUp(conn, message.after, message.lookBack).catch((err) => {
      if (isDatabaseUnavailable(err)) {
        log.warn({ err: messageOf(err) }, 'realtime catch-up failed: database unavailable');
        return this.close(CloseCode.tryAgainLater, 'database unavailable');
      }
      log.error({ err }, 'realtime catch-up failed');
      this.close(1011, 'server error');
    });
  }

  async function authenticate(conn: Conn, ctx: Pending, hello: RealtimeHello) {
    const ws = conn.ws;
    if (ctx.audience === 'provider') {
      if (hello.token !== undefined || !ctx.provider) return ws.close(CloseCode.badMessage, 'no token here');
      conn.scope = ctx.provider;
    } else {
      if (!hello.token || !hello.portalId) return ws.close(CloseCode.unauthorized, 'token expected');
      const auth = await validatePortalSessionToken(sql, hello.token, deps.now());
      if (!auth) return ws.close(CloseCode.unauthorized, 'invalid token');
      if (auth.portalId !== hello.portalId) {
        // As requirePortalClient does (spec §5): a session used for another portal ends.
        await revokePortalSession(sql, auth.sessionId);
        await recordPortalEvent(
          sql,
          log,
          { providerId: auth.providerId, portalId: auth.portalId, clientId: auth.client.id },
          { type: 'security', metadata: { reason: 'portal_mismatch', requestedPortalId: hello.portalId } },
        );
        return ws.close(CloseCode.unauthorized, 'invalid token');
      }
      if (!ctx.platform && !(await portalAllows(auth.portalId, ctx.origin))) {
        return ws.close(CloseCode.forbiddenOrigin, 'origin not allowed');
      }
      conn.scope = scopeOfPortalSession(auth);
    }
    if (ws.readyState !== ws.OPEN) return;
    conn.lang = hello.lang;
    await hub.open(conn, hello.lastSeq, hello.lookBack);
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {});
    upgrade(req, socket, head).catch((err) => {
      if (isDatabaseUnavailable(err)) {
        log.warn({ err: messageOf(err) }, 'realtime upgrade refused: database unavailable');
        if (!socket.destroyed)
          reject(socket, 503, 'Service Unavailable', `Retry-After: ${DATABASE_RETRY_AFTER_SECONDS}\r\n`);
        return;
      }
      log.error({ err }, 'realtime upgrade failed');
      if (!socket.destroyed) reject(socket, 500, 'Internal Server Error');
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    hub,
    async close() {
      server.off('upgrade', onUpgrade);
      await hub.stop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
