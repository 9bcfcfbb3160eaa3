import type { Context } from 'hono';
import { OutboxList, OutboxQuery, type OutboxStatus } from '../../../shared/contracts/dev';
import type { AppDeps, AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { publicOperation } from '../operation';

/** GET /api/dev/outbox (registered only when `outboxEnabled`). */
export const registerDevOutbox = publicOperation(
  {
    method: 'get',
    path: '/api/dev/outbox',
    operationId: 'listDevOutbox',
    // Development only: never in the public document (the route-table test lists it as an exception).
    hide: true,
    summary: 'Development outbox',
    description:
      'The latest 50 e-mails the app would have sent, newest first, optionally only those to one address, each with its delivery status and attempts (mails go out through background jobs). Exists only outside production and without a Resend key, so developers and tests can open verification links without a mail server, and answers only requests from the machine itself (404 to any other, and to anything a proxy forwarded) unless `DEV_HELPERS_REMOTE=true`.',
    request: { query: OutboxQuery },
    responses: {
      200: { description: 'Mails', content: { 'application/json': { schema: OutboxList } } },
      ...errorResponses(404, 422),
    },
  },
  async (c) => {
    if (!devHelpersFor(c)) throw new ApiError('not_found');
    const { to } = c.req.valid('query');
    const { sql } = c.get('deps');
    const rows = await sql<Row[]>`
      SELECT id, to_address, subject, kind, html, text_body, created_at, status, attempts, last_error, sent_at,
        attachments
      FROM outbox_emails
      ${to ? sql`WHERE to_address = ${to}` : sql``}
      ORDER BY created_at DESC, id DESC LIMIT 50`;
    const mails = rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      kind: r.kind,
      html: r.html,
      text: r.text_body,
      createdAt: new Date(r.created_at).toISOString(),
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
      attachments: r.attachments ?? [],
    }));
    return c.json({ mails }, 200);
  },
);

/** Whether the outbox route exists: never in production, never when real mail goes out. */
export function outboxEnabled(deps: Pick<AppDeps, 'config' | 'mailer'>): boolean {
  return !deps.config.isProduction && deps.mailer.via === 'outbox';
}

/** Headers a reverse proxy adds: a request carrying one came from the network, even through a local proxy. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether this request may see the development helpers (the outbox, a magic link's `outboxUrl` and
 * `demoLink`): only where the outbox is on (never in production), and only from the machine itself (the
 * socket's peer is a loopback address and nothing was forwarded; an in-process `app.request()` has no
 * socket and no network) unless `DEV_HELPERS_REMOTE=true`. Every sign-in link of every user is in the
 * outbox, so a development server on 0.0.0.0 must not hand them to the network.
 */
export function devHelpersFor(c: Context<AppEnv>): boolean {
  const deps = c.get('deps');
  if (!outboxEnabled(deps)) return false;
  if (deps.config.DEV_HELPERS_REMOTE) return true;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  if (!env?.incoming) return true;
  const peer = env.incoming.socket?.remoteAddress ?? '';
  const loopback = /^(::ffff:)?127\./.test(peer) || peer === '::1';
  return loopback && FORWARDING_HEADERS.every((name) => c.req.header(name) === undefined);
}

interface Row {
  id: string;
  to_address: string;
  subject: string;
  kind: string;
  html: string;
  text_body: string;
  created_at: Date;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  attachments: { filename: string; contentType: string; content: string }[] | null;
}
