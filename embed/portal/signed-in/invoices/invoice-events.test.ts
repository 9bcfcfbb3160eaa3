import { afterEach, describe, expect, it } from 'vitest';
import { frameHooks } from '../../embedded/embed-state';
import { announceInvoicePaid, invoiceActivityArrived, invoiceRead } from './invoice-events';

/** What the frame would post to the embedding page (`frame-reports.ts` sends exactly these). */
function listen() {
  const posted: string[] = [];
  frameHooks.invoicePaid = (invoiceId) => posted.push(invoiceId);
  return posted;
}

afterEach(() => {
  delete frameHooks.invoicePaid;
});

const paidItem = (id: string) => ({ type: 'invoice_status', invoice: { id, status: 'paid' } });

describe('the widget’s invoice.paid from the portal frame', () => {
  it('tells the page once per invoice, whichever way the payment arrives first', () => {
    const posted = listen();
    invoiceRead('i1', 'sent');
    invoiceActivityArrived([paidItem('i1')]);
    invoiceRead('i1', 'paid');
    invoiceActivityArrived([paidItem('i1')]);
    announceInvoicePaid('i1');
    // The other way round: the polling reads it paid before the live item comes.
    invoiceRead('i2', 'overdue');
    invoiceRead('i2', 'paid');
    invoiceActivityArrived([paidItem('i2')]);
    expect(posted).toEqual(['i1', 'i2']);
  });

  it('is no news for an invoice that was already paid when first read', () => {
    const posted = listen();
    invoiceRead('i3', 'paid');
    invoiceRead('i3', 'paid');
    invoiceRead('i4', 'cancelled');
    expect(posted).toEqual([]);
  });

  it('ignores other activity and other statuses, and posts nothing outside the widget', () => {
    const posted = listen();
    invoiceActivityArrived([
      { type: 'invoice_created', invoice: { id: 'i5', status: 'sent' } },
      { type: 'invoice_status', invoice: { id: 'i5', status: 'overdue' } },
      { type: 'invoice_status' },
      { type: 'message' },
    ]);
    expect(posted).toEqual([]);
    delete frameHooks.invoicePaid;
    expect(() => invoiceActivityArrived([paidItem('i6')])).not.toThrow();
    // Told (to nobody) once already: the widget connecting later does not repeat old news.
    const later = listen();
    invoiceActivityArrived([paidItem('i6')]);
    expect(later).toEqual([]);
  });
});
