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
    SELECT c.id AS client_id, c.name, c.company,
      (SELECT count(*) FROM portal_events e
        WHERE e.provider_id = c.provider_id AND e.client_id = c.id AND e.event_type = 'login'
          AND e.created_at >= ${start} AND e.created_at < ${end})::int AS sign_ins,
      greatest(
        (SELECT max(e.created_at) FROM portal_events e
          WHERE e.provider_id = c.provider_id AND e.client_id = c.id AND e.event_type = 'login'),
        (SELECT max(m.created_at) FROM messages m
          WHERE m.provider_id = c.provider_id AND m.sender_client_id = c.id)) AS last_seen,
      (SELECT count(*) FROM messages m
        JOIN projects pr ON pr.provider_id = m.provider_id AND pr.id = m.project_id
        LEFT JOIN conversation_reads r ON r.project_id = m.project_id AND r.reader = 'client'
        WHERE pr.provider_id = c.provider_id AND pr.client_id = c.id AND m.sender_type = 'provider'
          AND m.seq > coalesce(r.last_read_seq, 0))::int AS unread,
      (SELECT count(*) FROM files f
        JOIN projects pr ON pr.provider_id = f.provider_id AND pr.id = f.project_id
        WHERE pr.provider_id = c.provider_id AND pr.client_id = c.id
          AND f.status = 'pending_review' AND f.uploaded_by = 'provider')::int AS files_waiting,
      (SELECT count(*) FROM invoices i
        WHERE i.provider_id = c.provider_id AND i.client_id = c.id AND i.currency = ${p.currency}
          AND i.status IN ('sent', 'overdue'))::int AS invoices_due,
      (SELECT coalesce(sum(i.amount_cents - i.paid_cents), 0) FROM invoices i
        WHERE i.provider_id = c.provider_id AND i.client_id = c.id AND i.currency = ${p.currency}
          AND i.status IN ('sent', 'overdue'))::float8 AS due_cents
    FROM clients c
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
