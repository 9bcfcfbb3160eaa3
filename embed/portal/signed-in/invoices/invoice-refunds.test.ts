import { describe, expect, it } from 'vitest';
import de from '../../../../shared/portal/locales/portal.de.json' with { type: 'json' };
import en from '../../../../shared/portal/locales/portal.en.json' with { type: 'json' };
import { refundKey } from './invoice-refunds';

const text = (locale: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], locale);

describe('a late payment’s refund in the portal', () => {
  it('says it came after the invoice was cancelled, or paid, and whether it went back', () => {
    expect(refundKey('cancelled', 'refunded')).toBe('invoice.refund.cancelled.refunded');
    expect(text(en, refundKey('cancelled', 'refunded'))).toBe(
      'Your payment of {{amount}} on {{date}} arrived after this invoice was cancelled. It has been refunded to your card.',
    );
    expect(refundKey('paid', 'refund_failed')).toBe('invoice.refund.paid.refund_failed');
  });

  it('has each text in English and German', () => {
    for (const status of ['cancelled', 'paid'] as const)
      for (const outcome of ['refund_pending', 'refunded', 'refund_failed'] as const) {
        expect(typeof text(en, refundKey(status, outcome))).toBe('string');
        expect(typeof text(de, refundKey(status, outcome))).toBe('string');
        expect(typeof text(de, `paymentSuccess.refundTitle.${outcome}`)).toBe('string');
      }
  });
});
