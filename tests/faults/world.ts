import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type postgres from 'postgres';
import { WebSocket } from 'ws';
import { type ReceivedEmail, startResendStandIn } from '../../api/testing/resend-stand-in';
import type { RealtimeActivity } from '../../shared/contracts/realtime';
import {
  createRealtimeClient,
  type RealtimeClient,
  type RealtimeEvent,
  type SocketLike,
} from '../../shared/realtime/client';

/*
 * Worlds for the fault tests, built through the HTTP API only (as a real provider and client would):
 * sign-up with the verification link read from the mail stand-in, portal, client, project, the client's
 * password and portal sign-in. Plus a client that behaves as real ones do (retries 503/429/409-in-progress
 * after Retry-After, and connection errors only where a retry cannot double a write), and the browser's
 * realtime client (shared/realtime/client.ts) on `ws` sockets.
 */

/** Polls `check` until it is true, or throws after `timeoutMs` (naming `what`). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The Resend stand-in (api/testing/resend-stand-in.ts), optionally behind a forwarder that holds each call
 * `delayMs` (a mail provider that takes its time: the send_mail jobs are running when an instance stops)
 * and drops a call whose sender went away meanwhile.
 * `env` is what an instance needs to mail through it.
 */
export async function startMailbox({ delayMs = 0 }: { delayMs?: number } = {}) {
  const standIn = await startResendStandIn();
  let url = standIn.url;
  let forwarder: http.Server | undefined;
  let pending = 0;
  if (delayMs > 0) {
    const target = new URL(standIn.url);
    forwarder = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      pending += 1;
      let gone = false;
      res.on('close', () => {
        pending -= 1;
        if (!res.writableEnded) gone = true;
      });
      req.on('end', () => {
        setTimeout(() => {
          // The sender gave up (a job aborted at shutdown): the call never reaches the provider, so a
          // job handed back and lost would leave its mail unsent.
          if (gone) return;
          const out = http.request(
            {
              host: target.hostname,
              port: target.port,
              method: req.method,
              path: req.url,
              headers: req.headers,
            },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          );
          out.on('error', () => res.writeHead(502).end());
          out.end(Buffer.concat(chunks));
        }, delayMs);
      });
    });
    await new Promise<void>((resolve) => forwarder?.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`;
  }
  return {
    received: standIn.received,
    /** Calls the forwarder holds now (with `delayMs`): mails being sent. */
    pending: () => pending,
    env: { RESEND_API_KEY: 're_faults_test', RESEND_BASE_URL: url, MAIL_FROM: 'Faults <faults@example.com>' },
    /** The mails sent to `address` so far. */
    to: (address: string): ReceivedEmail[] =>
      standIn.received.filter((m) => [m.body.to].flat().includes(address)),
    async close() {
      if (forwarder) await new Promise<void>((resolve) => forwarder?.close(() => resolve()));
      await standIn.close();
    },
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The environment of an instance for the fault tests on `databaseUrl`, mailing through `mailbox`. */
export function instanceEnv(databaseUrl: string, mailbox: Mailbox, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    ...mailbox.env,
    // Sign-ups and sign-ins of a whole world come from one address within seconds.
    RATE_LIMIT_DISABLED: 'true',
    ...extra,
  };
}

/** One answer as the client got it, after its retries. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  /** Every status seen on the way (the retried ones first). */
  statuses: number[];
}

/** Every answer any `ApiClient` got (each attempt), for "no 5xx but 503 with Retry-After" checks. */
export interface AttemptRecord {
  method: string;
  path: string;
  status: number | 'connection_error';
  retryAfter: string | null;
  error?: string;
}

export interface CallOptions {
  cookie?: string;
  bearer?: string;
  body?: unknown;
  /** Sent as `Idempotency-Key` (a provider's creating POST). */
  idempotencyKey?: string;
  /**
   * Whether a connection error may be retried: reads, and writes a retry cannot double (an
   * Idempotency-Key, a message's clientMessageId). Default: GET/HEAD/PUT/DELETE or with an Idempotency-Key.
   */
  retrySafe?: boolean;
  /** How long retries may go on. */
  deadlineMs?: number;
}

/**
 * A caller of the API at `base` that behaves as the product's clients should: a 503 or 429 with
 * Retry-After (and 409 `idempotency_key_in_progress`) is retried after the wait it names; a connection
 * error only when the request is safe to repeat. Every attempt is recorded in `attempts`.
 */
export class ApiClient {
  readonly attempts: AttemptRecord[] = [];
  constructor(public base: string) {}

  async call<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<Answer<T>> {
    const deadline = Date.now() + (opts.deadlineMs ?? 30_000);
    const retrySafe =
      opts.retrySafe ?? (['GET', 'HEAD', 'PUT', 'DELETE'].includes(method) || !!opts.idempotencyKey);
    const statuses: number[] = [];
    for (;;) {
      let res: Response;
      try {
        res = await fetch(`${this.base}${path}`, {
          method,
          headers: {
            Origin: this.base,
            ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...(opts.cookie ? { Cookie: opts.cookie } : {}),
            ...(opts.bearer ? { Authorization: `Bearer ${opts.bearer}` } : {}),
            ...(opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {}),
          },
          ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
        });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code ?? String(err);
        this.attempts.push({ method, path, status: 'connection_error', retryAfter: null, error: cause });
        if (!retrySafe || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const retryAfter = res.headers.get('retry-after');
      this.attempts.push({ method, path, status: res.status, retryAfter });
      statuses.push(res.status);
      const text = await res.text();
      const body = (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
      const again =
        retryAfter !== null &&
        (res.status === 503 ||
          res.status === 429 ||
          (res.status === 409 &&
            (body as { error?: { code?: string } }).error?.code === 'idempotency_key_in_progress'));
      if (again && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, Math.min(Number(retryAfter) || 1, 5) * 1_000));
        continue;
      }
      return { status: res.status, body, headers: res.headers, statuses };
    }
  }

  /** `call`, failing unless the answer is 2xx; its body. */
  async ok<T = unknown>(method: string, path: string, opts: CallOptions = {}, what = `${method} ${path}`) {
    const answer = await this.call<T>(method, path, opts);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** The attempts answered 5xx other than a 503 with Retry-After, and the connection errors. */
  failures(): AttemptRecord[] {
    return this.attempts.filter(
      (a) =>
        a.status === 'connection_error' || (a.status >= 500 && !(a.status === 503 && a.retryAfter !== null)),
    );
  }
}

export interface Provider {
  email: string;
  password: string;
  /** `session=<token>` */
  cookie: string;
}

let counter = 0;
/** A name unique to this test process. */
export const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * A provider signed up through the API: sign-up, the verification link from the mail stand-in, verified
 * with the password (which signs in: the session cookie).
 */
export async function signUpProvider(api: ApiClient, mailbox: Mailbox, label: string): Promise<Provider> {
  const email = `${unique(label)}@example.com`;
  const password = `faults ${randomUUID()}`;
  await api.ok('POST', '/api/auth/sign-up', {
    body: { fullName: label, email, password, confirmPassword: password },
  });
  let token: string | undefined;
  await waitFor(
    () => {
      const mail = mailbox.to(email).at(-1);
      token = `${mail?.body.html ?? ''} ${mail?.body.text ?? ''}`.match(
        /verify\?token=([A-Za-z0-9_%-]+)/,
      )?.[1];
      return token !== undefined;
    },
    30_000,
    `the verification mail to ${email}`,
  );
  const verified = await api.call('POST', '/api/auth/verify-email', {
    body: { token: decodeURIComponent(token ?? ''), currentPassword: password },
  });
  if (verified.status !== 200)
    throw new Error(`verify-email: ${verified.status} ${JSON.stringify(verified.body)}`);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('session='));
  if (!cookie) throw new Error('verify-email set no session cookie');
  return { email, password, cookie };
}

export interface PortalClient {
  portalId: string;
  clientId: string;
  email: string;
  /** The portal's bearer token. */
  token: string;
}

/** A portal of the provider, a client in it with a password, signed in to the portal through the API. */
export async function portalWithClient(
  api: ApiClient,
  owner: Provider,
  label: string,
): Promise<PortalClient> {
  const portal = await api.ok<{ id: string }>('POST', '/api/portals', {
    cookie: owner.cookie,
    body: { portalName: `${label} portal` },
    idempotencyKey: randomUUID(),
  });
  return addClient(api, owner, portal.id, label);
}

/** A client of `portalId` with a password, signed in to the portal. */
export async function addClient(
  api: ApiClient,
  owner: Provider,
  portalId: string,
  label: string,
): Promise<PortalClient> {
  const as = { cookie: owner.cookie };
  const email = `${unique(`${label}-client`)}@example.com`;
  const client = await api.ok<{ id: string }>('POST', '/api/clients', {
    ...as,
    body: { name: `${label} client`, email, portalId },
    idempotencyKey: randomUUID(),
  });
  const password = `client ${randomUUID()}`;
  await api.ok('POST', `/api/clients/${client.id}/password`, { ...as, body: { password }, retrySafe: true });
  const session = await api.ok<{ token: string }>('POST', '/api/portal/sign-in', {
    body: { email, password, portalId },
  });
  return { portalId, clientId: client.id, email, token: session.token };
}

/** A project of the provider for `clientId`. */
export async function addProject(api: ApiClient, owner: Provider, clientId: string, name: string) {
  const project = await api.ok<{ id: string }>('POST', '/api/projects', {
    cookie: owner.cookie,
    body: { name, clientId },
    idempotencyKey: randomUUID(),
  });
  return project.id;
}

/** A message from the provider (`as.cookie`) or the client (`as.client`), retried safely by its clientMessageId. */
export async function postMessage(
  api: ApiClient,
  as: { cookie: string } | { client: PortalClient },
  projectId: string,
  body: string,
) {
  const path =
    'client' in as
      ? `/api/portal/${as.client.portalId}/projects/${projectId}/messages`
      : `/api/projects/${projectId}/messages`;
  return api.call<{ id: string; seq: number }>('POST', path, {
    ...('client' in as ? { bearer: as.client.token } : { cookie: as.cookie }),
    body: { clientMessageId: randomUUID(), body },
    retrySafe: true,
  });
}

/** The newest activity seq of the database (`sql` a superuser's connection to it): sockets start after it. */
export async function latestSeq(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<
    { latest: string }[]
  >`SELECT coalesce(max(seq), 0)::text AS latest FROM activity_feed`;
  return Number(row?.latest ?? 0);
}

/** The browser's realtime client on a `ws` socket, with what it handed its listeners. */
export interface WatchedSocket {
  client: RealtimeClient;
  /** Every activity item the listeners got (the client hands each seq over once). */
  activity: RealtimeActivity[];
  /** Every close code its sockets got. */
  closeCodes: number[];
  /** How many sockets it opened. */
  connections: number;
}

/**
 * The browser's realtime client (shared/realtime/client.ts) against `base` (`/api/realtime`), as a
 * provider (`cookie`) or a portal client, starting after `lastSeq`.
 */
export function watch(
  base: string,
  who: { cookie: string } | { client: PortalClient },
  lastSeq: number,
): WatchedSocket {
  const watched: WatchedSocket = {
    client: undefined as unknown as RealtimeClient,
    activity: [],
    closeCodes: [],
    connections: 0,
  };
  const portal = 'client' in who ? who.client : undefined;
  watched.client = createRealtimeClient({
    audience: portal ? 'portal' : 'provider',
    lang: () => 'en',
    url: `${base.replace(/^http/, 'ws')}/api/realtime`,
    ...(portal ? { credentials: () => ({ token: portal.token, portalId: portal.portalId }) } : {}),
    lastSeq,
    visibility: null,
    online: null,
    createSocket: (url, protocols) => {
      watched.connections += 1;
      const ws = new WebSocket(url, protocols, {
        headers: { Origin: base, ...('cookie' in who ? { Cookie: who.cookie } : {}) },
      });
      ws.on('close', (code) => watched.closeCodes.push(code));
      ws.on('error', () => {});
      return ws as unknown as SocketLike;
    },
  });
  watched.client.onEvent((event: RealtimeEvent) => {
    if (event.type === 'activity') watched.activity.push(event);
  });
  watched.client.start();
  return watched;
}
