import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
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
 * POSTs one signed webhook message. The host is looked up now and EVERY address it has is checked
 * (`checkAddress`): one internal address refuses the whole host, so a name that answers with a public and
 * a private address cannot reach the private one. The connection then goes to the checked address
 * (`lookup` pinned to it; https still verifies the certificate for the host name), so no second look-up
 * can swap in another address. Redirects are not followed (a 3xx is a failure), the attempt has one
 * deadline for everything, and at most 64 KB of the answer is read.
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

  let addresses: ResolvedAddress[];
  try {
    addresses = await untilAborted(opts.resolve(url.hostname), deadline);
  } catch (err) {
    return deadline.aborted ? failed('timeout') : failed('dns_failed', codeOf(err));
  }
  for (const { address } of addresses) {
    const verdict = checkAddress(address, { allowLoopback: opts.allowLoopback });
    if (!verdict.allowed) return failed('address_refused', `${address} (${verdict.range})`);
  }
  const target = addresses[0];
  if (!target) return failed('dns_failed', 'no address');

  // Pinned: `net.connect` asks this instead of DNS (with `all` when it races address families).
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const body = Buffer.from(message.body, 'utf8');
  const client = url.protocol === 'https:' ? https : http;

  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(outcome);
    };
    let statusCode: number | null = null;
    const onAbort = () => finish(failed('timeout', undefined, statusCode));
    const request = client.request(url, {
      method: 'POST',
      lookup,
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'ClientPortal-Webhooks/1',
        ...message.headers,
      },
    });
    deadline.addEventListener('abort', onAbort, { once: true });
    if (deadline.aborted) return onAbort();
    request.on('error', (err) => finish(failed('connection_failed', codeOf(err), statusCode)));
    request.on('response', (response) => {
      statusCode = response.statusCode ?? null;
      const chunks: Buffer[] = [];
      let read = 0;
      const done = () => {
        const responseBody = firstBytesAsText(Buffer.concat(chunks), WEBHOOK_LIMITS.responseBodyStoredBytes);
        const code = statusCode ?? 0;
        const redirect = code >= 300 && code < 400;
        finish({
          ok: code >= 200 && code < 300,
          statusCode,
          durationMs: elapsed(),
          responseBody,
          error: redirect ? 'redirect_not_followed' : null,
        });
      };
      response.on('data', (chunk: Buffer) => {
        const room = RESPONSE_READ_CAP_BYTES - read;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        read += Math.min(chunk.length, room);
        // The cap reached: what came is enough for the log; the rest is not waited for.
        if (read >= RESPONSE_READ_CAP_BYTES) done();
      });
      response.on('end', done);
      response.on('error', (err) => finish(failed('connection_failed', codeOf(err), statusCode)));
    });
    request.end(body);
  });
}

/** The first `max` bytes as text: cut before an incomplete character, without NUL (the database refuses it). */
function firstBytesAsText(bytes: Buffer, max: number): string {
  // `stream: true` holds back a character cut at the end instead of writing U+FFFD for it.
  return new TextDecoder('utf-8').decode(bytes.subarray(0, max), { stream: true }).replaceAll('\u0000', '');
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message.slice(0, 100) : 'error';
}
