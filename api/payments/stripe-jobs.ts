import type { Sql, Tx } from '../db/client';
import type { AppDeps } from '../http/context';
import type { Logger } from '../http/logger';
import type { JobQueue } from '../jobs/queue';
import { publishActivity, recordActivity } from '../services/activity/record-activity';

/*
 * The Stripe work an invoice change causes, enqueued in that change's transaction (so it happens exactly
 * when the change commits, and is retried by the one delivery rule, `api/jobs/backoff.ts`):
 *   - `stripe_push_invoice`   a sent invoice is created, finalised and sent in the provider's Stripe;
 *   - `stripe_close_invoice`  an invoice that left sent/overdue (cancelled, paid in any way): its open
 *                             Checkout sessions expire, its Stripe invoice is voided or settled;
 *   - `stripe_refund_payment` a payment that arrived for an invoice already closed goes back;
 *   - `stripe_sync_credits`   payments recorded by hand become credit notes on the Stripe invoice (issue 28).
 * And what the provider is told when such work is given up (an `invoice_status` activity row with an
 * `event`, rendered by `services/activity/activity-view.ts`).
 */

type Jobs = Pick<JobQueue, 'enqueue'>;

/**
 * Queues the push of a just-sent invoice when the provider has Stripe connected (its state `pending`).
 * @returns whether Stripe will get it (false: no connection, nothing queued)
 */
export async function queueStripePush(
  tx: Tx,
  jobs: Jobs,
  providerId: string,
  invoiceId: string,
): Promise<boolean> {
  const [row] = await tx<{ id: string }[]>`
    UPDATE invoices SET stripe_push_state = 'pending', stripe_push_error = NULL
    WHERE provider_id = ${providerId} AND id = ${invoiceId}
      AND EXISTS (SELECT 1 FROM stripe_connections sc WHERE sc.provider_id = ${providerId})
    RETURNING id`;
  if (!row) return false;
  await jobs.enqueue(
    tx,
    'stripe_push_invoice',
    { providerId, invoiceId },
    { jobKey: `stripe-push:${invoiceId}` },
  );
  return true;
}

/**
 * Queues closing an invoice in Stripe, in the transaction that took it out of sent/overdue, when anything
 * of it may be payable there: a Stripe invoice, a push still to run, or a Checkout session still open.
 * Safe to call again (one waiting job per invoice).
 * @returns whether a job was queued
 */
export async function queueStripeClose(
  tx: Tx | Sql,
  jobs: Jobs,
  providerId: string,
  invoiceId: string,
): Promise<boolean> {
  const [row] = await tx<{ id: string }[]>`
    UPDATE invoices i SET stripe_close_state = 'pending', stripe_close_error = NULL
    WHERE i.provider_id = ${providerId} AND i.id = ${invoiceId}
      AND (i.stripe_invoice_id IS NOT NULL OR i.stripe_push_state = 'pending'
           OR EXISTS (SELECT 1 FROM stripe_checkout_sessions s
                      WHERE s.provider_id = i.provider_id AND s.invoice_id = i.id AND s.status = 'open'))
    RETURNING i.id`;
  if (!row) return false;
  await jobs.enqueue(
    tx,
    'stripe_close_invoice',
    { providerId, invoiceId },
    { jobKey: `stripe-close:${invoiceId}` },
  );
  return true;
}

/**
 * Queues crediting hand-recorded payments on the invoice's Stripe invoice (`stripe_sync_credits`,
 * `stripe-credits.ts`), in the transaction that recorded or took back a payment, when it has one (a push
 * still running queues it itself once the Stripe invoice is open). One waiting job per invoice: each run
 * syncs everything.
 * @returns whether a job was queued
 */
export async function queueStripeCredits(
  tx: Tx | Sql,
  jobs: Jobs,
  providerId: string,
  invoiceId: string,
): Promise<boolean> {
  const [row] = await tx<{ id: string }[]>`
    SELECT id FROM invoices
    WHERE provider_id = ${providerId} AND id = ${invoiceId} AND stripe_invoice_id IS NOT NULL`;
  if (!row) return false;
  await jobs.enqueue(
    tx,
    'stripe_sync_credits',
    { providerId, invoiceId },
    { jobKey: `stripe-credits:${invoiceId}` },
  );
  return true;
}

