import type { z } from 'zod';
import { type Invoice, type InvoiceStatus, isPayable } from '../../../shared/contracts/invoices';
import {
  applyPayment,
  type InvoicePaymentCreate,
  removePayment,
  statusAfterRemoval,
} from '../../../shared/contracts/payments';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { queueStripeCredits } from '../../payments/stripe-jobs';
import { type InvoiceDeps, publishInvoiceActivity, todayOf } from './deps';
import { getInvoice } from './get-invoice';
import { type InvoiceActor, markInvoicePaid, type PaidVia, recordInvoiceStatus } from './transitions';

/*
 * Partial payments (issue 28, migration 0025). Every payment of an open invoice goes through
 * `applyInvoicePayment`, in the caller's transaction: the invoice row is locked (`FOR UPDATE`), the amount
 * checked against the balance (`applyPayment`, shared with the editor), `paid_cents` raised, and when the
 * balance reaches zero the invoice becomes paid through `markInvoicePaid` (the one status path: activity,
 * Stripe close job). Concurrent payments queue on the lock, so together they never exceed the total (and a
 * CHECK on the table says so too). The caller writes the payment's `invoice_payments` row.
 */

export type AppliedPayment =
  | { ok: true; status: InvoiceStatus; currency: string; settled: boolean; balanceCents: number }
  | {
      ok: false;
      reason: 'not_found' | 'not_payable' | 'not_positive' | 'exceeds_balance';
      status?: InvoiceStatus;
    };

/**
 * Applies `amountCents` to an open invoice under its row lock; marks it paid when that pays the rest.
 * Nothing is written when it is refused (`ok: false`).
 */
export async function applyInvoicePayment(
  tx: Tx,
  scope: ProviderScope,
  invoiceId: string,
  opts: {
    amountCents: number;
    paidAt: Date;
    paidOn?: string;
    via: PaidVia;
    jobs: Pick<JobQueue, 'enqueue'>;
    actor?: InvoiceActor;
    activitySeqs?: number[];
  },
): Promise<AppliedPayment> {
  const [row] = await tx<LockedInvoice[]>`
    SELECT id, number, client_id, project_id, status, currency::text AS currency, amount_cents::text AS amount_cents,
           paid_cents::text AS paid_cents
    FROM invoices WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId} FOR UPDATE`;
  if (!row) return { ok: false, reason: 'not_found' };
  if (!isPayable(row.status)) return { ok: false, reason: 'not_payable', status: row.status };
  const outcome = applyPayment(Number(row.amount_cents), Number(row.paid_cents), opts.amountCents);
  if (!outcome.ok) return { ok: false, reason: outcome.reason, status: row.status };
  if (outcome.settled) {
    await markInvoicePaid(tx, scope, invoiceId, opts);
  } else {
    await tx`
      UPDATE invoices SET paid_cents = ${outcome.paidCents}, updated_at = now()
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId}`;
    // The part payment in the invoice's history and the activity feed (the one that pays the rest writes
    // "paid" through markInvoicePaid instead).
    const seq = await recordPaymentEvent(tx, opts.jobs, scope, row, {
      event: 'payment_received',
      amountCents: opts.amountCents,
      balanceCents: outcome.balanceCents,
      actor: opts.actor ?? (opts.via === 'manual' ? 'provider' : 'client'),
      via: opts.via,
    });
    opts.activitySeqs?.push(seq);
  }
  return {
    ok: true,
    status: row.status,
    currency: row.currency,
    settled: outcome.settled,
    balanceCents: outcome.balanceCents,
  };
}

interface LockedInvoice {
  id: string;
  number: string | null;
  client_id: string;
  project_id: string | null;
  status: InvoiceStatus;
  currency: string;
  amount_cents: string;
  paid_cents: string;
}

/**
 * The `invoice_status` activity row of a payment that leaves the status as it is (client-visible, no
 * webhook: `event` set): `payment_received` (a part payment, by hand or through Stripe) or `payment_removed`
 * (a hand-recorded one undone). `amountCents` is the payment's; `balanceCents` what is due after it.
 */
