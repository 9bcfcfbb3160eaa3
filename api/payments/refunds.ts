import type Stripe from 'stripe';
import type { AppDeps } from '../http/context';
import { isLastAttempt } from '../jobs/backoff';
import { activeConnection } from './connection';
import { isStripeError, stripeClient, stripeFailure } from './stripe-client';
import { publishSeqs, recordStripeEvent } from './stripe-jobs';

/*
 * Refunding a payment that arrived for an invoice already closed (issue 26): cancelled, or paid another way
 * (by hand, or by another card payment). The webhook or the close job recorded it (`invoice_payments`,
 * `refund_pending`) and queued `stripe_refund_payment` in the same transaction; this is one attempt of that
 * job. The whole payment goes back through Stripe with an idempotency key per payment, so a retry never
 * refunds twice; then the provider and the client are told ("Payment of €141.61 for INV-0007 refunded").
 * When Stripe refuses through every attempt (delivery rule) the payment is `refund_failed` and the provider
 * is told to refund it in their Stripe dashboard: the money is never lost from view.
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log' | 'jobs' | 'pubsub'>;

export type RefundErrorCode =
  | 'stripe_unavailable'
  | 'stripe_key_invalid'
  | 'stripe_account_changed'
  | 'stripe_refund_refused';

export type RefundOutcome =
  | { outcome: 'refunded'; refundIds: string[] }
  | { outcome: 'not_charged' }
  | { outcome: 'nothing' }
  | { outcome: 'failed'; code: RefundErrorCode }
  | { outcome: 'retry'; code: RefundErrorCode; error: unknown };

interface PaymentRow {
  id: string;
  invoice_id: string;
  account_id: string;
  source: 'stripe_checkout' | 'stripe_invoice' | 'stripe_autopay';
  stripe_object_id: string;
  payment_intent_id: string | null;
  amount_cents: string;
  currency: string;
  invoice_status: string;
  outcome: string;
}

/** One attempt of the `stripe_refund_payment` job (see the file comment). */
export async function refundLatePayment(
  deps: Deps,
  providerId: string,
  paymentId: string,
  attempt: { attempt: number; maxAttempts: number },
): Promise<RefundOutcome> {
  const [payment] = await deps.sql<PaymentRow[]>`
    SELECT id, invoice_id, account_id, source, stripe_object_id, payment_intent_id, amount_cents::text AS amount_cents,
           currency, invoice_status, outcome
    FROM invoice_payments WHERE provider_id = ${providerId} AND id = ${paymentId}`;
  if (payment?.outcome !== 'refund_pending') return { outcome: 'nothing' };
  const result = await attemptRefund(deps, providerId, payment);
  const final: RefundOutcome =
    result.outcome === 'retry' && isLastAttempt(attempt) ? { outcome: 'failed', code: result.code } : result;
  if (final.outcome === 'retry' || final.outcome === 'nothing') {
    if (final.outcome === 'retry')
      await deps.sql`
        UPDATE invoice_payments SET refund_error = ${final.code}
        WHERE provider_id = ${providerId} AND id = ${paymentId}`;
    return final;
  }
  const seqs = await deps.sql.begin(async (tx) => {
    const changes =
      final.outcome === 'refunded'
        ? tx`outcome = 'refunded', refund_id = ${final.refundIds.join(',')}, refunded_at = now(), refund_error = NULL`
        : final.outcome === 'not_charged'
          ? tx`outcome = 'not_charged', refund_error = NULL`
          : tx`outcome = 'refund_failed', refund_error = ${final.code}`;
    const [changed] = await tx`
      UPDATE invoice_payments SET ${changes}
      WHERE provider_id = ${providerId} AND id = ${paymentId} AND outcome = 'refund_pending'
      RETURNING id`;
    if (!changed || final.outcome === 'not_charged') return [];
    const event = final.outcome === 'refunded' ? 'late_payment_refunded' : 'late_payment_refund_failed';
    return [
      await recordStripeEvent(tx, deps.jobs, providerId, payment.invoice_id, event, {
        amountCents: Number(payment.amount_cents),
        currency: payment.currency,
        reason: payment.invoice_status === 'cancelled' ? 'cancelled' : 'paid',
        code: final.outcome === 'failed' ? final.code : null,
      }),
    ];
  });
  await publishSeqs(deps, providerId, seqs);
  return final;
}

async function attemptRefund(deps: Deps, providerId: string, payment: PaymentRow): Promise<RefundOutcome> {
  let connection: Awaited<ReturnType<typeof activeConnection>>;
  try {
    connection = await activeConnection(deps, deps.sql, providerId);
  } catch (err) {
    deps.log.error({ err, paymentId: payment.id }, 'stored Stripe secrets unreadable; payment not refunded');
    return { outcome: 'failed', code: 'stripe_key_invalid' };
  }
  // The payment is in the account it was made in; another key cannot refund it.
  if (!connection || connection.accountId !== payment.account_id)
    return { outcome: 'failed', code: 'stripe_account_changed' };
  const stripe = stripeClient(deps.config, connection.secretKey, { retries: 0 });
  try {
    const intents = payment.payment_intent_id
      ? [payment.payment_intent_id]
      : await chargedIntents(stripe, payment.stripe_object_id);
    if (intents.length === 0) return { outcome: 'not_charged' };
    const refundIds: string[] = [];
    for (const intent of intents) refundIds.push(await refundIntent(stripe, providerId, payment, intent));
    if (!payment.payment_intent_id && intents.length === 1)
      await deps.sql`
        UPDATE invoice_payments SET payment_intent_id = ${intents[0] as string}
        WHERE provider_id = ${providerId} AND id = ${payment.id}`;
    return { outcome: 'refunded', refundIds };
  } catch (err) {
    if (!isStripeError(err)) throw err;
    deps.log.warn({ err, paymentId: payment.id }, 'refunding a late payment failed');
    const failure = stripeFailure(err);
    return {
      outcome: 'retry',
      code:
        failure === 'auth'
          ? 'stripe_key_invalid'
          : failure === 'invalid'
            ? 'stripe_refund_refused'
            : 'stripe_unavailable',
      error: err,
    };
  }
}

/** The PaymentIntents that paid a Stripe invoice (none when it was marked paid out of band). */
async function chargedIntents(stripe: Stripe, stripeInvoiceId: string): Promise<string[]> {
  const intents: string[] = [];
  for await (const paid of stripe.invoicePayments.list({
    invoice: stripeInvoiceId,
    status: 'paid',
    limit: 100,
  })) {
    const intent = paid.payment.type === 'payment_intent' ? paid.payment.payment_intent : undefined;
    if (intent) intents.push(typeof intent === 'string' ? intent : intent.id);
  }
  return intents;
}

/** Refunds what is left of a PaymentIntent, once (the key; a refund made before is found and kept). */
async function refundIntent(
  stripe: Stripe,
  providerId: string,
  payment: PaymentRow,
  intent: string,
): Promise<string> {
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: intent,
        ...(payment.invoice_status === 'paid' ? { reason: 'duplicate' as const } : {}),
        metadata: { provider_id: providerId, invoice_id: payment.invoice_id, payment_id: payment.id },
      },
      { idempotencyKey: `refund:${payment.id}:${intent}` },
    );
    return refund.id;
  } catch (err) {
    // Refunded already (an earlier attempt past Stripe's 24 h idempotency window, or by hand): keep that.
    if ((err as { code?: string }).code !== 'charge_already_refunded') throw err;
    const [earlier] = (await stripe.refunds.list({ payment_intent: intent, limit: 1 })).data;
    if (!earlier) throw err;
    return earlier.id;
  }
}
