import type Stripe from 'stripe';
import type { AppDeps } from '../http/context';
import { isLastAttempt } from '../jobs/backoff';
import { type ActiveConnection, activeConnection } from './connection';
import { isStripeError, stripeClient, stripeFailure } from './stripe-client';
import { publishSeqs, recordLatePayment, recordStripeEvent } from './stripe-jobs';

/*
 * Closing an invoice in Stripe (issue 26): when our invoice leaves sent/overdue (cancelled, or paid in any
 * way) nothing of it may stay payable in the provider's Stripe account. The `stripe_close_invoice` job,
 * enqueued in the transaction of that change, expires every Checkout session of the invoice still open and
 * voids its Stripe invoice (cancelled) or marks it paid out of band (paid another way), then records it
 * (`stripe_close_state`, `stripe_invoice_status`). Every call is keyed; a session or invoice found in a
 * final state is left as it is. A Stripe invoice found paid that we did not settle ourselves is a late
 * payment: recorded and refunded (`recordLatePayment`). A payment that slips through before this ran
 * (the client pressed Pay on a page still open) reaches the webhook and is refunded there.
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log' | 'jobs' | 'pubsub'>;

/** Why closing failed, as the invoice's `stripe.error` says it. */
export type CloseErrorCode = 'stripe_unavailable' | 'stripe_key_invalid' | 'stripe_account_changed';

export type CloseOutcome =
  | { outcome: 'done' }
  | { outcome: 'nothing' }
  | { outcome: 'failed'; code: CloseErrorCode }
  | { outcome: 'retry'; code: CloseErrorCode; error: unknown };

interface InvoiceRow {
  status: string;
  paid_via: string | null;
  stripe_invoice_id: string | null;
  stripe_account_id: string | null;
  stripe_settled_out_of_band: boolean;
}

/**
 * One attempt of the `stripe_close_invoice` job (see the file comment). `retry` until the delivery rule's
 * last attempt, then `failed` with a notification to the provider (who finishes it in Stripe's dashboard).
 */
export async function closeInvoiceInStripe(
  deps: Deps,
  providerId: string,
  invoiceId: string,
  attempt: { attempt: number; maxAttempts: number },
): Promise<CloseOutcome> {
  const result = await attemptClose(deps, providerId, invoiceId);
  const final: CloseOutcome =
    result.outcome === 'retry' && isLastAttempt(attempt) ? { outcome: 'failed', code: result.code } : result;
  if (final.outcome === 'nothing') return final;
  const seqs = await deps.sql.begin(async (tx) => {
    const state = final.outcome === 'done' ? 'done' : final.outcome === 'failed' ? 'failed' : 'pending';
    const code = final.outcome === 'retry' || final.outcome === 'failed' ? final.code : null;
    await tx`
      UPDATE invoices SET stripe_close_state = ${state}, stripe_close_error = ${code}, updated_at = now()
      WHERE provider_id = ${providerId} AND id = ${invoiceId}`;
    return final.outcome === 'failed'
      ? [await recordStripeEvent(tx, deps.jobs, providerId, invoiceId, 'stripe_close_failed', { code })]
      : [];
  });
  await publishSeqs(deps, providerId, seqs);
  return final;
}

async function attemptClose(deps: Deps, providerId: string, invoiceId: string): Promise<CloseOutcome> {
  const [invoice] = await deps.sql<InvoiceRow[]>`
    SELECT status, paid_via, stripe_invoice_id, stripe_account_id, stripe_settled_out_of_band
    FROM invoices WHERE provider_id = ${providerId} AND id = ${invoiceId}`;
  // Gone, or open again (it never is: statuses only move forward): nothing to close.
  if (!invoice || invoice.status === 'sent' || invoice.status === 'overdue' || invoice.status === 'draft')
    return { outcome: 'nothing' };
  let connection: ActiveConnection | null;
  try {
    connection = await activeConnection(deps, deps.sql, providerId);
  } catch (err) {
    deps.log.error({ err, invoiceId }, 'stored Stripe secrets unreadable; invoice not closed in Stripe');
    return { outcome: 'failed', code: 'stripe_key_invalid' };
  }
  const sessions = await deps.sql<{ session_id: string; account_id: string }[]>`
    SELECT session_id, account_id FROM stripe_checkout_sessions
    WHERE provider_id = ${providerId} AND invoice_id = ${invoiceId} AND status = 'open'
    ORDER BY created_at`;
  const accountOf = connection?.accountId;
  const elsewhere =
    sessions.some((s) => s.account_id !== accountOf) ||
    (invoice.stripe_invoice_id !== null && invoice.stripe_account_id !== accountOf);
  // Disconnected, or connected to another account since: what is open there cannot be reached with our
  // key any more; the provider closes it in that account's dashboard (they are told).
  if (!connection || elsewhere) return { outcome: 'failed', code: 'stripe_account_changed' };
  const stripe = stripeClient(deps.config, connection.secretKey, { retries: 0 });
  try {
    for (const session of sessions) await expireSession(deps, stripe, providerId, session.session_id);
    if (invoice.stripe_invoice_id)
      await closeStripeInvoice(deps, stripe, connection, providerId, invoiceId, invoice);
    return { outcome: 'done' };
  } catch (err) {
    if (!isStripeError(err)) throw err;
    deps.log.warn({ err, invoiceId }, 'closing the invoice in Stripe failed');
    return {
      outcome: 'retry',
      code: stripeFailure(err) === 'auth' ? 'stripe_key_invalid' : 'stripe_unavailable',
      error: err,
    };
  }
}

