import { z } from 'zod';
import { DateOnly, text } from './common';
import type { Currency, InvoiceStatus } from './invoices';
import { MAX_AMOUNT_CENTS } from './money';

/*
 * Partial payments (issue 28). An open invoice (sent or overdue) takes payments, recorded by the provider
 * by hand or arriving through Stripe, each at most the balance due; the balance is the total minus what has
 * been paid; the invoice becomes paid (through `markInvoicePaid`, the one status path) exactly when the
 * balance reaches zero. Integer minor units throughout; `applyPayment` is the one rule the server (under the
 * invoice's row lock) and the editor use.
 */

/** Decimals of each supported currency's minor unit: an amount has at most this many. */
export const CURRENCY_DECIMALS: Readonly<Record<Currency, number>> = { EUR: 2, USD: 2 };

/** What is still due of an invoice: nothing unless it is open for payment. */
export function balanceDue(status: InvoiceStatus, totalCents: number, paidCents: number): number {
  return status === 'sent' || status === 'overdue' ? Math.max(0, totalCents - paidCents) : 0;
}

export type PaymentOutcome =
  | { ok: true; paidCents: number; balanceCents: number; settled: boolean }
  | { ok: false; reason: 'not_positive' | 'exceeds_balance' };

/**
 * One payment of `amountCents` on an invoice of `totalCents` of which `paidCents` is paid: refused when it
 * is not a positive whole number of minor units or more than the balance; `settled` when it pays the rest.
 */
export function applyPayment(totalCents: number, paidCents: number, amountCents: number): PaymentOutcome {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { ok: false, reason: 'not_positive' };
  const balance = totalCents - paidCents;
  if (amountCents > balance) return { ok: false, reason: 'exceeds_balance' };
  const paid = paidCents + amountCents;
  return { ok: true, paidCents: paid, balanceCents: totalCents - paid, settled: paid === totalCents };
}

export type RemovalOutcome =
  | { ok: true; paidCents: number; balanceCents: number }
  | { ok: false; reason: 'not_positive' | 'exceeds_paid' };

/**
 * Taking back a payment of `amountCents` (a hand-recorded one entered by mistake) from an invoice of
 * `totalCents` of which `paidCents` is paid: the inverse of `applyPayment` (never below nothing paid).
 */
export function removePayment(totalCents: number, paidCents: number, amountCents: number): RemovalOutcome {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { ok: false, reason: 'not_positive' };
  if (amountCents > paidCents) return { ok: false, reason: 'exceeds_paid' };
  const paid = paidCents - amountCents;
  return { ok: true, paidCents: paid, balanceCents: totalCents - paid };
}

/**
 * The status of an invoice after a payment was taken back: one that was paid and now has a balance opens
 * again, overdue when its due date has passed (`today`, as the overdue job reads it), else sent; any other
 * status stays.
 */
export function statusAfterRemoval(
  status: InvoiceStatus,
  balanceCents: number,
  dueDate: string | null,
  today: string,
): InvoiceStatus {
  if (status !== 'paid' || balanceCents <= 0) return status;
  return dueDate !== null && dueDate < today ? 'overdue' : 'sent';
}

/** The provider records a payment by hand. */
export const InvoicePaymentCreate = z
  .object({
    amountCents: z
      .number({ error: 'validation.paymentAmount' })
      .int({ error: 'validation.paymentAmountDecimals' })
      .min(1, { error: 'validation.paymentAmount' })
      .max(MAX_AMOUNT_CENTS, { error: 'validation.paymentAmountTooLarge' })
      .meta({
        format: 'int32',
        description:
          'In minor units (cents; 2 decimals for EUR and USD): at least 1, at most the balance due (422 `payment_exceeds_balance`).',
        example: 50000,
      }),
    paidDate: DateOnly.optional().meta({
      description: 'The day the money arrived (`YYYY-MM-DD`; default today, never in the future).',
    }),
    method: text()
      .trim()
      .max(100, { error: 'validation.fieldTooLong' })
      .nullable()
      .optional()
      .transform((v) => v || null)
      .meta({ description: 'How it was paid (bank transfer, cash…).', example: 'Bank transfer' }),
    note: text()
      .trim()
      .max(1000, { error: 'validation.descriptionTooLong' })
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .meta({ id: 'InvoicePaymentCreate' });
export type InvoicePaymentCreate = z.input<typeof InvoicePaymentCreate>;
