import { expect as baseExpect, test } from '@playwright/test';
import { STRIPE_URL } from '../../playwright.config';
import { signIn, world } from './collaboration-world';
import { expectNoSidewaysScroll, GERMAN_PHONE, gotoLive, latestMail, ok, shot } from './support';

/**
 * Issue 28, automatic payment of recurring invoices, end to end with the real SDK against the Stripe
 * stand-in the e2e server starts: the provider (through the API) connects Stripe and sets up a monthly
 * invoice offering automatic payment; the client, in German on a 390 px phone, agrees in the portal by
 * saving a card on Stripe's setup page and comes back to the portal, which shows the card; the provider
 * moves the start to today, the server's own job makes the invoice and charges the card off-session; the
 * invoice is paid on the provider's list and in the portal, and the schedule's dialog says it was paid
 * automatically.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('a client agrees to automatic payment in the German phone portal; the job’s invoice is paid by card', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const w = await world(page.request, 'de');
  const account = await page.request.post(`${STRIPE_URL}/_stand-in/accounts`, {
    data: { name: 'Acme Studio' },
  });
  expect(account.status()).toBe(201);
  const { secretKey, accountId } = (await account.json()) as { secretKey: string; accountId: string };
  await ok(await page.request.put('/api/payments/stripe', { data: { secretKey } }));
  const schedule = await ok<{ id: string }>(
    await page.request.post('/api/recurring-invoices', {
      data: {
        clientId: w.clientId,
        frequency: 'monthly',
        // Tomorrow: nothing is invoiced before the client has agreed.
        startDate: day(1),
        currency: 'EUR',
        description: 'Website-Betreuung',
        autopay: true,
        lines: [{ description: 'Betreuung', quantityMilli: 1000, unitPriceCents: 50_000, taxRateBp: 1900 }],
      },
    }),
    201,
  );

  const phone = await browser.newContext(GERMAN_PHONE);
  try {
    const client = await phone.newPage();
    await signIn(client, w, { email: 'E-Mail', password: 'Passwort', signIn: 'Anmelden' });
    await client.goto(`/portal/${w.portalId}/invoices`);
    const section = client.getByRole('region', { name: 'Automatische Zahlung' });
    await expect(section).toContainText(/595,00\s€ monatlich/);
    await expect(section.getByTestId('autopay-state')).toHaveText('Wird Ihnen zur Zahlung gesendet');
    await expectNoSidewaysScroll(client);
    await shot(client, 'recurring-autopay/portal-de-390-offer');
    await section.getByRole('button', { name: 'Automatisch per Karte zahlen' }).click();

    // Stripe's page in setup mode: the card is saved, nothing is charged yet.
    await client.waitForURL((url) => url.href.startsWith(STRIPE_URL));
    await expect(client.getByRole('heading', { name: 'Save a card' })).toBeVisible();
    await client.getByRole('button', { name: 'Save card' }).click();
    await client.waitForURL(`**/portal/${w.portalId}/invoices?autopay=${schedule.id}`);
    await expect(section.getByTestId('autopay-state')).toHaveText(/Automatisch bezahlt mit Visa •••• 4242/);
    await expect(section.getByRole('button', { name: 'Automatische Zahlung widerrufen' })).toBeVisible();
    await expectNoSidewaysScroll(client);
    await shot(client, 'recurring-autopay/portal-de-390-agreed');

    // The provider sees the agreement; moving the start to today lets the job make the first invoice.
    const agreed = await ok<{ autopay: { agreement: { cardLast4: string; agreedBy: { name: string } } } }>(
      await page.request.get(`/api/recurring-invoices/${schedule.id}`),
    );
    expect(agreed.autopay.agreement).toMatchObject({ cardLast4: '4242', agreedBy: { name: 'Grace Hopper' } });
    await ok(
      await page.request.patch(`/api/recurring-invoices/${schedule.id}`, { data: { startDate: day(0) } }),
    );
    await expect
      .poll(
        async () =>
          (
            await ok<{ autopay: { lastCharge: { status: string } | null } }>(
              await page.request.get(`/api/recurring-invoices/${schedule.id}`),
            )
          ).autopay.lastCharge?.status,
        { timeout: 90_000 },
      )
      .toBe('succeeded');

    // Paid on the provider's side…
    await gotoLive(page, '/dashboard/invoices');
    const row = page.getByRole('row', { name: /Grace Hopper/ });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(/595\.00/);
    await page.goto('/dashboard/invoices/recurring');
    await page.getByRole('button', { name: /Edit/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit recurring invoice' });
    const state = dialog.getByTestId('autopay-state');
    await expect(state).toContainText(/Agreed: Visa •••• 4242, by Grace Hopper/);
    await expect(state).toContainText(/was paid automatically/);
    await expect(dialog.getByLabel('Offer automatic payment by card')).toBeChecked();
    await shot(page, 'recurring-autopay/provider-dialog');

    // …and in the portal.
    await client.goto(`/portal/${w.portalId}/invoices`);
    const settled = client.getByRole('region', { name: 'Bezahlt und storniert' });
    await expect(settled.getByRole('link').first()).toContainText('Bezahlt');
    await expectNoSidewaysScroll(client);

    // The client got a receipt for the automatic charge (instead of "please pay").
    const receipt = await latestMail(page.request, w.clientEmail, 'autopay_receipt');
    expect(receipt.text).toContain('••••4242');

    // The provider ends the agreement from the dialog (after a confirmation): the card is detached at Stripe by
    // the server's job, and the portal tells the client.
    await dialog.getByRole('button', { name: 'End automatic payment' }).click();
    const confirm = page.getByRole('dialog', { name: 'End your client’s automatic payment?' });
    await expect(confirm).toContainText('Visa •••• 4242');
    await confirm.getByRole('button', { name: 'End automatic payment' }).click();
    await expect(state).toContainText('Your client has not agreed yet');
    await expect
      .poll(
        async () => {
          const stand = (await (
            await page.request.get(`${STRIPE_URL}/_stand-in/accounts/${accountId}/state`)
          ).json()) as {
            paymentMethods: { customer: string | null }[];
          };
          return stand.paymentMethods.map((m) => m.customer);
        },
        { timeout: 60_000 },
      )
      .toEqual([null]);
    await client.goto(`/portal/${w.portalId}/invoices`);
    await expect(
      client.getByRole('region', { name: 'Automatische Zahlung' }).getByTestId('autopay-ended'),
    ).toContainText('hat die automatische Zahlung am');
    await expectNoSidewaysScroll(client);
  } finally {
    await phone.close();
  }
});
