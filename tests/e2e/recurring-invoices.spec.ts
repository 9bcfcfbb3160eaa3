import { expect, test } from '@playwright/test';
import { signIn, world } from './collaboration-world';
import { expectNoSidewaysScroll, GERMAN_PHONE, gotoLive, LIVE, ok, shot } from './support';

/**
 * Issue 28, recurring invoices: the provider sets up a monthly invoice starting today in the dashboard's
 * dialog; the job queue (the server's own worker, queued by the creation) makes and sends the first
 * invoice, with this month's period of service, and the list shows it live as sent; the schedule's next
 * date moves to next month. The world is set up through the API as the provider. What the client sees of it
 * (issue 28: "in en and de at phone width"): a German client's recurring invoice, made by the job, in the
 * portal on a 390 px phone, with its period of service.
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
  // Automatic payment was not offered: the list's badge says so (issue 26).
  await expect(schedule.getByTestId('autopay-badge')).toHaveText('Off');

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

test('the client sees the invoice the job made, in German on a phone, with its period of service', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const w = await world(page.request, 'de');
  // Starting today (the server's UTC day): the creation queues the job, which makes and sends the invoice.
  const schedule = await ok<{ id: string }>(
    await page.request.post('/api/recurring-invoices', {
      data: {
        clientId: w.clientId,
        projectId: w.website,
        frequency: 'monthly',
        startDate: new Date().toISOString().slice(0, 10),
        currency: 'EUR',
        description: 'Monatliche Website-Pflege',
        lines: [
          { description: 'Website-Pflege', quantityMilli: 1000, unitPriceCents: 50_000, taxRateBp: 1900 },
        ],
      },
    }),
    201,
  );
  type Detail = {
    runs: { periodStart: string; invoice: { id: string; number: string | null; status: string } | null }[];
  };
  const sentRun = async () => {
    const detail = await ok<Detail>(await page.request.get(`/api/recurring-invoices/${schedule.id}`));
    const run = detail.runs[0];
    return run?.invoice?.status === 'sent' ? run : null;
  };
  await expect.poll(async () => (await sentRun()) !== null, { timeout: 60_000 }).toBe(true);
  const run = await sentRun();
  const number = run?.invoice?.number ?? '';
  expect(number).not.toBe('');

  const phone = await browser.newContext(GERMAN_PHONE);
  try {
    const client = await phone.newPage();
    await signIn(client, w, { email: 'E-Mail', password: 'Passwort', signIn: 'Anmelden' });
    await client.goto(`/portal/${w.portalId}/invoices`);
    const row = client.getByRole('region', { name: 'Zu bezahlen', exact: true }).getByRole('link').first();
    await expect(row).toContainText(number);
    await expect(row).toContainText(/595,00\s€/);
    await expectNoSidewaysScroll(client);
    await row.click();
    await expect(client.getByRole('heading', { level: 1, name: `Rechnung ${number}` })).toBeVisible();
    const main = client.getByRole('main');
    await expect(main).toContainText('Website-Pflege');
    // The period the job filled in: this month's period of the schedule, in German.
    await expect(main).toContainText(/Leistungszeitraum: \S+ – \S+/);
    await expect(main).toContainText(/595,00\s€/);
    await expectNoSidewaysScroll(client);
    await shot(client, 'recurring-invoices/portal-de-390');
  } finally {
    await phone.close();
  }
});
