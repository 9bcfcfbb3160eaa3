import { expect as baseExpect, test } from '@playwright/test';
import { STRIPE_URL } from '../../playwright.config';
import { signedInClientContext, world } from './collaboration-world';
import { gotoLive, shot } from './support';

/**
 * Issue 21 end to end with Stripe: the real SDK against the stand-in the e2e server starts
 * (tests/e2e/server.ts, tests/stripe). The provider connects an account (through the API), then in the
 * dashboard sends a draft ('Invoice created and sent via the payment provider', "View in the payment
 * provider" opens the hosted page); the client, in a second context, pays it from the portal through the
 * stand-in's Checkout page and returns to payment-success, which confirms once the signed webhook has
 * landed; the provider's open invoice page turns paid without a reload.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
test('Stripe: sent through the payment provider, paid by card from the portal, paid live on both sides', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const w = await world(request);
  const account = await request.post(`${STRIPE_URL}/_stand-in/accounts`, { data: { name: 'Acme Studio' } });
  expect(account.status()).toBe(201);
  const { secretKey } = (await account.json()) as { secretKey: string };
  const connected = await request.put('/api/payments/stripe', { data: { secretKey } });
  expect(connected.status(), await connected.text()).toBe(200);
  const draft = await request.post('/api/invoices', {
    data: {
      clientId: w.clientId,
      currency: 'EUR',
      description: 'Website relaunch',
      supplyDate: '2026-03-02',
      lines: [
        { description: 'Design', quantityMilli: 12_500, unitPriceCents: 8_000, taxRateBp: 1900 },
        { description: 'Hosting (year)', quantityMilli: 1000, unitPriceCents: 9_990, taxRateBp: 1900 },
      ],
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id } = (await draft.json()) as { id: string };

  const providerContext = await browser.newContext({ storageState: await request.storageState() });
  const clientContext = await signedInClientContext(browser, request, w);
  try {
    const provider = await providerContext.newPage();
    await gotoLive(provider, `/dashboard/invoices/${id}`);
    const main = provider.getByRole('main');
    await main.getByRole('button', { name: 'Send', exact: true }).click();
    await provider.getByRole('dialog').getByRole('button', { name: 'Send invoice' }).click();
    await expect(main.getByText('Invoice created and sent via the payment provider')).toBeVisible();
    await expect(main.getByText('INV-0001').first()).toBeVisible();
    const hosted = main.getByRole('link', { name: 'View in the payment provider' });
    await expect(hosted).toHaveAttribute('href', new RegExp(`^${STRIPE_URL}/i/`));
    await expect(hosted).toHaveAttribute('target', '_blank');
    await shot(provider, 'invoices-stripe/provider-sent');

    const client = await clientContext.newPage();
    await client.goto(`/portal/${w.portalId}/invoices/${id}`);
    await expect(client.getByRole('heading', { name: /INV-0001/ })).toBeVisible();
    // 12.5 × 80.00 + 99.90 = 1,099.90 net, 19 % = 208.98 tax: 1,308.88.
    await expect(client.getByText('€1,308.88').first()).toBeVisible();
    await client.getByRole('button', { name: 'Pay now' }).click();
    await client.waitForURL((url) => url.href.startsWith(STRIPE_URL));
    await shot(client, 'invoices-stripe/checkout');
    await client.getByRole('button', { name: /^Pay/ }).first().click();
    await client.waitForURL(`**/portal/${w.portalId}/payment-success?invoice=${id}`);
    await expect(client.getByRole('heading', { name: 'Payment confirmed' })).toBeVisible();
    await shot(client, 'invoices-stripe/client-confirmed');

    // The provider's page learned it over its socket: no reload.
    await expect(main.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
    await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
    await shot(provider, 'invoices-stripe/provider-paid');
    const after = await request.get(`/api/invoices/${id}`);
    const invoice = (await after.json()) as { status: string; paidVia: string; amountCents: number };
    expect(invoice).toMatchObject({ status: 'paid', paidVia: 'stripe_checkout', amountCents: 130_888 });
  } finally {
    await providerContext.close();
    await clientContext.close();
  }
});
