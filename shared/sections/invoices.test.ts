import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyInvoiceActivity, invoiceKeys, isInvoiceActivity } from './invoices';
import { OVERVIEW_KEY } from './overview';

describe('applyInvoiceActivity (an invoice created or changed, e.g. paid through Stripe)', () => {
  it('marks every invoice list, the overview and that invoice’s page stale, and leaves other invoices alone', async () => {
    const client = new QueryClient();
    client.setQueryData(invoiceKeys.list({}), { pages: [] });
    client.setQueryData(invoiceKeys.list({ projectId: 'p1' }), { pages: [] });
    client.setQueryData(invoiceKeys.detail('i1'), { id: 'i1' });
    client.setQueryData(invoiceKeys.detail('i2'), { id: 'i2' });
    client.setQueryData(OVERVIEW_KEY, { pendingInvoices: 1 });

    await applyInvoiceActivity(client, 'i1');

    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(invoiceKeys.list({}))).toBe(true);
    expect(stale(invoiceKeys.list({ projectId: 'p1' }))).toBe(true);
    expect(stale(invoiceKeys.detail('i1'))).toBe(true);
    expect(stale(invoiceKeys.detail('i2'))).toBe(false);
    expect(stale(OVERVIEW_KEY)).toBe(true);
  });

  it('refreshes every invoice page when the event does not name its invoice', async () => {
    const client = new QueryClient();
    client.setQueryData(invoiceKeys.detail('i1'), { id: 'i1' });
    client.setQueryData(invoiceKeys.clients, []);
    await applyInvoiceActivity(client, undefined);
    expect(client.getQueryState(invoiceKeys.detail('i1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(invoiceKeys.clients)?.isInvalidated).toBe(false);
  });

  it('concerns only the invoice activity types', () => {
    expect(isInvoiceActivity('invoice_created')).toBe(true);
    expect(isInvoiceActivity('invoice_status')).toBe(true);
    expect(isInvoiceActivity('file_upload')).toBe(false);
  });
});
