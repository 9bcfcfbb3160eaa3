import type Stripe from 'stripe';
import type { AppDeps } from '../http/context';
import { isLastAttempt } from '../jobs/backoff';
import { type ActiveConnection, activeConnection } from './connection';
import { isStripeError, stripeClient } from './stripe-client';

/*
 * Payments recorded by hand on an invoice that is open in the provider's Stripe (issue 28). A finalised
 * Stripe invoice's lines and total cannot be edited, and Stripe has no "paid in part out of band"; what real
 * Stripe allows is a credit note: one issued on an OPEN invoice is a pre-payment credit note, which lowers
 * the invoice's `amount_due` / `amount_remaining` (its total stays, so our push's total check still holds),
 * and voiding that credit note raises them again. So every hand-recorded payment of an invoice open in
 * Stripe becomes one credit note for its amount (`POST /v1/credit_notes` with `amount`, `email_type: none`
 * (no Stripe e-mail to the client), a memo, metadata `payment_id`; idempotency key per payment), and a
 * payment taken back has its credit note voided (`POST /v1/credit_notes/:id/void`). The hosted page and the
 * Stripe invoice's payment then ask for our balance, not the total.
 *
 * Declarative and safe to repeat: each run (the `stripe_sync_credits` job, queued by a payment recorded or
 * taken back and by the push once the Stripe invoice is open) makes the ISSUED credit notes of the Stripe
 * invoice equal the invoice's applied hand-recorded payments. Nothing to do when ours is closed (the close
 * job settles or voids the Stripe invoice) or the Stripe invoice is not open (a draft: the push queues this
 * job when it is finalised; paid or void: nothing can change there any more).
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log'>;

export type CreditsOutcome =
  | { outcome: 'done'; created: number; voided: number }
  | { outcome: 'nothing' }
  | { outcome: 'retry'; error: unknown }
  | { outcome: 'failed' };

/** One attempt of the `stripe_sync_credits` job (see the file comment). */
export async function syncStripeCredits(
  deps: Deps,
  providerId: string,
  invoiceId: string,
  attempt: { attempt: number; maxAttempts: number },
): Promise<CreditsOutcome> {
  const [invoice] = await deps.sql<
    {
      status: string;
      number: string | null;
      stripe_invoice_id: string | null;
      stripe_account_id: string | null;
    }[]
  >`
    SELECT status, number, stripe_invoice_id, stripe_account_id FROM invoices
    WHERE provider_id = ${providerId} AND id = ${invoiceId}`;
  if (!invoice?.stripe_invoice_id || (invoice.status !== 'sent' && invoice.status !== 'overdue'))
    return { outcome: 'nothing' };
  let connection: ActiveConnection | null;
  try {
    connection = await activeConnection(deps, deps.sql, providerId);
  } catch (err) {
    deps.log.error({ err, invoiceId }, 'stored Stripe secrets unreadable; credit notes not synced');
    return { outcome: 'failed' };
  }
  if (!connection || connection.accountId !== invoice.stripe_account_id) return { outcome: 'nothing' };
  const stripe = stripeClient(deps.config, connection.secretKey, { retries: 0 });
  const stripeId = invoice.stripe_invoice_id;
  try {
    const found = await stripe.invoices.retrieve(stripeId);
    if (found.status !== 'open') return { outcome: 'nothing' };
    const payments = await deps.sql<{ id: string; amount_cents: string; paid_on: string }[]>`
      SELECT id, amount_cents::text AS amount_cents, to_char(paid_on, 'YYYY-MM-DD') AS paid_on
      FROM invoice_payments
      WHERE provider_id = ${providerId} AND invoice_id = ${invoiceId} AND source = 'manual' AND outcome = 'applied'
      ORDER BY received_at, id`;
    const notes: Stripe.CreditNote[] = [];
    for await (const note of stripe.creditNotes.list({ invoice: stripeId, limit: 100 })) notes.push(note);
    const ours = new Set(payments.map((p) => p.id));
    const credited = new Set<string>();
    let voided = 0;
    // Voids first: a payment taken back frees its amount before another is credited.
    for (const note of notes) {
      if (note.status !== 'issued') continue;
      const paymentId = note.metadata?.payment_id;
      if (!paymentId || note.metadata?.invoice_id !== invoiceId) continue; // not one of ours
      if (ours.has(paymentId) && !credited.has(paymentId)) {
        credited.add(paymentId);
        continue;
      }
      await stripe.creditNotes.voidCreditNote(note.id, {}, { idempotencyKey: `credit-void:${note.id}` });
      voided += 1;
    }
    let created = 0;
    for (const payment of payments) {
      if (credited.has(payment.id)) continue;
      await stripe.creditNotes.create(
        {
          invoice: stripeId,
          amount: Number(payment.amount_cents),
          email_type: 'none',
          memo: `Payment received ${payment.paid_on}${invoice.number ? ` for ${invoice.number}` : ''}`,
          metadata: { provider_id: providerId, invoice_id: invoiceId, payment_id: payment.id },
        },
        { idempotencyKey: `credit:${payment.id}:${connection.accountId}` },
      );
      created += 1;
    }
    return { outcome: 'done', created, voided };
  } catch (err) {
    if (!isStripeError(err)) throw err;
    deps.log.warn({ err, invoiceId }, 'syncing hand-recorded payments to Stripe failed');
    if (isLastAttempt(attempt)) {
      // Left to the provider: the Stripe invoice asks for more (or less) than our balance; a payment beyond
      // our balance is refused by our side (webhooks.ts) and logged.
      deps.log.error({ err, invoiceId }, 'hand-recorded payments not credited in Stripe; gave up');
      return { outcome: 'failed' };
    }
    return { outcome: 'retry', error: err };
  }
}
