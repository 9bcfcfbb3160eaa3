import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS } from '../../../shared/contracts/webhooks';
import { checkAddress } from './address-policy';
import type { HostResolver, ResolvedAddress } from './resolve';

/** The most of an answer's body that is read; the rest is not waited for (the connection is closed). */
export const RESPONSE_READ_CAP_BYTES = 64 * 1024;

export interface SendOptions {
  resolve: HostResolver;
  allowLoopback: boolean;
  /** The whole attempt: look-up, connect, send, answer (WEBHOOKS_TIMEOUT_MS, 10 s by default). */
  timeoutMs: number;
  /** Aborts the attempt (the worker shutting down). */
  signal?: AbortSignal;
}

/** What one attempt came to. `error` says why there is no usable answer (see `WebhookDeliveryAttempt`). */
export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** The first 2 KB of the answer's body (UTF-8, cut at a character), null without an answer. */
  responseBody: string | null;
  error: 'timeout' | 'address_refused' | 'dns_failed' | 'connection_failed' | 'redirect_not_followed' | null;
  /** For the log: the refused range, the connection error. */
  detail?: string;
}

/**
 * POSTs one signed webhook message over a kept-alive connection to the endpoint's origin (at most
 * SOCKETS_PER_ORIGIN per origin). Every NEW connection is guarded (`agentsFor`): the host is looked up
 * then and EVERY address it has is checked (`checkAddress`): one internal address refuses the whole host,
 * so a name that answers with a public and a private address cannot reach the private one; the connection
 * goes to the checked address (`lookup` pinned to it; https still verifies the certificate for the host
 * name), so no second look-up can swap in another address. An address literal is checked before anything.
 * Redirects are not followed (a 3xx is a failure), the attempt has one deadline for everything, and at
 * most 64 KB of the answer is read.
 * @example await sendWebhook({ url, headers, body }, { resolve, allowLoopback: false, timeoutMs: 10_000 })
 */
export async function sendWebhook(
  message: { url: string; headers: Record<string, string>; body: string },
  opts: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  // One deadline for the attempt, released as soon as it ends: a timer cleared and a listener removed
  // (`AbortSignal.timeout` + `AbortSignal.any` would keep a timer and two signals alive for the whole
  // timeout after every delivery: thousands at a time in a busy worker).
  const controller = new AbortController();
  const deadline = controller.signal;
  const timer = setTimeout(() => controller.abort(new Error('webhook delivery timed out')), opts.timeoutMs);
  const stop = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) stop();
  else opts.signal?.addEventListener('abort', stop, { once: true });
  try {
    return await attempt(message, opts, deadline, started);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', stop);
  }
}

/** Why a new connection was not opened: the guard's verdict, carried through `net.connect`'s lookup. */
class ConnectRefused extends Error {
  constructor(
    readonly kind: 'address_refused' | 'dns_failed',
    readonly detail: string,
  ) {
    super(`webhook connection refused: ${kind} ${detail}`);
  }
}

/** Connections kept open per endpoint origin (host and port) and per pool; more requests wait for one. */
export const SOCKETS_PER_ORIGIN = 8;

type Agents = { http: http.Agent; https: https.Agent };
const pools = new WeakMap<HostResolver, { loopback?: Agents; strict?: Agents }>();

/**
 * The keep-alive pool for a resolver and a loopback setting (one per combination, so a connection opened
 * where loopback is allowed is never lent to a sender where it is not). Its `lookup` is the SSRF guard,
 * asked by `net.connect` for EVERY new connection: the host is resolved, every address checked, and the
 * connection goes to the first checked address (pinned, no second look-up). A reused connection goes to
 * an address that was checked when it was opened; idle ones close after the receiver's keep-alive hint
 * (Node's default) or 4 s.
 */
