import type { Currency } from '../../../shared/contracts/invoices';
import type {
  AutopayFailure,
  PortalRecurringInvoice,
  RecurringAutopay,
  RecurringFrequency,
} from '../../../shared/contracts/recurring';
import { type ClientScope, ownedBy, type ProviderScope, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';

/*
 * What the provider and the client see of a schedule's automatic payment (issue 28). The Stripe side (the
 * setup session, the agreement's recording, the charge) is `api/payments/autopay.ts`.
 */

interface AgreementRow {
  card_brand: string | null;
  card_last4: string | null;
  agreed_at: Date;
  agreed_name: string;
  agreed_email: string;
  agreed_ip: string;
}

interface ChargeRow {
  invoice_id: string;
  number: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  error_code: AutopayFailure | null;
  updated_at: Date;
}

/** The provider's view of one schedule's automatic payment (the schedule is theirs: checked by the caller). */
export async function autopayOf(sql: Sql | Tx, scope: ProviderScope, id: string, offered: boolean) {
  const [[agreement], [charge]] = await Promise.all([
    sql<AgreementRow[]>`
      SELECT card_brand, card_last4, agreed_at, agreed_name, agreed_email, agreed_ip FROM autopay_agreements
      WHERE ${ownedBy(sql, scope, 'provider_id')} AND recurring_invoice_id = ${id} AND withdrawn_at IS NULL`,
    sql<ChargeRow[]>`
      SELECT ch.invoice_id, i.number, ch.status, ch.error_code, ch.updated_at
      FROM autopay_charges ch JOIN invoices i ON i.provider_id = ch.provider_id AND i.id = ch.invoice_id
      WHERE ${ownedBy(sql, scope, 'ch.provider_id')} AND ch.recurring_invoice_id = ${id}
      ORDER BY ch.created_at DESC LIMIT 1`,
  ]);
  return {
    offered,
    agreement: agreement
      ? {
          cardBrand: agreement.card_brand,
          cardLast4: agreement.card_last4,
          agreedAt: new Date(agreement.agreed_at).toISOString(),
          agreedBy: { name: agreement.agreed_name, email: agreement.agreed_email },
          agreedIp: agreement.agreed_ip,
        }
      : null,
    lastCharge: charge
      ? {
          invoiceId: charge.invoice_id,
          invoiceNumber: charge.number,
          status: charge.status,
          errorCode: charge.error_code,
          at: new Date(charge.updated_at).toISOString(),
        }
      : null,
  } satisfies RecurringAutopay;
}

interface PortalRow {
  id: string;
  frequency: RecurringFrequency;
  interval_days: number | null;
  next_date: string | null;
  currency: string;
  amount_cents: string;
  description: string | null;
  offered: boolean;
  card_brand: string | null;
  card_last4: string | null;
  agreed_at: Date | null;
  ended_by_provider_at: Date | null;
}

const toPortal = (row: PortalRow): PortalRecurringInvoice => ({
  id: row.id,
  frequency: row.frequency,
  intervalDays: row.interval_days,
  nextDate: row.next_date,
  currency: row.currency as Currency,
  amountCents: Number(row.amount_cents),
  description: row.description,
  autopay: {
    offered: row.offered,
    agreement: row.agreed_at
      ? {
          cardBrand: row.card_brand,
          cardLast4: row.card_last4,
          agreedAt: new Date(row.agreed_at).toISOString(),
        }
      : null,
    endedByProviderAt:
      !row.agreed_at && row.ended_by_provider_at ? new Date(row.ended_by_provider_at).toISOString() : null,
  },
});

function portalRows(sql: Sql | Tx, scope: ClientScope, id: string | null) {
  return sql<PortalRow[]>`
    SELECT r.id, r.frequency, r.interval_days, to_char(r.next_date, 'YYYY-MM-DD') AS next_date, r.currency,
           r.amount_cents::text AS amount_cents, r.description,
           (r.autopay AND EXISTS (SELECT 1 FROM stripe_connections sc WHERE sc.provider_id = r.provider_id)) AS offered,
           a.card_brand, a.card_last4, a.agreed_at,
           (SELECT CASE WHEN e.withdrawn_by = 'provider' THEN e.withdrawn_at END FROM autopay_agreements e
            WHERE e.provider_id = r.provider_id AND e.recurring_invoice_id = r.id AND e.client_id = r.client_id
            ORDER BY e.agreed_at DESC, e.id LIMIT 1) AS ended_by_provider_at
    FROM recurring_invoices r
    LEFT JOIN autopay_agreements a ON a.provider_id = r.provider_id AND a.recurring_invoice_id = r.id
      AND a.client_id = r.client_id AND a.withdrawn_at IS NULL
    WHERE ${tenant(sql, scope, { provider: 'r.provider_id', client: 'r.client_id' })}
      AND r.status = 'active' AND r.next_date IS NOT NULL
      ${id ? sql`AND r.id = ${id}` : sql``}
    ORDER BY r.next_date, r.id
    LIMIT 100`;
}

/** The signed-in client's running schedules, soonest first, with their automatic payment. */
export async function listPortalRecurringInvoices(sql: Sql, scope: ClientScope) {
  return { items: (await portalRows(sql, scope, null)).map(toPortal) };
}

/** One of the client's running schedules (404 otherwise). */
export async function getPortalRecurringInvoice(sql: Sql, scope: ClientScope, id: string) {
  const [row] = await portalRows(sql, scope, id);
  if (!row) throw new ApiError('not_found');
  return toPortal(row);
}
