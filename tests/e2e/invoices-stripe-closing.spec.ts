import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { STRIPE_URL } from '../../playwright.config';
import { signedInClientContext, world } from './collaboration-world';
import { shot as saveShot } from './support';

/**
 * Issue 26's defect, end to end with the real SDK against the stand-in: the client opens Stripe Checkout
 * for an invoice from the portal and leaves the page open; the provider cancels the invoice in the
 * dashboard (the dialog says what that does in Stripe; the invoice page follows the close job until the
 * Stripe invoice is voided); the client presses Pay on the page still open and is not charged, and the
 * portal no longer offers "Pay now". And the race: with Stripe's API away for the provider's account (the
 * close job waits for its retry), the client pays on the page still open; the payment is refunded once
 * Stripe answers again and both sides see it (the exact timings: api/payments/closing.test.ts).
 */

const expect = baseExpect.configure({ timeout: 15_000 });
/** Screenshots on demand (`E2E_SHOTS=1`), under `invoices-stripe-closing/`. */
const shot = (page: Page, name: string) => saveShot(page, `invoices-stripe-closing/${name}`);

/** A provider with Stripe connected and an invoice sent; resolves once Stripe has it (the push job ran). */
async function sentThroughStripe(request: APIRequestContext, language: 'en' | 'de') {
  const w = await world(request, language);
  // The dashboard follows the profile's language (spec §4).
  expect((await request.patch('/api/profile', { data: { preferredLanguage: language } })).ok()).toBe(true);
  const account = await request.post(`${STRIPE_URL}/_stand-in/accounts`, { data: { name: 'Acme Studio' } });
  const { secretKey, accountId } = (await account.json()) as { secretKey: string; accountId: string };
  expect((await request.put('/api/payments/stripe', { data: { secretKey } })).status()).toBe(200);
  const draft = await request.post('/api/invoices', {
    data: {
      clientId: w.clientId,
      currency: 'EUR',
      supplyDate: '2026-03-02',
      lines: [{ description: 'Design', quantityMilli: 2000, unitPriceCents: 9_000, taxRateBp: 1900 }],
    },
  });
  const { id } = (await draft.json()) as { id: string };
  const sent = await request.post(`/api/invoices/${id}/send`);
  expect(await sent.json()).toMatchObject({ payment: { provider: 'stripe', status: 'pending' } });
  // The push is a job: done within a second here, or after one retry (10 s) when an attempt failed.
  await expect
    .poll(
      async () => ((await (await request.get(`/api/invoices/${id}`)).json()) as { stripe: unknown }).stripe,
      { timeout: 45_000 },
    )
    .toMatchObject({ push: 'sent' });
  return { w, id, accountId };
}

const TEXTS = {
  en: {
    cancel: 'Cancel with credit note',
    note: 'Open card payments for it are closed and it is voided in Stripe.',
    voided: 'Voided in Stripe; its card payments are closed.',
    payNow: 'Pay now',
    cancelled: 'This invoice was cancelled',
  },
  de: {
    cancel: 'Mit Gutschrift stornieren',
    note: 'Offene Kartenzahlungen dafür werden geschlossen und die Rechnung in Stripe storniert.',
    voided: 'In Stripe storniert; ihre Kartenzahlungen sind geschlossen.',
    payNow: 'Jetzt bezahlen',
    cancelled: 'Diese Rechnung wurde storniert',
  },
} as const;

