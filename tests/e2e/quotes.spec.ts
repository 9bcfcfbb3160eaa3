import { type APIRequestContext, expect, test } from '@playwright/test';
import { signedInClientContext, signIn, type World, world } from './collaboration-world';
import { expectNoSidewaysScroll, GERMAN_PHONE, gotoLive, LIVE, ok, shot } from './support';

/**
 * Issue 28, quotes: the provider sends a quote from the dashboard, the client accepts it in the portal (the
 * provider's page shows the acceptance record live), and the accepted quote becomes a 30 % deposit invoice
 * and then the rest, whose totals add up to the quote's to the cent; the portal part in German on a phone.
 * Worlds are set up through the API as the provider.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A draft quote for the world's client: 10 hours at 100.00 with 19 % tax: net 1,000.00, tax 190.00, total
 * 1,190.00 (EUR).
 */
async function draftQuote(request: APIRequestContext, w: World): Promise<string> {
  const quote = await ok<{ id: string }>(
    await request.post('/api/quotes', {
      data: {
        clientId: w.clientId,
        projectId: w.website,
        currency: 'EUR',
        description: 'Website relaunch: design and development',
        validUntil: inDays(30),
        supplyDate: inDays(40),
        lines: [
          {
            description: 'Design and development',
            quantityMilli: 10_000,
            unitPriceCents: 10_000,
            taxRateBp: 1900,
            unit: 'hour',
          },
        ],
      },
    }),
    201,
  );
  return quote.id;
}

test('a quote is sent, accepted by the client in the portal, and billed as a 30 % deposit and the rest', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const provider = await browser.newContext();
  const client = await browser.newContext();
  try {
    const page = await provider.newPage();
    const w = await world(page.request);
    const quoteId = await draftQuote(page.request, w);

    // The provider finds the draft among the quotes and sends it.
    await page.goto('/dashboard/invoices/quotes');
    await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Invoices and quotes' })).toBeVisible();
    await page.getByRole('link', { name: 'Draft' }).first().click();
    await page.waitForURL(`**/dashboard/invoices/quotes/${quoteId}`);
    await expect(page.getByTestId('quote-amount')).toHaveText(/1,190\.00/);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this quote?' });
    await dialog.getByRole('button', { name: 'Send quote' }).click();
    await expect(page.getByTestId('quote-number')).toHaveText(/^Q-\d{4}$/);
    const number = (await page.getByTestId('quote-number').textContent()) ?? '';
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
    const fingerprint = (await page.getByTestId('quote-sha256').textContent()) ?? '';
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // The provider keeps the quote open: the client's decision arrives live.
    await gotoLive(page, `/dashboard/invoices/quotes/${quoteId}`);
    await expect(page.getByTestId('quote-number')).toHaveText(number);

    // The client opens it from the invoices page, sees the same fingerprint and accepts it.
    const portal = await client.newPage();
    await signIn(portal, w);
    await portal.goto(`/portal/${w.portalId}/invoices`);
    await portal
      .getByTestId('portal-quotes')
      .getByRole('link', { name: new RegExp(number) })
      .click();
    await portal.waitForURL(`**/portal/${w.portalId}/quotes/${quoteId}`);
    await expect(portal.getByRole('heading', { level: 1, name: `Quote ${number}` })).toBeVisible();
    await expect(portal.getByTestId('quote-sha256')).toHaveText(fingerprint);
    await portal.getByRole('button', { name: 'Accept quote' }).click();
    await portal
      .getByRole('region', { name: 'Accept this quote?' })
      .getByRole('button', { name: 'Accept quote' })
      .click();
    const record = portal.getByTestId('quote-record');
    await expect(record).toContainText('You accepted this quote');
    await expect(record).toContainText('Grace Hopper');
    await expect(record).toContainText(fingerprint);
    await expect(portal.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);

    // The provider's page shows the acceptance record without a reload.
    const providerRecord = page.getByTestId('quote-record');
    await expect(providerRecord).toContainText('Grace Hopper', LIVE);
    await expect(providerRecord).toContainText(fingerprint);
    await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();

    // A 30 % deposit invoice in one click: 300.00 net + 57.00 tax.
    await page.getByRole('button', { name: 'Deposit invoice…' }).click();
    const deposit = page.getByRole('dialog', { name: 'Invoice a deposit' });
    await expect(deposit.getByLabel('Deposit in percent')).toHaveValue('30');
    await deposit.getByRole('button', { name: 'Create deposit invoice' }).click();
    await page.waitForURL(/\/dashboard\/invoices\/(?!quotes)[0-9a-f-]{36}$/);
    await expect(page.getByTestId('invoice-amount')).toHaveText(/357\.00/);
    await expect(page.getByText(`Deposit of 30 % for quote ${number}`).first()).toBeVisible();
    // Sent as any invoice (the quote's day of supply came along, so the pre-send check passes).
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Send this invoice?' })
      .getByRole('button', { name: 'Send invoice' })
      .click();
    await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d{4}$/);
    const depositNumber = (await page.getByTestId('invoice-number').textContent()) ?? '';

    // Later, the rest: 700.00 net + 133.00 tax; both add up to the quote's 1,190.00. The invoice links
    // back to its quote.
    await page.getByRole('link', { name: number, exact: true }).click();
    await page.waitForURL(`**/dashboard/invoices/quotes/${quoteId}`);
    await expect(page.getByTestId('quote-invoices')).toContainText(depositNumber);
    await page.getByRole('button', { name: 'Invoice the rest' }).click();
    await page.waitForURL(/\/dashboard\/invoices\/(?!quotes)[0-9a-f-]{36}$/);
    await expect(page.getByTestId('invoice-amount')).toHaveText(/833\.00/);
    await expect(
      page.getByText(`Quote ${number} less deposit invoice ${depositNumber}`).first(),
    ).toBeVisible();
    await page.getByRole('link', { name: number, exact: true }).click();
    await page.waitForURL(`**/dashboard/invoices/quotes/${quoteId}`);
    const invoices = page.getByTestId('quote-invoices');
    await expect(invoices).toContainText('Deposit');
    await expect(invoices).toContainText('Final invoice');
    await expect(page.getByRole('button', { name: 'Invoice the rest' })).toHaveCount(0);
    await shot(page, 'quotes/quote-invoiced-en');
  } finally {
    await provider.close();
    await client.close();
  }
});