function agentsFor(resolve: HostResolver, allowLoopback: boolean): Agents {
  let entry = pools.get(resolve);
  if (!entry) {
    entry = {};
    pools.set(resolve, entry);
  }
  const key = allowLoopback ? 'loopback' : 'strict';
  const existing = entry[key];
  if (existing) return existing;
  const lookup: LookupFunction = (hostname, options, callback) => {
    guardedLookup(resolve, allowLoopback, hostname).then(
      (target) => {
        if (options.all) callback(null, [{ address: target.address, family: target.family }]);
        else callback(null, target.address, target.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
  const options = {
    keepAlive: true,
    maxSockets: SOCKETS_PER_ORIGIN,
    maxFreeSockets: SOCKETS_PER_ORIGIN,
    // Idle connections: a 4 s timeout keeps below the common 5 s server keep-alive (Node's own default).
    timeout: 4_000,
    scheduling: 'lifo' as const,
    lookup,
  };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  entry[key] = agents;
  return agents;
}

async function guardedLookup(
  resolve: HostResolver,
  allowLoopback: boolean,
  hostname: string,
): Promise<ResolvedAddress> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (err) {
    throw new ConnectRefused('dns_failed', codeOf(err));
  }
  const refused = refusal(addresses, allowLoopback);
  if (refused) throw new ConnectRefused('address_refused', refused);
  const target = addresses[0];
  if (!target) throw new ConnectRefused('dns_failed', 'no address');
  return target;
}

/** The first address the policy refuses (with its range), or null when all are allowed. */
function refusal(addresses: readonly ResolvedAddress[], allowLoopback: boolean): string | null {
  for (const { address } of addresses) {
    const verdict = checkAddress(address, { allowLoopback });
    if (!verdict.allowed) return `${address} (${verdict.range})`;
  }
  return null;
}

async function attempt(
  message: { url: string; headers: Record<string, string>; body: string },
  opts: SendOptions,
  deadline: AbortSignal,
  started: number,
): Promise<SendOutcome> {
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(message.url);
  const failed = (
    error: NonNullable<SendOutcome['error']>,
    detail?: string,
    statusCode: number | null = null,
  ) =>
    ({
      ok: false,
      statusCode,
      durationMs: elapsed(),
      responseBody: null,
      error,
      detail,
    }) satisfies SendOutcome;

  // An address literal is never looked up by `net.connect` (the guard in `lookup` would not run): checked here.
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family) {
    const refused = refusal([{ address: bare, family: family as 4 | 6 }], opts.allowLoopback);
    if (refused) return failed('address_refused', refused);
  }

  const body = Buffer.from(message.body, 'utf8');
  const https_ = url.protocol === 'https:';
  const pool = agentsFor(opts.resolve, opts.allowLoopback);

  const send = (retried: boolean) =>
    new Promise<SendOutcome | 'again'>((resolve) => {
      let settled = false;
      const finish = (outcome: SendOutcome | 'again', keep = false) => {
        if (settled) return;
        settled = true;
        deadline.removeEventListener('abort', onAbort);
        // A finished exchange leaves its connection to the pool; anything else closes it.
        if (!keep) request.destroy();
        resolve(outcome);
      };
      let statusCode: number | null = null;
      const onAbort = () => finish(failed('timeout', undefined, statusCode));
      const request = (https_ ? https : http).request(url, {
        method: 'POST',
        agent: https_ ? pool.https : pool.http,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'ClientPortal-Webhooks/1',
          ...message.headers,
        },
      });
      deadline.addEventListener('abort', onAbort, { once: true });
      if (deadline.aborted) return onAbort();
      request.on('error', (err) => {
        if (err instanceof ConnectRefused) return finish(failed(err.kind, err.detail));
        // A kept connection the receiver closed while it was idle, before any answer: once more on a new one.
        const code = (err as NodeJS.ErrnoException).code;
        if (
          !retried &&
          statusCode === null &&
          request.reusedSocket &&
          (code === 'ECONNRESET' || code === 'EPIPE')
        )
          return finish('again');
        finish(failed('connection_failed', codeOf(err), statusCode));
      });
      request.on('response', (response) => {
        statusCode = response.statusCode ?? null;
        const chunks: Buffer[] = [];
        let read = 0;
        const done = (complete: boolean) => {
          const responseBody = firstBytesAsText(
            Buffer.concat(chunks),
            WEBHOOK_LIMITS.responseBodyStoredBytes,
          );
          const code = statusCode ?? 0;
          const redirect = code >= 300 && code < 400;
          finish(
            {
              ok: code >= 200 && code < 300,
              statusCode,
              durationMs: elapsed(),
              responseBody,
              error: redirect ? 'redirect_not_followed' : null,
            },
            complete,
          );
        };
        response.on('data', (chunk: Buffer) => {
          const room = RESPONSE_READ_CAP_BYTES - read;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          read += Math.min(chunk.length, room);
          // The cap reached: what came is enough for the log; the rest is not waited for (connection closed).
          if (read >= RESPONSE_READ_CAP_BYTES) done(false);
        });
        response.on('end', () => done(true));
        response.on('error', (err) => finish(failed('connection_failed', codeOf(err), statusCode)));
      });
      request.end(body);
    });

  const first = await send(false);
  if (first !== 'again') return first;
  const second = await send(true);
  return second === 'again' ? failed('connection_failed', 'ECONNRESET') : second;
}

/** The first `max` bytes as text: cut before an incomplete character, without NUL (the database refuses it). */
function firstBytesAsText(bytes: Buffer, max: number): string {
  // `stream: true` holds back a character cut at the end instead of writing U+FFFD for it.
  return new TextDecoder('utf-8').decode(bytes.subarray(0, max), { stream: true }).replaceAll('\u0000', '');
}

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message.slice(0, 100) : 'error';
}
