import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Events, OAuth2Server } from 'oauth2-mock-server';

/*
 * Google for tests, end-to-end runs and local development: `oauth2-mock-server` (written by others) is
 * the OAuth 2.0 server (authorise, token with PKCE, revoke), and this file adds a small stand-in of the
 * Calendar API v3 (the calls this product makes: calendarList.list, events insert/get/update/patch/delete
 * with client-supplied ids, freeBusy.query). The two share a token table: an access token is accepted by
 * the Calendar API only if the OAuth server issued it, it has not expired, and its grant was not revoked;
 * a refresh token that was revoked (or that a test spoiled) gets `invalid_grant`, as Google answers.
 *
 * The product is pointed at it through its ordinary configuration (`env` below: GOOGLE_CLIENT_ID,
 * GOOGLE_AUTHORIZATION_URL, GOOGLE_TOKEN_URL, GOOGLE_REVOCATION_URL, GOOGLE_CALENDAR_API_BASE); nothing in
 * the product knows it is not Google. Its state is in memory, one Google account per instance.
 *
 * Control for tests in another process (e2e): `POST /_stand-in/deny-next` (the next authorisation answers
 * `error=access_denied`), `POST /_stand-in/revoke-all` (every grant so far withdrawn, as when the user
 * removes the app's access in their Google account), `POST /_stand-in/expire-tokens`, `GET /_stand-in/events` (every event stored),
 * `GET /_stand-in/revoked`.
 */

export interface StoredEvent {
  calendarId: string;
  id: string;
  status: 'confirmed' | 'cancelled';
  body: Record<string, unknown>;
  /** How many writes reached it (insert, update, patch). */
  writes: number;
}

export interface RecordedCall {
  method: string;
  path: string;
  status: number;
}

interface Calendar {
  id: string;
  summary: string;
  accessRole: 'owner' | 'writer' | 'reader';
  primary?: boolean;
}

interface IssuedToken {
  expiresAt: number;
  grant: string;
}

export interface GoogleStandIn {
  /** The environment that points the product at the stand-ins. */
  env: Record<string, string>;
  clientId: string;
  accountEmail: string;
  calendars: Calendar[];
  /** Every event stored, by `calendarId/eventId`. */
  events: Map<string, StoredEvent>;
  calls: RecordedCall[];
  /** Every token the revocation endpoint was given. */
  revoked: string[];
  /** The next authorisation redirects back with `error` (e.g. `access_denied`) instead of a code. */
  failNextAuthorisation(error: string): void;
  /** The next refresh answers `invalid_grant` (as after the user revoked access at Google). */
  refuseNextRefresh(): void;
  /** Every access token issued so far expires now (the Calendar API answers 401 to them). */
  expireAccessTokens(): void;
  /** The next `count` Calendar API calls (optionally only of `method`) answer `status`. */
  failNextCalls(status: number, count?: number, method?: string): void;
  /** A busy interval of a calendar that is not an event written by the product. */
  addBusy(calendarId: string, start: Date, end: Date): void;
  close(): Promise<void>;
}

const BASE32HEX_ID = /^[a-v0-9]{5,1024}$/;

