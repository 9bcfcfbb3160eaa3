import type { InvoiceStatus } from '../../../shared/contracts/invoices';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { queueStripeClose } from '../../payments/stripe-jobs';
import { recordActivity } from '../activity/record-activity';

/*
 * Status changes of sent invoices, forward only (INVOICE_TRANSITIONS): every path that marks an invoice
 * paid or overdue (the provider's `POST …/status`, the overdue job, the Stripe webhooks) calls these, in
 * its own transaction; marking paid also queues closing the invoice in Stripe (as cancelling does). Each is ONE guarded `UPDATE … WHERE status IN (…) RETURNING`: of concurrent or
 * repeated calls exactly one changes the row (the others wait for its lock, see the new status and
 * change nothing), and only that one writes the `invoice_status` activity row.
 *
 * Live updates: pass `activitySeqs` (an array) to collect the seq of the activity row written, and call
 * `publishActivity(deps.pubsub, providerId, seq)` for each AFTER the transaction commits (as
 * `publishInvoiceActivity` in ./deps.ts does). Without it the row still reaches the sheets on their
 * next catch-up.
 */

export type PaidVia = 'manual' | 'stripe_invoice' | 'stripe_checkout' | 'stripe_autopay';

/** Who caused a status change, for the activity's read flags: the provider's own action is read for them. */
export type InvoiceActor = 'provider' | 'client' | 'system';

interface ChangedRow {
  id: string;
  number: string | null;
  client_id: string;
  project_id: string | null;
  amount_cents: string;
  currency: string;
  from_status: InvoiceStatus;
  status: InvoiceStatus;
}

/**
 * The `invoice_status` activity row of a change (client-visible: only sent invoices change status), with
 * what the sheets render: number, statuses, amount and currency, and how it was paid.
 */
export async function recordInvoiceStatus(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  providerId: string,
  row: ChangedRow,
  actor: InvoiceActor,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const activity = await recordActivity(tx, {
    jobs,
    providerId,
    projectId: row.project_id,
    clientId: row.client_id,
    type: 'invoice_status',
    metadata: {
      invoiceId: row.id,
      number: row.number,
      status: row.status,
      from: row.from_status,
      amountCents: Number(row.amount_cents),
      currency: row.currency.trim(),
      sender_type: actor === 'system' ? null : actor,
      ...extra,
    },
    clientVisible: true,
    actor,
  });
  return activity.seq;
}

/**
 * Marks a sent or overdue invoice paid (`paidAt`: when the money arrived; `via`: who says so) and writes
 * its activity row. Forward only: an invoice that is a draft, already paid or cancelled (or another
 * provider's) is left alone. Whatever of it is payable in Stripe is closed by a job queued in the same
 * transaction (`jobs`: open Checkout sessions expired, the Stripe invoice settled out of band).
 * @returns true when this call changed the invoice, false when there was nothing to change
 * @example await sql.begin((tx) => markInvoicePaid(tx, actingFor(providerId), invoiceId, { paidAt: new Date(), via: 'manual', jobs: deps.jobs }))
 */
export async function markInvoicePaid(
  tx: Tx,
  scope: ProviderScope,
  invoiceId: string,
  opts: {
    paidAt: Date;
    /** The day it was paid (`YYYY-MM-DD`) when the payer named one; else the UTC day of `paidAt`. */
    paidOn?: string;
    via: PaidVia;
    jobs: Pick<JobQueue, 'enqueue'>;
    actor?: InvoiceActor;
    activitySeqs?: number[];
  },
): Promise<boolean> {
  const [row] = await tx<ChangedRow[]>`
    WITH old AS (
      SELECT id, status FROM invoices WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId} FOR UPDATE
    )
    UPDATE invoices i SET status = 'paid', paid_at = ${opts.paidAt}, paid_cents = i.amount_cents,
      paid_on = ${opts.paidOn ?? opts.paidAt.toISOString().slice(0, 10)}, paid_via = ${opts.via}, updated_at = now()
    FROM old
    WHERE ${ownedBy(tx, scope, 'i.provider_id')} AND i.id = old.id AND i.status IN ('sent', 'overdue')
    RETURNING i.id, i.number, i.client_id, i.project_id, i.amount_cents::text AS amount_cents,
              i.currency::text AS currency, old.status AS from_status, i.status`;
  if (!row) return false;
  const actor = opts.actor ?? (opts.via === 'manual' ? 'provider' : 'client');
  const seq = await recordInvoiceStatus(tx, opts.jobs, scope.providerId, row, actor, { via: opts.via });
  opts.activitySeqs?.push(seq);
  await queueStripeClose(tx, opts.jobs, scope.providerId, invoiceId);
  return true;
}

/**
 * Marks a sent invoice overdue (the overdue job, or the provider) and writes its activity row. Forward
 * only: anything but `sent` is left alone, so the job and a payment racing it never both win.
 * @returns true when this call changed the invoice
 */
export async function markInvoiceOverdue(
  tx: Tx,
  scope: ProviderScope,
  invoiceId: string,
  opts: { jobs: Pick<JobQueue, 'enqueue'>; actor?: InvoiceActor; activitySeqs?: number[] },
): Promise<boolean> {
  const [row] = await tx<ChangedRow[]>`
    UPDATE invoices i SET status = 'overdue', updated_at = now()
    WHERE ${ownedBy(tx, scope, 'i.provider_id')} AND i.id = ${invoiceId} AND i.status = 'sent'
    RETURNING i.id, i.number, i.client_id, i.project_id, i.amount_cents::text AS amount_cents,
              i.currency::text AS currency, 'sent' AS from_status, i.status`;
  if (!row) return false;
  const seq = await recordInvoiceStatus(tx, opts.jobs, scope.providerId, row, opts.actor ?? 'system');
  opts.activitySeqs?.push(seq);
  return true;
}
