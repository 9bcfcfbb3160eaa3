import { expect, test } from '@playwright/test';
import { world } from './collaboration-world';
import { gotoLive, LIVE, ok } from './support';

/**
 * Issue 28, recurring invoices: the provider sets up a monthly invoice starting today in the dashboard's
 * dialog; the job queue (the server's own worker, queued by the creation) makes and sends the first
 * invoice, with this month's period of service, and the list shows it live as sent; the schedule's next
 * date moves to next month. The world is set up through the API as the provider.
 */

test('a recurring invoice starting today is made and sent by the job', async ({ page }) => {
  test.setTimeout(120_000);
  const w = await world(page.request);
  await gotoLive(page, '/dashboard/invoices/recurring');
  await expect(page.getByRole('heading', { level: 1, name: 'Recurring invoices' })).toBeVisible();

  await page.getByRole('button', { name: 'New recurring invoice' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New recurring invoice' });
  await dialog.getByLabel('Client').selectOption({ label: 'Grace Hopper' });
  await expect(dialog.getByLabel('How often')).toHaveValue('monthly');
  await dialog.getByLabel('Currency').selectOption('EUR');
  await dialog.getByLabel('Description (optional)').fill('Monthly website care');
  await dialog.getByLabel('Description', { exact: true }).fill('Website care');
  await dialog.getByLabel('Quantity').fill('1');
  await dialog.getByLabel('Unit price (EUR)').fill('500');
  await dialog.getByLabel('Tax %').fill('19');
  await expect(dialog.getByTestId('total')).toHaveText(/595\.00/);
  await dialog.getByRole('button', { name: 'Create recurring invoice' }).click();
  await expect(page.getByText('Recurring invoice created')).toBeVisible();
  await expect(dialog).toBeHidden();
  const schedule = page.getByRole('row', { name: /Monthly website care/ });
  await expect(schedule).toContainText('Monthly');
  await expect(schedule).toContainText('Active');

  // The job made and sent the invoice: it shows among the invoices as sent (live, or when the list loads).
  await gotoLive(page, '/dashboard/invoices');
  const invoiceRow = page.getByRole('row', { name: /Grace Hopper/ });
  await expect(invoiceRow).toContainText('Sent', LIVE);
  await expect(invoiceRow).toContainText(/595\.00/);

  // Its period of service is this month's period of the schedule; the schedule moved on to the next.
  const list = await ok<{ items: { id: string; nextDate: string; invoiceCount: number }[] }>(
    await page.request.get(`/api/recurring-invoices?clientId=${w.clientId}`),
  );
  const [made] = list.items;
  expect(made?.invoiceCount).toBe(1);
  const detail = await ok<{
    startDate: string;
    nextDate: string;
    runs: { periodStart: string; periodEnd: string; invoice: { id: string; status: string } }[];
  }>(await page.request.get(`/api/recurring-invoices/${made?.id}`));
  const [run] = detail.runs;
  expect(run?.periodStart).toBe(detail.startDate);
  const dayBefore = new Date(`${detail.nextDate}T00:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  expect(run?.periodEnd).toBe(dayBefore.toISOString().slice(0, 10));
  expect(detail.nextDate > detail.startDate).toBe(true);
  const invoice = await ok<{
    status: string;
    number: string;
    legal: { supplyFrom: string; supplyTo: string };
  }>(await page.request.get(`/api/invoices/${run?.invoice.id}`));
  expect(invoice).toMatchObject({
    status: 'sent',
    legal: { supplyFrom: run?.periodStart, supplyTo: run?.periodEnd },
  });
});
