import type { ClientDetail } from '../../../shared/contracts/clients';
import { type ProviderScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { findClient } from './manage-clients';

/** A client with its portal, projects, invoices and last portal sign-in (from `portal_events`). */
export async function getClientDetail(
  sql: Sql,
  scope: ProviderScope,
  clientId: string,
): Promise<ClientDetail> {
  const client = await findClient(sql, scope, clientId);
  const [projects, invoices, [login]] = await Promise.all([
    sql<{ id: string; name: string; status: string; start_date: string | null; end_date: string | null }[]>`
      SELECT id, name, status, start_date::text, end_date::text FROM projects
      WHERE ${tenant(sql, scope, { provider: 'provider_id', client: 'client_id' })} AND client_id = ${clientId}
      ORDER BY created_at DESC, id`,
    sql<
      {
        id: string;
        number: string | null;
        amount_cents: string;
        currency: string;
        status: string;
        due_date: string | null;
      }[]
    >`
      SELECT id, number, amount_cents::text, currency::text, status, due_date::text FROM invoices
      WHERE ${tenant(sql, scope, { provider: 'provider_id', client: 'client_id' })} AND client_id = ${clientId}
      ORDER BY created_at DESC, id`,
    sql<{ at: Date | null }[]>`
      SELECT max(created_at) AS at FROM portal_events
      WHERE ${tenant(sql, scope, { provider: 'provider_id', client: 'client_id' })} AND client_id = ${clientId} AND event_type = 'login'`,
  ]);
  return {
    ...client,
    projects: projects.map((p) => ({
      id: p.id,
      name: p.name,
      status: p.status,
      startDate: p.start_date,
      endDate: p.end_date,
    })),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      amountCents: Number(i.amount_cents),
      currency: i.currency,
      status: i.status,
      dueDate: i.due_date,
    })),
    lastPortalLogin: login?.at ? new Date(login.at).toISOString() : null,
  };
}