test('Portal (de, phone): the client accepts a quote, and a second acceptance is refused in German', async ({
  browser,
  request,
}) => {
  const w = await world(request, 'de');
  const quoteId = await draftQuote(request, w);
  const sent = await ok<{ number: string; contentSha256: string }>(
    await request.post(`/api/quotes/${quoteId}/send`),
  );
  const context = await signedInClientContext(browser, request, w, GERMAN_PHONE);
  try {
    const page = await context.newPage();
    await page.goto(`/portal/${w.portalId}/invoices`);
    const quotes = page.getByRole('region', { name: 'Angebote' });
    await expect(quotes.getByRole('link')).toContainText(sent.number);
    await expect(quotes.getByRole('link')).toContainText('Wartet auf Ihre Entscheidung');
    await expectNoSidewaysScroll(page);
    await quotes.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: `Angebot ${sent.number}` })).toBeVisible();
    await expect(page.getByText(/^1\.190,00\s€$/).first()).toBeVisible();
    await expect(page.getByTestId('quote-sha256')).toHaveText(sent.contentSha256);
    await expectNoSidewaysScroll(page);
    await shot(page, 'quotes/portal-quote-de-390');
    await page.getByRole('button', { name: 'Angebot annehmen' }).click();
    await page
      .getByRole('region', { name: 'Dieses Angebot annehmen?' })
      .getByRole('button', { name: 'Angebot annehmen' })
      .click();
    await expect(page.getByTestId('quote-record')).toContainText('Sie haben dieses Angebot angenommen');
    await expect(page.getByText('Angenommen', { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Accepting again (another tab, an old page) is a clear refusal in the client's language.
    const token = await page.evaluate(() => {
      const raw = localStorage.getItem('portal_client_session');
      return raw ? (JSON.parse(raw) as { token: string }).token : '';
    });
    const again = await page.request.post(`/api/portal/${w.portalId}/quotes/${quoteId}/accept`, {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'de' },
      data: { contentSha256: sent.contentSha256 },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).error.message).toBe(
      'Dieses Angebot wurde bereits angenommen oder abgelehnt.',
    );
  } finally {
    await context.close();
  }
});
