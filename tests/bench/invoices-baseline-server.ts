import { createServer } from 'node:http';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import postgres from 'postgres';

/**
 * The baseline of the invoice-list budget: a minimal node:http + postgres.js server that runs the same SQL as
 * `GET /api/invoices` (first page, no filters, `limit` 50): the session lookup of api/auth/session.ts, then the
 * page and the totals per status and currency of `listInvoices` in api/services/invoices/list-invoices.ts (its
 * `summaryColumns` and `invoiceJoins` from api/services/invoices/view.ts, copied as they are), sent at once,
 * and answers the same JSON shape, with nothing else around it: no routing, validation, logging or headers.
 */
const sql = postgres(process.env.DATABASE_URL as string, { max: 10, onnotice: () => {} });
const port = Number(process.env.PORT);
const STATUSES = ['draft', 'sent', 'overdue', 'paid', 'cancelled'] as const;
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

createServer(async (req, res) => {
  const cookie = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
  const dot = cookie.indexOf('.');
  const [session] = await sql`
    SELECT s.id, s.secret_hash, s.expires_at, u.id AS user_id
    FROM user_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN profiles p ON p.user_id = u.id
    WHERE s.id = ${cookie.slice(0, dot)}`;
  const valid =
    session &&
    constantTimeEqual(
      new Uint8Array(session.secret_hash),
      sha256(new TextEncoder().encode(cookie.slice(dot + 1))),
    );
  if (!valid) {
    res.writeHead(401).end();
    return;
  }
  const limit = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('limit') ?? 50);
  // From listInvoices (api/services/invoices/list-invoices.ts) with no filters and no cursor.
  const [rows, totals] = await Promise.all([
    sql`
      SELECT i.id, i.number, i.status, i.client_id, c.name AS client_name, i.project_id, p.name AS project_name,
        i.currency::text AS currency, i.amount_cents::text AS amount_cents, i.description,
        to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.issued_at, i.paid_at,
        to_char(i.paid_on, 'YYYY-MM-DD') AS paid_on, i.paid_cents::text AS paid_cents,
        cn.number AS credit_note_number,
        i.stripe_invoice_id, i.created_at,
        to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts
      FROM invoices i
        JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
        LEFT JOIN projects p ON p.provider_id = i.provider_id AND p.id = i.project_id
        LEFT JOIN credit_notes cn ON cn.provider_id = i.provider_id AND cn.invoice_id = i.id
      WHERE i.provider_id = ${session.user_id}
      ORDER BY i.created_at DESC, i.id DESC
      LIMIT ${limit + 1}`,
    sql`
      SELECT t.status, t.currency::text AS currency, t.invoice_count AS count, t.amount_cents::text AS cents,
        t.paid_cents::text AS paid
      FROM invoice_totals t
      WHERE t.provider_id = ${session.user_id}
      ORDER BY t.status, t.currency`,
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      items: page.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status,
        client: { id: r.client_id, name: r.client_name },
        project: r.project_id && r.project_name ? { id: r.project_id, name: r.project_name } : null,
        currency: r.currency,
        amountCents: Number(r.amount_cents),
        description: r.description,
        dueDate: r.due_date,
        issuedAt: iso(r.issued_at),
        paidAt: iso(r.paid_at),
        paidOn: r.paid_on,
        paidCents: r.status === 'paid' ? Number(r.amount_cents) : Number(r.paid_cents),
        balanceCents:
          r.status === 'sent' || r.status === 'overdue'
            ? Math.max(0, Number(r.amount_cents) - Number(r.paid_cents))
            : 0,
        creditNoteNumber: r.credit_note_number,
        viaStripe: r.stripe_invoice_id !== null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      nextCursor:
        rows.length > limit && last
          ? Buffer.from(`${last.cursor_ts}|${last.id}`).toString('base64url')
          : null,
      totals: STATUSES.map((status) => {
        const mine = totals.filter((t) => t.status === status);
        return {
          status,
          count: mine.reduce((n, t) => n + t.count, 0),
          amounts: mine.map((t) => ({
            currency: t.currency,
            amountCents: Number(t.cents),
            balanceCents: status === 'sent' || status === 'overdue' ? Number(t.cents) - Number(t.paid) : 0,
          })),
        };
      }),
    }),
  );
}).listen(port, '127.0.0.1');