/** Expires one Checkout session; one no longer open (paid, expired) is recorded as Stripe has it. */
async function expireSession(deps: Deps, stripe: Stripe, providerId: string, sessionId: string) {
  let status: Stripe.Checkout.Session.Status | null;
  try {
    status = (
      await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `checkout-expire:${sessionId}` })
    ).status;
  } catch (err) {
    if (stripeFailure(err) !== 'invalid') throw err;
    // Not open any more: paid (its webhook brings the payment, refunded if it came late) or expired.
    status = (await stripe.checkout.sessions.retrieve(sessionId)).status;
  }
  if (status === 'open') throw new Error(`Checkout session ${sessionId} is still open after expiring it`);
  await deps.sql`
    UPDATE stripe_checkout_sessions SET status = ${status === 'complete' ? 'complete' : 'expired'}
    WHERE provider_id = ${providerId} AND session_id = ${sessionId} AND status = 'open'`;
}

/**
 * The Stripe invoice of a closed invoice: a draft (its push was cut short) is deleted, an open one voided
 * (cancelled) or marked paid out of band (paid another way); one found paid that we did not settle
 * ourselves was paid by the client: a late payment, refunded unless it is the payment that paid ours.
 */
async function closeStripeInvoice(
  deps: Deps,
  stripe: Stripe,
  connection: ActiveConnection,
  providerId: string,
  invoiceId: string,
  invoice: InvoiceRow,
) {
  const stripeId = invoice.stripe_invoice_id as string;
  const key = (step: string) => `invoice:${invoiceId}:${connection.accountId}:${step}`;
  let found: Stripe.Invoice;
  try {
    found = await stripe.invoices.retrieve(stripeId);
  } catch (err) {
    // A draft deleted by an earlier attempt whose answer was lost.
    if ((err as { code?: string }).code !== 'resource_missing') throw err;
    await deps.sql`
      UPDATE invoices SET stripe_invoice_status = 'deleted', updated_at = now()
      WHERE provider_id = ${providerId} AND id = ${invoiceId}`;
    return;
  }
  let status: string = found.status ?? 'draft';
  if (status === 'draft') {
    await stripe.invoices.del(stripeId);
    status = 'deleted';
  } else if (status === 'open' && invoice.status === 'cancelled') {
    found = await stripe.invoices.voidInvoice(stripeId, {}, { idempotencyKey: key('void') });
    status = found.status ?? 'void';
  } else if (status === 'open') {
    // Marked before the call: the `invoice.paid` this causes is known for ours, not a client's payment.
    await deps.sql`
      UPDATE invoices SET stripe_settled_out_of_band = true
      WHERE provider_id = ${providerId} AND id = ${invoiceId}`;
    found = await stripe.invoices.pay(
      stripeId,
      { paid_out_of_band: true },
      { idempotencyKey: key('paid-out-of-band') },
    );
    status = found.status ?? 'paid';
  } else if (
    status === 'paid' &&
    invoice.paid_via !== 'stripe_invoice' &&
    !invoice.stripe_settled_out_of_band
  ) {
    // Paid on Stripe's page before we could close it, and its webhook did not record it (or not yet):
    // the refund job finds the charge (none when it was marked paid in Stripe's dashboard).
    await deps.sql.begin((tx) =>
      recordLatePayment(tx, deps.jobs, {
        providerId,
        invoiceId,
        accountId: connection.accountId,
        source: 'stripe_invoice',
        objectId: stripeId,
        paymentIntentId: null,
        amountCents: found.amount_paid,
        currency: found.currency,
        invoiceStatus: invoice.status as 'paid' | 'cancelled',
        eventId: `close:${invoiceId}`,
        receivedAt: new Date((found.status_transitions?.paid_at ?? Math.floor(Date.now() / 1000)) * 1000),
      }),
    );
  }
  await deps.sql`
    UPDATE invoices SET stripe_invoice_status = ${status}, updated_at = now()
    WHERE provider_id = ${providerId} AND id = ${invoiceId}`;
}
