import { type APIRequestContext, expect, test } from '@playwright/test';
import { signedInClientContext, type World, world } from './collaboration-world';
import { expectNoSidewaysScroll, GERMAN_PHONE, LIVE, latestMail, ok, shot } from './support';

/**
 * Issue 28, payment reminders: the provider turns reminders on in the settings (the default steps), the job
 * (queued by that save) sends the first reminder of an invoice ten days overdue into the outbox, in the
 * invoice's language (German) with the link to the invoice in the portal; the provider's invoice page shows it
 * in its history, and the client's portal, in German on a phone, says how many days the invoice is overdue.
 * Set-up goes through the API as the provider; nothing waits for a clock.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function sentInvoice(request: APIRequestContext, w: World, dueDate: string) {
  const draft = await ok<{ id: string }>(
    await request.post('/api/invoices', {
      data: {
        clientId: w.clientId,
        projectId: w.website,
        currency: 'EUR',
        description: 'Website relaunch, first milestone',
        dueDate,
        supplyDate: '2026-03-02',
        lines: [
          {
            description: 'Design and development',
            quantityMilli: 10_000,
            unitPriceCents: 8000,
            taxRateBp: 1900,
          },
        ],
      },
    }),
    201,
  );
  const sent = await ok<{ invoice: { number: string } }>(
    await request.post(`/api/invoices/${draft.id}/send`),
  );
  return { id: draft.id, number: sent.invoice.number };
}

test('a reminder for an overdue invoice goes to the outbox, shows in its history and the portal says how late it is', async ({
  browser,
  request,
}) => {
  // The settings page and the invoice page are lazy chunks: slow on a loaded machine.
  test.setTimeout(240_000);
  const w = await world(request, 'de');
  const late = await sentInvoice(request, w, inDays(-10));
  const soon = await sentInvoice(request, w, inDays(5));

  const provider = await browser.newContext({ storageState: await request.storageState() });
  try {
    const page = await provider.newPage();
    await page.goto('/dashboard/settings#reminders');
    const form = page.getByRole('form', { name: 'Payment reminders' });
    await expect(form.getByRole('textbox', { name: 'Days after due date' })).toHaveCount(3, {
      timeout: 60_000,
    });
    await form.getByRole('checkbox', { name: 'Send payment reminders' }).check();
    await form.getByRole('button', { name: 'Save reminders' }).click();
    await expect(page.getByText('Payment reminders saved')).toBeVisible();

    // Saving queued the job for this provider: step 1 (7 days) is due for the late invoice only.
    const mail = await latestMail(request, w.clientEmail, 'payment_reminder');
    expect(mail.subject).toContain(`Zahlungserinnerung: Rechnung ${late.number}`);
    expect(mail.text).toContain(`die Rechnung ${late.number} über 952,00`);
    expect(mail.text).toContain(`/portal/${w.portalId}/invoices/${late.id}`);
    expect(mail.text).not.toContain(soon.number);

    await page.goto(`/dashboard/invoices/${late.id}`);
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(`Payment reminder 1 sent to ${w.clientEmail}`)).toBeVisible(LIVE);
    await expect(page.getByText(/Next payment reminder \(2\) from/)).toBeVisible();
  } finally {
    await provider.close();
  }

  const client = await signedInClientContext(browser, request, w, GERMAN_PHONE);
  try {
    const page = await client.newPage();
    await page.goto(`/portal/${w.portalId}/invoices`);
    const totals = page.getByRole('region', { name: 'Offener Gesamtbetrag' });
    await expect(totals).toContainText('1 überfällig');
    await expect(totals).toContainText('1 fällig, noch nicht überfällig');
    const rows = page.getByRole('region', { name: 'Zu bezahlen', exact: true }).getByRole('link');
    await expect(rows.first()).toContainText(late.number);
    await expect(rows.first()).toContainText(/seit 1\d Tagen überfällig/);
    await expect(rows.nth(1)).toContainText(/fällig in \d Tagen/);
    await expectNoSidewaysScroll(page);
    await shot(page, 'payment-reminders/portal-invoices-de-390');
  } finally {
    await client.close();
  }
});
