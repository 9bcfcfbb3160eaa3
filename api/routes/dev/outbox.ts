import { createRoute } from '@hono/zod-openapi';
import { OutboxList, OutboxQuery, type OutboxStatus } from '../../../shared/contracts/dev';
import type { App, AppDeps } from '../../http/context';
import { errorResponses } from '../../http/openapi';

const route = createRoute({
  method: 'get',
  path: '/api/dev/outbox',
  tags: ['Development'],
  summary: 'Development outbox',
  description:
    'The latest 50 e-mails the app would have sent, newest first, optionally only those to one address, each with its delivery status and attempts (mails go out through background jobs). Exists only outside production and without a Resend key, so developers and tests can open verification links without a mail server.',
  request: { query: OutboxQuery },
  responses: {
    200: { description: 'Mails', content: { 'application/json': { schema: OutboxList } } },
    ...errorResponses(422),
  },
});

/** Whether the outbox route exists: never in production, never when real mail goes out. */
export function outboxEnabled(deps: Pick<AppDeps, 'config' | 'mailer'>): boolean {
  return !deps.config.isProduction && deps.mailer.via === 'outbox';
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
}

/** GET /api/dev/outbox (registered only when `outboxEnabled`). */
export function registerDevOutbox(app: App) {
  app.openapi(route, async (c) => {
    const { to } = c.req.valid('query');
    const { sql } = c.get('deps');
    const rows = await sql<Row[]>`
      SELECT id, to_address, subject, kind, html, text_body, created_at, status, attempts, last_error, sent_at
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
    }));
    return c.json({ mails }, 200);
  });
}
