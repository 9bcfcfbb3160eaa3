import { expect, test } from '@playwright/test';
import { signedInClientContext, world } from './collaboration-world';
import { expectNoSidewaysScroll, GERMAN_PHONE, LIVE, ok, shot } from './support';

/**
 * Issue 28, partial payments: the provider records part of a sent invoice by hand, the balance due shows on
 * the provider's invoice page and in the client's portal (German, on a phone), the provider records the rest
 * and the invoice is paid on both sides; that last payment, removed again (a mistake), opens it again.
 * Set-up goes through the API as the provider.
 */

test('a partial payment leaves a balance due on both sides, and the rest marks the invoice paid', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const w = await world(page.request, 'de');
  // 12.5 h at 80.00 with 19 % and hosting at 19.99 with 7 %: 1,211.39 in all.
  const draft = await ok<{ id: string }>(
    await page.request.post('/api/invoices', {
      data: {
        clientId: w.clientId,
        projectId: w.website,
        currency: 'EUR',
        description: 'Website relaunch, first milestone',
        dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        supplyDate: '2026-03-02',
        lines: [
          {
            description: 'Design and development',
            quantityMilli: 12_500,
            unitPriceCents: 8000,
            taxRateBp: 1900,
          },
          { description: 'Hosting, 12 months', quantityMilli: 1000, unitPriceCents: 1999, taxRateBp: 700 },
        ],
      },
    }),
    201,
  );
  const sent = await ok<{ invoice: { number: string } }>(
    await page.request.post(`/api/invoices/${draft.id}/send`),
  );
  const number = sent.invoice.number;

  // The provider records 500.00 received by bank transfer.
  await page.goto(`/dashboard/invoices/${draft.id}`);
  const balance = page.getByTestId('invoice-balance');
  await expect(balance).toHaveText('€1,211.39', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: `Record a payment for ${number}` });
  await expect(dialog.getByLabel('Amount (EUR)')).toHaveValue('1211.39');
  // More than is due is refused before anything is sent.
  await dialog.getByLabel('Amount (EUR)').fill('1300.00');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('The amount is more than the balance due')).toBeVisible();
  await dialog.getByLabel('Amount (EUR)').fill('500.00');
  await dialog.getByLabel('Method (optional)').fill('Bank transfer');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(balance).toHaveText('€711.39');
  await expect(page.getByTestId('invoice-paid-so-far')).toHaveText('€500.00');
  await expect(page.getByRole('list', { name: 'Payments received' })).toContainText('€500.00');
  await shot(page, 'partial-payments/provider-en');

  // The client, in German on a phone, sees what is still due.
  const phone = await signedInClientContext(browser, page.request, w, GERMAN_PHONE);
  try {
    const client = await phone.newPage();
    await client.goto(`/portal/${w.portalId}/invoices`);
    const row = client.getByRole('region', { name: 'Zu bezahlen', exact: true }).getByRole('link').first();
    await expect(row).toContainText(number);
    await expect(row).toContainText(/noch 711,39\s€ offen/);
    await expectNoSidewaysScroll(client);
    await row.click();
    await expect(client.getByRole('heading', { level: 1, name: `Rechnung ${number}` })).toBeVisible();
    await expect(client.getByRole('main')).toContainText(/500,00\s€ von 1\.211,39\s€ bereits bezahlt/);
    await expectNoSidewaysScroll(client);
    await shot(client, 'partial-payments/portal-de-390');

    // The rest, recorded by the provider, pays the invoice: both sides show it paid.
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByLabel('Amount (EUR)')).toHaveValue('711.39');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('invoice-balance')).toHaveText('€0.00');
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    await client.reload();
    await expect(client.getByRole('heading', { level: 1, name: `Rechnung ${number}` })).toBeVisible();
    await expect(client.getByRole('main').getByText('Bezahlt').first()).toBeVisible(LIVE);

    // The rest was recorded by mistake: the provider removes it (after confirming), the invoice is open
    // again with that balance, on both sides.
    await page.getByRole('button', { name: /Remove the payment of €711\.39/ }).click();
    const confirm = page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog', { name: /Remove the payment/ }));
    await expect(confirm).toContainText('Remove the payment of €711.39?');
    await confirm.getByRole('button', { name: 'Remove payment' }).click();
    await expect(page.getByText('Payment removed')).toBeVisible();
    await expect(page.getByTestId('invoice-balance')).toHaveText('€711.39');
    await expect(page.getByRole('button', { name: 'Record payment' })).toBeVisible();
    // The first part, recorded by hand too, stays removable; nothing else changed.
    await expect(page.getByRole('button', { name: /Remove the payment of €500\.00/ })).toBeVisible();
    await client.reload();
    await expect(client.getByRole('main')).toContainText(/500,00\s€ von 1\.211,39\s€ bereits bezahlt/, LIVE);
  } finally {
    await phone.close();
  }
});