/** A payment for an invoice that was already closed when it arrived, as the webhook or the close job saw it. */
export interface LatePayment {
  providerId: string;
  invoiceId: string;
  accountId: string;
  source: 'stripe_checkout' | 'stripe_invoice' | 'stripe_autopay';
  /** The Checkout session (`cs_…`) or the Stripe invoice (`in_…`) that was paid. */
  objectId: string;
  /** Known for a Checkout payment; for a Stripe invoice the refund job looks it up. */
  paymentIntentId: string | null;
  amountCents: number;
  currency: string;
  invoiceStatus: 'sent' | 'overdue' | 'paid' | 'cancelled';
  eventId: string;
  receivedAt: Date;
}

/**
 * Records a payment that must go back (`invoice_payments`, outcome `refund_pending`) and queues its
 * refund, in the caller's transaction. Once per paid Stripe object (a repeat changes nothing).
 * @returns the payment row's id, or null when it was recorded before
 */
export async function recordLatePayment(tx: Tx, jobs: Jobs, payment: LatePayment): Promise<string | null> {
  const [row] = await tx<{ id: string }[]>`
    INSERT INTO invoice_payments (provider_id, invoice_id, account_id, source, stripe_object_id, payment_intent_id,
                                  amount_cents, currency, invoice_status, outcome, event_id, received_at)
    VALUES (${payment.providerId}, ${payment.invoiceId}, ${payment.accountId}, ${payment.source},
            ${payment.objectId}, ${payment.paymentIntentId}, ${payment.amountCents},
            ${payment.currency.toLowerCase()}, ${payment.invoiceStatus}, 'refund_pending', ${payment.eventId},
            ${payment.receivedAt})
    ON CONFLICT (account_id, stripe_object_id) DO NOTHING
    RETURNING id`;
  if (!row) return null;
  await jobs.enqueue(
    tx,
    'stripe_refund_payment',
    { providerId: payment.providerId, paymentId: row.id },
    { jobKey: `stripe-refund:${row.id}` },
  );
  return row.id;
}

/** What happened in Stripe that the provider (and for a refund, the client) is told about. */
export type StripeEvent =
  | 'late_payment_refunded'
  | 'late_payment_refund_failed'
  | 'stripe_push_failed'
  | 'stripe_close_failed';

/**
 * Writes the `invoice_status` activity row of a Stripe outcome (the invoice's status unchanged, `event`
 * saying what happened, `amountCents` the payment's for a refund) and publishes it after the caller's
 * transaction: unread for the provider (a job's doing), visible to the client only for a refund made.
 */
export async function recordStripeEvent(
  tx: Tx,
  jobs: Jobs,
  providerId: string,
  invoiceId: string,
  event: StripeEvent,
  extra: { amountCents?: number; currency?: string; code?: string | null; reason?: string } = {},
): Promise<number | null> {
  const [invoice] = await tx<
    {
      number: string | null;
      status: string;
      client_id: string;
      project_id: string | null;
      amount_cents: string;
      currency: string;
    }[]
  >`
    SELECT number, status, client_id, project_id, amount_cents::text AS amount_cents, currency::text AS currency
    FROM invoices WHERE provider_id = ${providerId} AND id = ${invoiceId}`;
  if (!invoice) return null;
  const activity = await recordActivity(tx, {
    jobs,
    providerId,
    projectId: invoice.project_id,
    clientId: invoice.client_id,
    type: 'invoice_status',
    metadata: {
      invoiceId,
      number: invoice.number,
      status: invoice.status,
      from: invoice.status,
      amountCents: extra.amountCents ?? Number(invoice.amount_cents),
      currency: (extra.currency ?? invoice.currency).trim().toUpperCase(),
      event,
      ...(extra.code ? { code: extra.code } : {}),
      ...(extra.reason ? { reason: extra.reason } : {}),
      sender_type: null,
    },
    clientVisible: event === 'late_payment_refunded',
    actor: 'system',
  });
  return activity.seq;
}

/** Publishes activity seqs after their transaction committed (a failure is logged: the sheets catch up). */
export async function publishSeqs(
  deps: Pick<AppDeps, 'pubsub'> & { log: Logger },
  providerId: string,
  seqs: readonly (number | null)[],
): Promise<void> {
  for (const seq of seqs) {
    if (seq === null) continue;
    await publishActivity(deps.pubsub, providerId, seq).catch((err) =>
      deps.log.warn({ err }, 'activity notification not published'),
    );
  }
}
