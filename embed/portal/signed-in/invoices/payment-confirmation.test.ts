import { describe, expect, it } from 'vitest';
import { confirmationState, invoiceFromSearch } from './payment-confirmation';

const base = { status: undefined, notFound: false, failed: false, waitedLong: false };

describe('the payment-success page’s state', () => {
  it('waits while the invoice is not read yet or still unpaid', () => {
    expect(confirmationState(base)).toBe('waiting');
    expect(confirmationState({ ...base, status: 'sent' })).toBe('waiting');
    expect(confirmationState({ ...base, status: 'overdue' })).toBe('waiting');
  });

  it('confirms as soon as the invoice reads paid, also after the wait', () => {
    expect(confirmationState({ ...base, status: 'paid' })).toBe('confirmed');
    expect(confirmationState({ ...base, status: 'paid', waitedLong: true })).toBe('confirmed');
  });

  it('says the payment is still processing after the wait', () => {
    expect(confirmationState({ ...base, status: 'sent', waitedLong: true })).toBe('slow');
  });

  it('tells a cancelled, unknown or unreadable invoice apart', () => {
    expect(confirmationState({ ...base, status: 'cancelled' })).toBe('cancelled');
    expect(confirmationState({ ...base, notFound: true, failed: true })).toBe('notFound');
    expect(confirmationState({ ...base, failed: true })).toBe('failed');
    // A refresh that failed keeps the data it had: still the invoice's own state.
    expect(confirmationState({ ...base, status: 'sent', failed: true })).toBe('waiting');
  });

  it('says a payment that came after the invoice was cancelled or paid is refunded', () => {
    expect(confirmationState({ ...base, status: 'cancelled', refunds: 1 })).toBe('refund');
    expect(confirmationState({ ...base, status: 'paid', refunds: 1 })).toBe('refund');
    expect(confirmationState({ ...base, status: 'sent', refunds: 0 })).toBe('waiting');
  });

  it('reads the invoice from the address', () => {
    const id = '6F1C2A8E-4B7D-4E3F-9A0B-1C2D3E4F5A6B';
    expect(invoiceFromSearch(`/portal/x/payment-success?invoice=${id}`)).toBe(id.toLowerCase());
    expect(invoiceFromSearch('/payment-success?invoice=INV-0001')).toBeNull();
    expect(invoiceFromSearch('/payment-success')).toBeNull();
  });
});
