import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS } from './money';
import {
  applyPayment,
  balanceDue,
  InvoicePaymentCreate,
  removePayment,
  statusAfterRemoval,
} from './payments';

describe('partial payments (property)', () => {
  it('a sequence of payments never exceeds the total, balance = total − sum, settled exactly at zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }),
        fc.array(fc.integer({ min: -5, max: MAX_AMOUNT_CENTS }), { maxLength: 30 }),
        (total, attempts) => {
          let paid = 0;
          let settledAt = -1;
          const accepted: number[] = [];
          attempts.forEach((amount, index) => {
            const out = applyPayment(total, paid, amount);
            if (!out.ok) {
              expect(amount <= 0 || amount > total - paid).toBe(true);
              expect(out.reason).toBe(amount <= 0 ? 'not_positive' : 'exceeds_balance');
              return;
            }
            accepted.push(amount);
            paid = out.paidCents;
            expect(out.balanceCents).toBe(total - accepted.reduce((a, b) => a + b, 0));
            expect(out.settled).toBe(out.balanceCents === 0);
            if (out.settled) settledAt = index;
          });
          expect(paid).toBeLessThanOrEqual(total);
          // Once settled nothing more is accepted.
          if (settledAt >= 0) expect(paid).toBe(total);
          expect(balanceDue('sent', total, paid)).toBe(total - paid);
          expect(balanceDue('paid', total, paid)).toBe(0);
          expect(balanceDue('cancelled', total, paid)).toBe(0);
        },
      ),
    );
  });

  it('paying the balance in any split settles exactly at the last part', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (parts) => {
          const total = parts.reduce((a, b) => a + b, 0);
          let paid = 0;
          parts.forEach((part, i) => {
            const out = applyPayment(total, paid, part);
            expect(out.ok).toBe(true);
            if (!out.ok) return;
            paid = out.paidCents;
            expect(out.settled).toBe(i === parts.length - 1);
          });
          expect(applyPayment(total, paid, 1)).toEqual({ ok: false, reason: 'exceeds_balance' });
        },
      ),
    );
  });

  it('refuses amounts with decimals of a cent, zero, negative and over the ceiling', () => {
    const problem = (amountCents: unknown) =>
      InvoicePaymentCreate.safeParse({ amountCents }).error?.issues[0]?.message ?? null;
    expect(problem(1050)).toBeNull();
    expect(problem(10.5)).toBe('validation.paymentAmountDecimals');
    expect(problem(0)).toBe('validation.paymentAmount');
    expect(problem(-1)).toBe('validation.paymentAmount');
    expect(problem(MAX_AMOUNT_CENTS + 1)).toBe('validation.paymentAmountTooLarge');
    expect(problem(1e30)).not.toBeNull();
    expect(problem('100')).toBe('validation.paymentAmount');
    expect(applyPayment(100, 0, Number.MAX_SAFE_INTEGER + 2)).toEqual({ ok: false, reason: 'not_positive' });
  });
});

describe('taking a payment back (property)', () => {
  it('payments applied and any of them removed again: paid = sum of the rest, never below 0 or over the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }),
        fc.array(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (total, attempts, removals) => {
          let paid = 0;
          const kept: number[] = [];
          for (const amount of attempts) {
            const out = applyPayment(total, paid, amount);
            if (out.ok) {
              kept.push(amount);
              paid = out.paidCents;
            }
          }
          for (const pick of removals) {
            if (kept.length === 0) break;
            const [amount] = kept.splice(pick % kept.length, 1);
            const out = removePayment(total, paid, amount ?? 0);
            expect(out.ok).toBe(true);
            if (!out.ok) return;
            paid = out.paidCents;
            expect(paid).toBe(kept.reduce((a, b) => a + b, 0));
            expect(out.balanceCents).toBe(total - paid);
            expect(paid).toBeGreaterThanOrEqual(0);
          }
          // Applying what was removed is accepted again (the inverse of applyPayment).
          if (paid < total) expect(applyPayment(total, paid, total - paid).ok).toBe(true);
          // Never more than was paid.
          expect(removePayment(total, paid, paid + 1)).toEqual({ ok: false, reason: 'exceeds_paid' });
          expect(removePayment(total, paid, 0)).toEqual({ ok: false, reason: 'not_positive' });
        },
      ),
    );
  });

  it('a paid invoice with a balance again opens as overdue after its due date, else sent', () => {
    expect(statusAfterRemoval('paid', 100, '2026-01-10', '2026-01-11')).toBe('overdue');
    expect(statusAfterRemoval('paid', 100, '2026-01-11', '2026-01-11')).toBe('sent');
    expect(statusAfterRemoval('paid', 100, null, '2026-01-11')).toBe('sent');
    expect(statusAfterRemoval('paid', 0, '2026-01-10', '2026-01-11')).toBe('paid');
    expect(statusAfterRemoval('sent', 100, '2026-01-10', '2026-01-11')).toBe('sent');
    expect(statusAfterRemoval('overdue', 100, '2026-01-10', '2026-01-11')).toBe('overdue');
  });
});
