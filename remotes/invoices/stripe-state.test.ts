import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../shared/contracts/invoices';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { latePaymentKey, stripeBusy, stripeLine } from './stripe-state';

const stripe = (over: Partial<NonNullable<Invoice['stripe']>>): NonNullable<Invoice['stripe']> => ({
  push: 'sent',
  invoiceId: 'in_1',
  status: 'open',
  closing: null,
  error: null,
  hostedUrl: 'https://stripe.example/i/1',
  pdfUrl: null,
  ...over,
});

/** A text of a locale file by its dotted key. */
const text = (locale: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], locale);

describe('the invoice page’s Stripe line', () => {
  it('follows the push: being created, retrying with the reason, created (spec §8), given up', () => {
    expect(stripeLine({ status: 'sent', stripe: stripe({ push: 'pending', invoiceId: null }) })).toEqual({
      tone: 'busy',
      key: 'stripe.push.pending',
      reason: null,
    });
    expect(
      stripeLine({ status: 'sent', stripe: stripe({ push: 'pending', error: 'stripe_unavailable' }) }),
    ).toEqual({ tone: 'warning', key: 'stripe.push.retrying', reason: 'stripe.error.stripe_unavailable' });
    const sent = stripeLine({ status: 'sent', stripe: stripe({}) });
    expect(sent?.key).toBe('send.sentViaProvider');
    expect(text(en, sent?.key ?? '')).toBe('Invoice created and sent via the payment provider');
    expect(
      stripeLine({ status: 'sent', stripe: stripe({ push: 'failed', error: 'stripe_total_mismatch' }) }),
    ).toEqual({ tone: 'danger', key: 'stripe.push.failed', reason: 'stripe.error.stripe_total_mismatch' });
    expect(stripeLine({ status: 'sent', stripe: null })).toBeNull();
  });

  it('follows the closing once cancelled or paid: voided, settled, or still payable there', () => {
    expect(stripeLine({ status: 'cancelled', stripe: stripe({ closing: 'pending' }) })?.key).toBe(
      'stripe.closing.pending.cancelled',
    );
    expect(stripeLine({ status: 'paid', stripe: stripe({ closing: 'pending' }) })?.key).toBe(
      'stripe.closing.pending.paid',
    );
    expect(
      stripeLine({ status: 'cancelled', stripe: stripe({ closing: 'done', status: 'void' }) })?.key,
    ).toBe('stripe.closing.done.void');
    expect(stripeLine({ status: 'paid', stripe: stripe({ closing: 'done', status: 'paid' }) })?.key).toBe(
      'stripe.closing.done.paid',
    );
    expect(
      stripeLine({
        status: 'cancelled',
        stripe: stripe({ closing: 'failed', error: 'stripe_account_changed' }),
      }),
    ).toEqual({
      tone: 'danger',
      key: 'stripe.closing.failed',
      reason: 'stripe.error.stripe_account_changed',
    });
  });

  it('has every text it names in English and German', () => {
    const keys = [
      'stripe.push.pending',
      'stripe.push.retrying',
      'stripe.push.failed',
      'stripe.push.skipped',
      'stripe.closing.pending.cancelled',
      'stripe.closing.pending.paid',
      'stripe.closing.retrying',
      'stripe.closing.done.void',
      'stripe.closing.done.paid',
      'stripe.closing.done.deleted',
      'stripe.closing.done.other',
      'stripe.closing.failed',
      'stripe.error.stripe_unavailable',
      'stripe.error.stripe_key_invalid',
      'stripe.error.stripe_total_mismatch',
      'stripe.error.stripe_account_changed',
      'history.late.cancelled.refunded',
      'history.late.paid.refund_failed',
    ];
    for (const key of keys) {
      expect(typeof text(en, key), key).toBe('string');
      expect(typeof text(de, key), key).toBe('string');
    }
  });
});

describe('late payments in the history', () => {
  const payment = (over: Partial<Invoice['payments'][number]>): Invoice['payments'][number] => ({
    id: 'p1',
    source: 'stripe_checkout',
    amountCents: 14161,
    currency: 'EUR',
    invoiceStatus: 'cancelled',
    outcome: 'refunded',
    receivedAt: '2026-07-12T10:00:00.000Z',
    refundedAt: '2026-07-12T10:00:01.000Z',
    paidOn: '2026-07-12',
    method: null,
    note: null,
    ...over,
  });

  it('says what came after cancellation and whether it went back; the paying payment is no such line', () => {
    expect(latePaymentKey(payment({}))).toBe('history.late.cancelled.refunded');
    expect(text(en, 'history.late.cancelled.refunded')).toBe(
      'Payment of {{amount}} received after cancellation — refunded',
    );
    expect(latePaymentKey(payment({ invoiceStatus: 'paid', outcome: 'refund_pending' }))).toBe(
      'history.late.paid.refund_pending',
    );
    expect(latePaymentKey(payment({ outcome: 'applied', invoiceStatus: 'sent' }))).toBeNull();
  });

  it('keeps the page asking while a refund or a Stripe job is under way', () => {
    expect(stripeBusy({ stripe: null, payments: [payment({ outcome: 'refund_pending' })] })).toBe(true);
    expect(stripeBusy({ stripe: stripe({ push: 'pending' }), payments: [] })).toBe(true);
    expect(stripeBusy({ stripe: stripe({ closing: 'done' }), payments: [payment({})] })).toBe(false);
  });
});