async function recordPaymentEvent(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  scope: ProviderScope,
  row: LockedInvoice,
  e: {
    event: 'payment_received' | 'payment_removed';
    amountCents: number;
    balanceCents: number;
    actor: InvoiceActor;
    via?: PaidVia;
    status?: InvoiceStatus;
  },
): Promise<number> {
  return recordInvoiceStatus(
    tx,
    jobs,
    scope.providerId,
    {
      ...row,
      amount_cents: String(e.amountCents),
      currency: row.currency.trim().toUpperCase(),
      from_status: row.status,
      status: e.status ?? row.status,
    },
    e.actor,
    {
      event: e.event,
      balanceCents: e.balanceCents,
      invoiceAmountCents: Number(row.amount_cents),
      ...(e.via ? { via: e.via } : {}),
    },
  );
}

/** A hand-recorded payment's row (`source = 'manual'`). */
export async function insertManualPayment(
  tx: Tx,
  scope: ProviderScope,
  invoiceId: string,
  payment: {
    amountCents: number;
    currency: string;
    invoiceStatus: InvoiceStatus;
    receivedAt: Date;
    paidOn: string;
    method: string | null;
    note: string | null;
  },
): Promise<void> {
  await tx`
    INSERT INTO invoice_payments (provider_id, invoice_id, source, amount_cents, currency, invoice_status, outcome,
                                  received_at, paid_on, method, note)
    VALUES (${scope.providerId}, ${invoiceId}, 'manual', ${payment.amountCents}, ${payment.currency.toLowerCase()},
            ${payment.invoiceStatus}, 'applied', ${payment.receivedAt}, ${payment.paidOn}, ${payment.method},
            ${payment.note})`;
}

/**
 * The invoice is marked paid by hand (`POST …/status`): what is still due becomes a hand-recorded payment,
 * so the payments always add up to what was paid. Call under the invoice's lock, before `markInvoicePaid`.
 */
export async function recordRemainder(
  tx: Tx,
  scope: ProviderScope,
  invoiceId: string,
  receivedAt: Date,
  paidOn: string,
): Promise<void> {
  const [row] = await tx<{ status: InvoiceStatus; currency: string; balance: string }[]>`
    SELECT status, currency::text AS currency, (amount_cents - paid_cents)::text AS balance
    FROM invoices WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId} FOR UPDATE`;
  if (!row || !isPayable(row.status) || Number(row.balance) <= 0) return;
  await insertManualPayment(tx, scope, invoiceId, {
    amountCents: Number(row.balance),
    currency: row.currency,
    invoiceStatus: row.status,
    receivedAt,
    paidOn,
    method: null,
    note: null,
  });
}

/**
 * The provider records a payment by hand (`POST /api/invoices/{id}/payments`): on a sent or overdue invoice
 * (409 `invoice_not_payable` otherwise), at most the balance due (422 `payment_exceeds_balance`), on a day
 * not in the future (422 `paidDate`). When it pays the rest the invoice becomes paid (via `manual`).
 */
export async function recordInvoicePayment(
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
  input: z.output<typeof InvoicePaymentCreate>,
): Promise<Invoice> {
  const now = deps.now();
  const today = todayOf(now);
  if (input.paidDate && input.paidDate > today) {
    throw new ApiError('validation_failed', {
      fields: [{ path: 'paidDate', key: 'validation.dateInvalid' }],
    });
  }
  const paidOn = input.paidDate ?? today;
  // Today: now; an earlier day: its midday UTC, the same calendar day in every time zone we serve.
  const paidAt = paidOn === today ? now : new Date(`${paidOn}T12:00:00Z`);
  const seqs: number[] = [];
  await deps.sql.begin(async (tx) => {
    const applied = await applyInvoicePayment(tx, scope, invoiceId, {
      amountCents: input.amountCents,
      paidAt,
      paidOn,
      via: 'manual',
      jobs: deps.jobs,
      actor: 'provider',
      activitySeqs: seqs,
    });
    if (!applied.ok) {
      if (applied.reason === 'not_found') throw new ApiError('not_found');
      if (applied.reason === 'not_payable') throw new ApiError('invoice_not_payable');
      throw new ApiError(
        applied.reason === 'exceeds_balance' ? 'payment_exceeds_balance' : 'validation_failed',
        {
          fields: [
            {
              path: 'amountCents',
              key:
                applied.reason === 'exceeds_balance'
                  ? 'validation.paymentExceedsBalance'
                  : 'validation.paymentAmount',
            },
          ],
        },
      );
    }
    await insertManualPayment(tx, scope, invoiceId, {
      amountCents: input.amountCents,
      currency: applied.currency,
      invoiceStatus: applied.status,
      receivedAt: paidAt,
      paidOn,
      method: input.method ?? null,
      note: input.note ?? null,
    });
    // Still open: its Stripe invoice (if any) is credited the payment and asks for the balance (issue 28).
    if (!applied.settled) await queueStripeCredits(tx, deps.jobs, scope.providerId, invoiceId);
  });
  await publishInvoiceActivity(deps, scope.providerId, seqs);
  return getInvoice(deps.sql, scope, invoiceId);
}

