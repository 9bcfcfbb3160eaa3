import type { ClientEngagement } from '../../../shared/contracts/analytics';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import type { ResolvedPeriod } from './period';

/**
 * The clients view (issue 29): per client, portal sign-ins in the period, when they were last seen (their
 * last sign-in or message), the provider's messages they have not read, the provider's files waiting for
 * their decision, and their open invoices (count and balance) in the currency. Quietest first.
 */
export async function clientEngagement(
  sql: Sql,
  scope: ProviderScope,
  p: ResolvedPeriod,
): Promise<ClientEngagement> {
  const start = sql`(${p.from}::date::timestamp AT TIME ZONE ${p.timeZone})`;
  const end = sql`((${p.to}::date + 1)::timestamp AT TIME ZONE ${p.timeZone})`;
  const rows = await sql<
    {
      client_id: string;
      name: string;
      company: string | null;
      sign_ins: number;
      last_seen: Date | null;
      unread: number;
      files_waiting: number;
      invoices_due: number;
      due_cents: number;
    }[]
  >`
    WITH logins AS (
      SELECT e.client_id, count(*) FILTER (WHERE e.created_at >= ${start} AND e.created_at < ${end}) AS n,
             max(e.created_at) AS last
      FROM portal_events e
      WHERE ${ownedBy(sql, scope, 'e.provider_id')} AND e.event_type = 'login' AND e.client_id IS NOT NULL
      GROUP BY e.client_id
    ),
    unread AS (
      -- Per conversation, the provider's messages after the client's read mark (the partial index on the
      -- provider's messages, read from the mark on).
      SELECT pr.client_id, sum(u.n) AS n
      FROM projects pr
      LEFT JOIN conversation_reads r ON r.project_id = pr.id AND r.reader = 'client'
      CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM messages m
        WHERE ${ownedBy(sql, scope, 'm.provider_id')} AND m.project_id = pr.id AND m.sender_type = 'provider'
          AND m.seq > coalesce(r.last_read_seq, 0)
      ) u
      WHERE ${ownedBy(sql, scope, 'pr.provider_id')}
      GROUP BY 1
    ),
    waiting AS (
      SELECT pr.client_id, count(*) AS n
      FROM files f JOIN projects pr ON pr.provider_id = f.provider_id AND pr.id = f.project_id
      WHERE ${ownedBy(sql, scope, 'f.provider_id')} AND f.status = 'pending_review' AND f.uploaded_by = 'provider'
      GROUP BY 1
    ),
    due AS (
      SELECT i.client_id, count(*) AS n, sum(i.amount_cents - i.paid_cents) AS cents FROM invoices i
      WHERE ${ownedBy(sql, scope, 'i.provider_id')} AND i.currency = ${p.currency} AND i.status IN ('sent', 'overdue')
      GROUP BY 1
    )
    SELECT c.id AS client_id, c.name, c.company, coalesce(logins.n, 0)::int AS sign_ins,
           greatest(logins.last, wrote.last) AS last_seen, coalesce(unread.n, 0)::int AS unread,
           coalesce(waiting.n, 0)::int AS files_waiting, coalesce(due.n, 0)::int AS invoices_due,
           coalesce(due.cents, 0)::float8 AS due_cents
    FROM clients c
    LEFT JOIN logins ON logins.client_id = c.id
    LEFT JOIN LATERAL (
      -- The client's last message: one probe of the index on their messages.
      SELECT max(m.created_at) AS last FROM messages m
      WHERE ${ownedBy(sql, scope, 'm.provider_id')} AND m.sender_type = 'client' AND m.sender_client_id = c.id
    ) wrote ON true
    LEFT JOIN unread ON unread.client_id = c.id
    LEFT JOIN waiting ON waiting.client_id = c.id
    LEFT JOIN due ON due.client_id = c.id
    WHERE ${ownedBy(sql, scope, 'c.provider_id')}
    ORDER BY last_seen ASC NULLS FIRST, lower(c.name), c.id
    LIMIT 1000`;
  return {
    period: p,
    clients: rows.map((r) => ({
      clientId: r.client_id,
      name: r.name,
      company: r.company,
      signIns: r.sign_ins,
      lastSeenAt: r.last_seen ? r.last_seen.toISOString() : null,
      unreadMessages: r.unread,
      filesWaiting: r.files_waiting,
      invoicesDue: r.invoices_due,
      dueCents: r.due_cents,
    })),
  };
}