for (const language of ['en', 'de'] as const) {
  test(`Stripe (${language}): an invoice cancelled while its Checkout page is open can no longer be paid there`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const text = TEXTS[language];
    const { w, id } = await sentThroughStripe(request, language);
    const providerContext = await browser.newContext({
      storageState: await request.storageState(),
      locale: language === 'de' ? 'de-DE' : 'en-US',
    });
    const clientContext = await signedInClientContext(browser, request, w, {
      locale: language === 'de' ? 'de-DE' : 'en-US',
    });
    try {
      // The client opens Checkout from the portal and leaves it open.
      const client = await clientContext.newPage();
      await client.goto(`/portal/${w.portalId}/invoices/${id}`);
      await client.getByRole('button', { name: text.payNow }).click();
      await client.waitForURL((url) => url.href.startsWith(STRIPE_URL));
      const checkout = client.url();

      // The provider cancels it; the dialog says what that does in Stripe, the page follows the close job.
      const provider = await providerContext.newPage();
      await provider.goto(`/dashboard/invoices/${id}`);
      const main = provider.getByRole('main');
      await main.getByRole('button', { name: text.cancel }).click();
      const dialog = provider.getByRole('dialog');
      await expect(dialog.getByText(text.note)).toBeVisible();
      await shot(provider, `${language}-cancel-dialog`);
      await dialog.getByRole('button', { name: text.cancel }).click();
      await expect(main.getByTestId('invoice-stripe').getByText(text.voided)).toBeVisible();
      await shot(provider, `${language}-provider-cancelled`);

      // Pay on the page left open: Stripe's page refuses, nothing is charged.
      await client.getByRole('button', { name: /^Pay/ }).first().click();
      await expect(client.getByText('This session is expired.')).toBeVisible();
      expect(client.url().startsWith(checkout.split('?')[0] ?? checkout)).toBe(true);
      const charged = await request.get(`/api/invoices/${id}`);
      expect(await charged.json()).toMatchObject({ status: 'cancelled', payments: [] });

      // Back in the portal: cancelled, no pay button.
      await client.goto(`/portal/${w.portalId}/invoices/${id}`);
      await expect(client.getByRole('heading', { name: text.cancelled })).toBeVisible();
      await expect(client.getByRole('button', { name: text.payNow })).toHaveCount(0);
      await shot(client, `${language}-portal-cancelled`);
      if (process.env.E2E_SHOTS) {
        await provider.setViewportSize({ width: 390, height: 844 });
        await shot(provider, `${language}-provider-cancelled-390`);
      }
    } finally {
      await providerContext.close();
      await clientContext.close();
    }
  });
}

test('Stripe: a payment made on Checkout after the provider cancelled is refunded, and both sides see it', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { w, id, accountId } = await sentThroughStripe(request, 'en');
  const outage = (status?: number) =>
    request.post(`${STRIPE_URL}/_stand-in/accounts/${accountId}/failing`, { data: status ? { status } : {} });
  const providerContext = await browser.newContext({ storageState: await request.storageState() });
  const clientContext = await signedInClientContext(browser, request, w);
  try {
    const client = await clientContext.newPage();
    await client.goto(`/portal/${w.portalId}/invoices/${id}`);
    await client.getByRole('button', { name: 'Pay now' }).click();
    await client.waitForURL((url) => url.href.startsWith(STRIPE_URL));

    // Stripe's API is away for this account: the cancellation's close job fails and waits for its retry.
    expect((await outage(503)).ok()).toBe(true);
    expect((await request.post(`/api/invoices/${id}/cancel`, { data: { reason: null } })).status()).toBe(200);
    // The client pays on the page still open: charged, and sent back to the portal.
    await client.getByRole('button', { name: /^Pay/ }).first().click();
    await client.waitForURL(`**/portal/${w.portalId}/payment-success?invoice=${id}`);
    await expect(client.getByRole('heading', { name: 'Your payment is being refunded' })).toBeVisible();
    await shot(client, 'en-payment-success-refunding');
    // Stripe is back: the refund job's retry refunds it, and the page follows (live).
    expect((await outage()).ok()).toBe(true);
    await expect(client.getByRole('heading', { name: 'Your payment was refunded' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(
      client.getByText(/arrived after this invoice was cancelled\. It has been refunded/),
    ).toBeVisible();
    await shot(client, 'en-payment-success-refunded');
    await client.getByRole('link', { name: 'View invoice' }).click();
    await expect(client.getByTestId('invoice-refunds')).toContainText('It has been refunded to your card.');
    await expect(client.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    await shot(client, 'en-portal-refunded');

    const provider = await providerContext.newPage();
    await provider.goto(`/dashboard/invoices/${id}`);
    const main = provider.getByRole('main');
    await expect(main.getByText('Payment of €214.20 received after cancellation — refunded')).toBeVisible();
    await expect(
      main.getByTestId('invoice-stripe').getByText('Voided in Stripe; its card payments are closed.'),
    ).toBeVisible({
      timeout: 45_000,
    });
    await shot(provider, 'en-provider-refunded');
    const stand = (await (
      await request.get(`${STRIPE_URL}/_stand-in/accounts/${accountId}/state`)
    ).json()) as {
      refunds: { amount: number; metadata: Record<string, string> }[];
    };
    expect(stand.refunds.filter((r) => r.metadata.invoice_id === id).map((r) => r.amount)).toEqual([21_420]);
  } finally {
    await outage();
    await providerContext.close();
    await clientContext.close();
  }
});
