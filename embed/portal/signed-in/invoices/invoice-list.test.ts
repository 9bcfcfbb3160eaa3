import { describe, expect, it } from 'vitest';
import type { PortalInvoice } from '../../../../shared/contracts/portal-client';
import { groupInvoices, isUnpaid, localToday, shownStatus, totalsByCurrency } from './invoice-list';

let n = 0;
function invoice(patch: Partial<PortalInvoice>): PortalInvoice {
  n += 1;
  const amountCents = patch.amountCents ?? 10_000;
  const open = (patch.status ?? 'sent') === 'sent' || patch.status === 'overdue';
  return {
    balanceCents: open ? amountCents : 0,
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `INV-${String(n).padStart(4, '0')}`,
    amountCents: 10_000,
    currency: 'EUR',
    status: 'sent',
    description: null,
    dueDate: '2026-12-31',
    paidAt: null,
    project: null,
    createdAt: `2026-01-${String((n % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
    ...patch,
  };
}

const today = '2026-06-15';

describe('the Invoices page’s groups', () => {
  it('lists what is to pay first (overdue, then the earliest due), then what is settled, newest first', () => {
    const later = invoice({ dueDate: '2026-07-30' });
    const soon = invoice({ dueDate: '2026-06-20' });
    const noDue = invoice({ dueDate: null });
    const overdue = invoice({ status: 'overdue', dueDate: '2026-06-01' });
    const pastDue = invoice({ status: 'sent', dueDate: '2026-06-14' });
    const paidOld = invoice({ status: 'paid', paidAt: '2026-02-01T09:00:00.000Z' });
    const paidNew = invoice({ status: 'paid', paidAt: '2026-05-01T09:00:00.000Z' });
    const cancelled = invoice({ status: 'cancelled', createdAt: '2026-03-01T09:00:00.000Z' });
    const groups = groupInvoices([paidOld, later, cancelled, noDue, soon, paidNew, overdue, pastDue], today);
    expect(groups.unpaid.map((i) => i.id)).toEqual([overdue.id, pastDue.id, soon.id, later.id, noDue.id]);
    expect(groups.settled.map((i) => i.id)).toEqual([paidNew.id, cancelled.id, paidOld.id]);
  });

  it('totals what is open per currency, to the cent, never across currencies', () => {
    const groups = groupInvoices(
      [
        invoice({ amountCents: 119_00, currency: 'EUR' }),
        invoice({ amountCents: 1, currency: 'EUR', status: 'overdue' }),
        invoice({ amountCents: 45_050, currency: 'USD' }),
        invoice({ amountCents: 99_999_999, currency: 'EUR', status: 'paid', paidAt: '2026-01-01T00:00:00Z' }),
        invoice({ amountCents: 500, currency: 'USD', status: 'cancelled' }),
      ],
      today,
    );
    expect(groups.openTotals).toEqual([
      { currency: 'EUR', amountCents: 11_901, count: 2 },
      { currency: 'USD', amountCents: 45_050, count: 1 },
    ]);
  });

  it('has no totals when nothing is open', () => {
    expect(
      groupInvoices([invoice({ status: 'paid', paidAt: '2026-01-01T00:00:00Z' })], today).openTotals,
    ).toEqual([]);
    expect(totalsByCurrency([])).toEqual([]);
  });

  it('sums large amounts exactly (integer cents)', () => {
    const items = Array.from({ length: 1000 }, () => ({ currency: 'EUR', amountCents: 99_999_999 }));
    expect(totalsByCurrency(items)).toEqual([{ currency: 'EUR', amountCents: 99_999_999_000, count: 1000 }]);
  });
});

describe('the status shown', () => {
  it('reads a sent invoice as overdue from the day after its due date', () => {
    expect(shownStatus({ status: 'sent', dueDate: '2026-06-15' }, today)).toBe('sent');
    expect(shownStatus({ status: 'sent', dueDate: '2026-06-14' }, today)).toBe('overdue');
    expect(shownStatus({ status: 'sent', dueDate: null }, today)).toBe('sent');
    expect(shownStatus({ status: 'paid', dueDate: '2026-01-01' }, today)).toBe('paid');
    expect(shownStatus({ status: 'cancelled', dueDate: '2026-01-01' }, today)).toBe('cancelled');
  });

  it('knows what is unpaid, and today’s calendar date in the browser’s zone', () => {
    expect(['sent', 'overdue', 'paid', 'cancelled'].map(isUnpaid)).toEqual([true, true, false, false]);
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