export async function startGoogleStandIn(
  opts: { port?: number; host?: string } = {},
): Promise<GoogleStandIn> {
  const host = opts.host ?? '127.0.0.1';
  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, host);

  const accountEmail = 'alex.morgan@example.com';
  const calendars: Calendar[] = [
    { id: accountEmail, summary: accountEmail, accessRole: 'owner', primary: true },
    { id: 'c_client_meetings@group.calendar.google.com', summary: 'Client meetings', accessRole: 'owner' },
    {
      id: 'en.german#holiday@group.v.calendar.google.com',
      summary: 'Holidays in Germany',
      accessRole: 'reader',
    },
  ];
  const events = new Map<string, StoredEvent>();
  const busy: { calendarId: string; start: Date; end: Date }[] = [];
  const calls: RecordedCall[] = [];
  const revoked: string[] = [];
  const accessTokens = new Map<string, IssuedToken>();
  /** Refresh token → its grant; a revoked grant's tokens stop working. */
  const refreshTokens = new Map<string, string>();
  const revokedGrants = new Set<string>();
  let denyNext: string | null = null;
  let refuseRefresh = false;
  const failures: { status: number; count: number; method?: string }[] = [];

  oauth.service.on(Events.BeforeAuthorizeRedirect, (redirect: { url: URL }) => {
    if (!denyNext) return;
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', denyNext);
    denyNext = null;
  });
  oauth.service.on(
    Events.BeforeResponse,
    (
      response: { body: Record<string, unknown> | string; statusCode: number },
      req: { body?: Record<string, unknown> },
    ) => {
      if (response.statusCode !== 200 || typeof response.body !== 'object') return;
      const grantType = req.body?.grant_type;
      let grant: string = randomUUID();
      if (grantType === 'refresh_token') {
        const known = refreshTokens.get(String(req.body?.refresh_token));
        if (!known || revokedGrants.has(known) || refuseRefresh) {
          refuseRefresh = false;
          response.statusCode = 400;
          response.body = { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' };
          return;
        }
        grant = known;
        // Google keeps the refresh token on a refresh: the answer carries none.
        delete response.body.refresh_token;
        delete response.body.id_token;
      } else if (typeof response.body.refresh_token === 'string') {
        refreshTokens.set(response.body.refresh_token, grant);
      }
      const token = response.body.access_token;
      const expiresIn = Number(response.body.expires_in ?? 3600);
      if (typeof token === 'string')
        accessTokens.set(token, { expiresAt: Date.now() + expiresIn * 1000, grant });
    },
  );
  // The revocation endpoint answers before its body is read; read it here (RFC 7009: `token=…`).
  oauth.service.on(Events.BeforeRevoke, (_response: unknown, req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const token = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('token');
      if (!token) return;
      revoked.push(token);
      const grant = refreshTokens.get(token) ?? accessTokens.get(token)?.grant;
      if (grant) revokedGrants.add(grant);
    });
  });

  const tokenOk = (req: IncomingMessage): boolean => {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const issued = match?.[1] ? accessTokens.get(match[1]) : undefined;
    return !!issued && issued.expiresAt > Date.now() && !revokedGrants.has(issued.grant);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: { code: 500, message: String(err) } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'DELETE' ? null : await readJson(req);
    if (url.pathname.startsWith('/_stand-in/')) return control(url.pathname, method, res);
    const answer = (status: number, payload: unknown) => {
      calls.push({ method, path: url.pathname, status });
      send(res, status, payload);
    };
    if (!url.pathname.startsWith('/calendar/v3/')) return answer(404, googleError(404, 'Not Found'));
    if (!tokenOk(req))
      return answer(401, googleError(401, 'Request had invalid authentication credentials.'));
    const failure = failures.find((f) => !f.method || f.method === method);
    if (failure) {
      failure.count--;
      if (failure.count <= 0) failures.splice(failures.indexOf(failure), 1);
      return answer(failure.status, googleError(failure.status, 'Injected failure'));
    }
    const path = url.pathname.slice('/calendar/v3'.length);
    if (method === 'GET' && path === '/users/me/calendarList')
      return answer(200, {
        kind: 'calendar#calendarList',
        items: calendars.map((c) => ({ kind: 'calendar#calendarListEntry', ...c })),
      });
    if (method === 'POST' && path === '/freeBusy') return answer(200, freeBusy(body ?? {}));
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!match?.[1]) return answer(404, googleError(404, 'Not Found'));
    const calendarId = decodeURIComponent(match[1]);
    const calendar = calendars.find((c) => c.id === calendarId || (calendarId === 'primary' && c.primary));
    if (!calendar) return answer(404, googleError(404, 'Not Found'));
    const eventId = match[2] ? decodeURIComponent(match[2]) : null;
    const key = (id: string) => `${calendar.id}/${id}`;
    if (calendar.accessRole === 'reader' && method !== 'GET')
      return answer(403, googleError(403, 'Forbidden'));
    if (!eventId) {
      if (method !== 'POST') return answer(405, googleError(405, 'Method Not Allowed'));
      const id = typeof body?.id === 'string' ? body.id : randomUUID().replace(/-/g, '');
      if (!BASE32HEX_ID.test(id)) return answer(400, googleError(400, 'Invalid resource id value.'));
      if (events.has(key(id)))
        return answer(409, googleError(409, 'The requested identifier already exists.'));
      const stored: StoredEvent = {
        calendarId: calendar.id,
        id,
        status: 'confirmed',
        body: { ...body, id },
        writes: 1,
      };
      events.set(key(id), stored);
      return answer(200, view(stored));
    }
    const stored = events.get(key(eventId));
    if (!stored) return answer(404, googleError(404, 'Not Found'));
    if (method === 'GET') return answer(200, view(stored));
    if (method === 'DELETE') {
      if (stored.status === 'cancelled') return answer(410, googleError(410, 'Resource has been deleted'));
      stored.status = 'cancelled';
      calls.push({ method, path: url.pathname, status: 204 });
      res.writeHead(204).end();
      return;
    }
    if (method === 'PUT' || method === 'PATCH') {
      stored.body = method === 'PUT' ? { ...body, id: eventId } : { ...stored.body, ...body, id: eventId };
      stored.status = stored.body.status === 'cancelled' ? 'cancelled' : 'confirmed';
      stored.writes++;
      return answer(200, view(stored));
    }
    return answer(405, googleError(405, 'Method Not Allowed'));
  }

  function freeBusy(query: Record<string, unknown>) {
    const from = new Date(String(query.timeMin));
    const to = new Date(String(query.timeMax));
    const items = Array.isArray(query.items) ? (query.items as { id?: string }[]) : [];
    const result: Record<string, unknown> = {};
    for (const item of items) {
      const id = String(item.id);
      const calendar = calendars.find((c) => c.id === id || (id === 'primary' && c.primary));
      if (!calendar) {
        result[id] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
        continue;
      }
      const intervals = [
        ...busy.filter((b) => b.calendarId === calendar.id),
        ...[...events.values()]
          .filter((e) => e.calendarId === calendar.id && e.status === 'confirmed')
          .map((e) => ({ start: timeOf(e.body.start), end: timeOf(e.body.end) }))
          .filter((e): e is { start: Date; end: Date } => e.start !== null && e.end !== null),
      ]
        .filter((b) => b.end > from && b.start < to)
        .map((b) => ({ start: b.start.toISOString(), end: b.end.toISOString() }));
      result[id] = { busy: intervals };
    }
    return {
      kind: 'calendar#freeBusy',
      timeMin: from.toISOString(),
      timeMax: to.toISOString(),
      calendars: result,
    };
  }

  function control(path: string, method: string, res: ServerResponse) {
    if (method === 'POST' && path === '/_stand-in/deny-next') {
      denyNext = 'access_denied';
      return send(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/_stand-in/revoke-all') {
      // The user removed the app's access in their Google account: every grant so far stops working.
      for (const grant of refreshTokens.values()) revokedGrants.add(grant);
      return send(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/_stand-in/expire-tokens') {
      for (const issued of accessTokens.values()) issued.expiresAt = 0;
      return send(res, 200, { ok: true });
    }
    if (method === 'GET' && path === '/_stand-in/events') return send(res, 200, [...events.values()]);
    if (method === 'GET' && path === '/_stand-in/revoked') return send(res, 200, revoked);
    return send(res, 404, { error: 'unknown control' });
  }

  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const calendarBase = `http://${host}:${port}`;
  const issuer = oauth.issuer.url ?? `http://${host}`;
  const clientId = 'client-portal-test.apps.googleusercontent.com';

  return {
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: 'GOCSPX-stand-in-secret',
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_REVOCATION_URL: `${issuer}/revoke`,
      GOOGLE_CALENDAR_API_BASE: `${calendarBase}/calendar/v3`,
    },
    clientId,
    accountEmail,
    calendars,
    events,
    calls,
    revoked,
    failNextAuthorisation(error) {
      denyNext = error;
    },
    refuseNextRefresh() {
      refuseRefresh = true;
    },
    expireAccessTokens() {
      for (const issued of accessTokens.values()) issued.expiresAt = 0;
    },
    failNextCalls(status, count = 1, method) {
      failures.push({ status, count, method });
    },
    addBusy(calendarId, start, end) {
      busy.push({ calendarId, start, end });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await oauth.stop();
    },
  };
}

function view(event: StoredEvent) {
  return { kind: 'calendar#event', ...event.body, id: event.id, status: event.status };
}

function timeOf(value: unknown): Date | null {
  const v = value as { dateTime?: string; date?: string } | undefined;
  if (v?.dateTime) return new Date(v.dateTime);
  if (v?.date) return new Date(`${v.date}T00:00:00Z`);
  return null;
}

function googleError(code: number, message: string) {
  return { error: { code, message, errors: [{ domain: 'global', reason: 'standIn', message }] } };
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(payload));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return null;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}