/**
 * The provider takes back a payment they recorded by hand by mistake (`DELETE
 * /api/invoices/{id}/payments/{paymentId}`). Under the invoice's row lock: only a hand-recorded payment
 * (a Stripe payment is money that moved: 409 `payment_not_removable`, refunded in Stripe instead), not on a
 * cancelled invoice (its credit note stands: 409 too); `removePayment` lowers `paid_cents`; a paid invoice
 * that now has a balance opens again (`statusAfterRemoval`: overdue past its due date, else sent; paid day
 * and way cleared); the row is deleted, a `payment_removed` activity row written, and a Stripe invoice that
 * was credited the payment has that credit note voided (`stripe_sync_credits`). A second call for the same
 * payment finds no row: 404, nothing changes twice. Another provider's invoice or payment: 404.
 */
export async function removeInvoicePayment(
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
  paymentId: string,
): Promise<Invoice> {
  const today = todayOf(deps.now());
  const seqs: number[] = [];
  await deps.sql.begin(async (tx) => {
    const [row] = await tx<
      (LockedInvoice & { due_date: string | null; stripe_close_state: string | null })[]
    >`
      SELECT id, number, client_id, project_id, status, currency::text AS currency, amount_cents::text AS amount_cents,
             paid_cents::text AS paid_cents, due_date::text AS due_date, stripe_close_state
      FROM invoices WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId} FOR UPDATE`;
    if (!row) throw new ApiError('not_found');
    const [payment] = await tx<{ source: string; outcome: string; amount_cents: string }[]>`
      SELECT source, outcome, amount_cents::text AS amount_cents FROM invoice_payments
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND invoice_id = ${invoiceId} AND id = ${paymentId}`;
    if (!payment) throw new ApiError('not_found');
    if (payment.source !== 'manual' || payment.outcome !== 'applied')
      throw new ApiError('payment_not_removable');
    if (row.status !== 'sent' && row.status !== 'overdue' && row.status !== 'paid')
      throw new ApiError('payment_not_removable');
    const amountCents = Number(payment.amount_cents);
    const outcome = removePayment(Number(row.amount_cents), Number(row.paid_cents), amountCents);
    if (!outcome.ok) throw new ApiError('payment_not_removable');
    const status = statusAfterRemoval(row.status, outcome.balanceCents, row.due_date, today);
    await tx`
      DELETE FROM invoice_payments
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND invoice_id = ${invoiceId} AND id = ${paymentId}`;
    if (status === row.status) {
      await tx`
        UPDATE invoices SET paid_cents = ${outcome.paidCents}, updated_at = now()
        WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId}`;
    } else {
      // Open again. A close job still waiting finds it open and does nothing; its state is cleared so the
      // Stripe card does not wait for it (a Stripe invoice already settled out of band stays settled there:
      // the client pays the balance through Checkout).
      await tx`
        UPDATE invoices SET status = ${status}, paid_cents = ${outcome.paidCents}, paid_at = NULL, paid_on = NULL,
                            paid_via = NULL,
                            stripe_close_state = CASE WHEN stripe_close_state = 'pending' THEN NULL
                                                      ELSE stripe_close_state END,
                            updated_at = now()
        WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId}`;
    }
    seqs.push(
      await recordPaymentEvent(tx, deps.jobs, scope, row, {
        event: 'payment_removed',
        amountCents,
        balanceCents: outcome.balanceCents,
        actor: 'provider',
        status,
      }),
    );
    await queueStripeCredits(tx, deps.jobs, scope.providerId, invoiceId);
  });
  await publishInvoiceActivity(deps, scope.providerId, seqs);
  return getInvoice(deps.sql, scope, invoiceId);
}
