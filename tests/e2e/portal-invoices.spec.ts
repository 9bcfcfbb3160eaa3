import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { signedInClientContext, signIn, type World, world } from './collaboration-world';
import { axeViolations, expectNoSidewaysScroll, GERMAN_PHONE, gotoLive, LIVE, ok, shot } from './support';

/**
 * Issue 21, the client's side: a sent invoice in the portal with its lines, tax groups and totals, its PDF
 * (read with the client's token), the provider's payment instructions when the provider has no Stripe,
 * the payment-success page turning to confirmed live when the provider marks the invoice paid (the same
 * live path a Stripe webhook takes), drafts and unknown invoices as not found, and German on a phone.
 * Set-up goes through the API as the provider.
 */

const INSTRUCTIONS = 'Bank transfer to Acme Studio\nIBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX';

/**
 * A draft for the world's client in its website project: 12.5 hours at 80.00 with 19 % tax and hosting
 * at 19.99 with 7 %: net 1,019.99, tax 190.00 + 1.40, total 1,211.39.
 */
async function draftInvoice(request: APIRequestContext, w: World, dueDate: string): Promise<string> {
  const invoice = await ok<{ id: string }>(
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
  return invoice.id;
}

async function sentInvoice(request: APIRequestContext, w: World, dueDate: string) {
  const id = await draftInvoice(request, w, dueDate);
  const sent = await ok<{ invoice: { number: string }; payment: { status: string } }>(
    await request.post(`/api/invoices/${id}/send`),
  );
  // No Stripe connected: the invoice is sent all the same, and the portal says how to pay.
  expect(sent.payment.status).toBe('not_connected');
  return { id, number: sent.invoice.number };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a client sees a sent invoice with its lines and totals, downloads its PDF, reads how to pay, and sees the payment confirmed live', async ({
  browser,
  request,
}) => {
  // A long walk (PDFs, a credit note, a payment confirmed live): generous for a loaded machine.
  test.setTimeout(180_000);
  const w = await world(request);
  await ok(await request.patch('/api/invoice-settings', { data: { paymentInstructions: INSTRUCTIONS } }));
  const invoice = await sentInvoice(request, w, inDays(14));
  const draft = await draftInvoice(request, w, inDays(30));
  const context = await browser.newContext({ acceptDownloads: true });
  try {
    const page = await context.newPage();
    await signIn(page, w);

    // The dashboard's unpaid invoice opens the invoice's page.
    await page
      .getByRole('link', { name: new RegExp(invoice.number) })
      .first()
      .click();
    await page.waitForURL(`**/portal/${w.portalId}/invoices/${invoice.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();

    // The list: to pay first, with the total per currency.
    await page.getByRole('link', { name: 'All invoices' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const totals = page.getByRole('region', { name: 'Total to pay' });
    await expect(totals).toContainText('€1,211.39');
    await expect(totals).toContainText('1 invoice');
    const toPay = page.getByRole('region', { name: 'To pay', exact: true });
    await expect(toPay.getByRole('link', { name: new RegExp(invoice.number) })).toContainText(
      'Awaiting payment',
    );
    await expect(toPay).toContainText('Website relaunch');
    await shot(page, 'portal-invoices/invoices-en');
    expect(await axeViolations(page)).toEqual([]);

    // The invoice: lines, tax per rate on its net sum, the total, and how to pay instead of a card button.
    await toPay.getByRole('link', { name: new RegExp(invoice.number) }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('cell', { name: 'Design and development' })).toBeVisible();
    await expect(main.getByRole('cell', { name: '€1,000.00' })).toBeVisible();
    await expect(main.getByRole('cell', { name: '12.5' })).toBeVisible();
    await expect(main.getByText('Tax 19% on €1,000.00')).toBeVisible();
    await expect(main.getByText('€190.00')).toBeVisible();
    await expect(main.getByText('Tax 7% on €19.99')).toBeVisible();
    await expect(main.getByText('€1.40')).toBeVisible();
    await expect(main.getByText('€1,019.99')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'How to pay' })).toBeVisible();
    await expect(main.getByText('IBAN DE89 3704 0044 0532 0130 00')).toBeVisible();
    await expect(main.getByText(`Please use ${invoice.number} as the payment reference.`)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    await shot(page, 'portal-invoices/invoice-en');
    expect(await axeViolations(page)).toEqual([]);

    // The PDF, read with the client's token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoice.number}.pdf`);
    const saved = test.info().outputPath('invoice.pdf');
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

    // A cancelled invoice: its credit note ("Stornorechnung") is the client's to keep too.
    const cancelled = await sentInvoice(request, w, inDays(14));
    await ok(
      await request.post(`/api/invoices/${cancelled.id}/cancel`, { data: { reason: 'Billed twice' } }),
    );
    await page.goto(`/portal/${w.portalId}/invoices/${cancelled.id}`);
    const [creditNote] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Credit note (PDF)' }).click(),
    ]);
    expect(creditNote.suggestedFilename()).toMatch(/^CN-\d{4}\.pdf$/);
    const savedNote = test.info().outputPath('credit-note.pdf');
    await creditNote.saveAs(savedNote);
    expect(readFileSync(savedNote).subarray(0, 5).toString()).toBe('%PDF-');

    // A draft is the provider's own, an unknown id nobody's: not found.
    for (const id of [draft, crypto.randomUUID()]) {
      await page.goto(`/portal/${w.portalId}/invoices/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Invoice not found' })).toBeVisible();
    }

    // Back from a payment: "Confirming your payment…" until the invoice is paid, then confirmed, live
    // (the provider marks it paid through the API: the same activity a Stripe webhook writes).
    const frames = await gotoLive(page, `/portal/${w.portalId}/payment-success?invoice=${invoice.id}`);
    await expect(page.getByRole('heading', { name: 'Confirming your payment…' })).toBeVisible();
    await shot(page, 'portal-invoices/payment-waiting-en');
    await ok(await request.post(`/api/invoices/${invoice.id}/status`, { data: { status: 'paid' } }));
    await expect
      .poll(() => frames.some((frame) => frame.includes('invoice_status')), { timeout: 30_000 })
      .toBe(true);
    await expect(page.getByRole('heading', { name: 'Payment confirmed' })).toBeVisible(LIVE);
    await expect(page.getByText(`Invoice ${invoice.number} over €1,211.39 is paid.`)).toBeVisible();
    await shot(page, 'portal-invoices/payment-confirmed-en');
    expect(await axeViolations(page)).toEqual([]);

    // Its notification opens the invoice, which says when it was paid; the list has nothing left to pay.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    await sheet.getByRole('button', { name: new RegExp(`Invoice ${invoice.number} paid`) }).click();
    await page.waitForURL(`**/portal/${w.portalId}/invoices/${invoice.id}`);
    await expect(page.getByRole('heading', { name: /^Paid on / })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to pay' })).toHaveCount(0);
    await page.getByRole('link', { name: 'All invoices' }).click();
    await expect(page.getByText('You’re all paid up').or(page.getByText("You're all paid up"))).toBeVisible();
    await expect(page.getByRole('region', { name: 'Paid and cancelled' })).toContainText(invoice.number);

    // Stripe returns a payment started inside the widget to a tab without the frame's session: no bare
    // sign-in form after paying, but a thank-you and the way to the portal.
    const elsewhere = await browser.newContext();
    const tab = await elsewhere.newPage();
    await tab.goto(`/portal/${w.portalId}/payment-success?invoice=${invoice.id}`);
    await expect(tab.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    await shot(tab, 'portal-invoices/payment-returned-signed-out');
    expect(await axeViolations(tab)).toEqual([]);
    await tab.getByRole('link', { name: 'Sign in to your portal' }).click();
    await tab.waitForURL(`**/portal/${w.portalId}/login`);
    await elsewhere.close();
  } finally {
    await context.close();
  }
});

test('in German on a phone: the invoice list, an overdue invoice and its page fit 390 px', async ({
  browser,
  request,
}) => {
  const w = await world(request, 'de');
  await ok(await request.patch('/api/invoice-settings', { data: { paymentInstructions: INSTRUCTIONS } }));
  const soon = await sentInvoice(request, w, inDays(10));
  const late = await sentInvoice(request, w, inDays(-3));
  const context = await signedInClientContext(browser, request, w, GERMAN_PHONE);
  try {
    const page = await context.newPage();
    await page.goto(`/portal/${w.portalId}/invoices`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
    const totals = page.getByRole('region', { name: 'Offener Gesamtbetrag' });
    await expect(totals).toContainText('2.422,78');
    await expect(totals).toContainText('2 Rechnungen');
    // The overdue one first (its due date has passed), with its badge.
    const rows = page.getByRole('region', { name: 'Zu bezahlen', exact: true }).getByRole('link');
    await expect(rows.first()).toContainText(late.number);
    await expect(rows.first()).toContainText('Überfällig');
    await expect(rows.nth(1)).toContainText(soon.number);
    await expect(rows.nth(1)).toContainText('Zahlung ausstehend');
    await expectNoSidewaysScroll(page);
    await shot(page, 'portal-invoices/invoices-de-390');

    await rows.first().click();
    await expect(page.getByRole('heading', { level: 1, name: `Rechnung ${late.number}` })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(/USt\. 19\s%\sauf 1\.000,00\s€/)).toBeVisible();
    await expect(main.getByText(/12,5 × 80,00\s€/)).toBeVisible();
    await expect(main.getByText(/^Gesamtbetrag$/)).toBeVisible();
    await expect(main.getByRole('heading', { name: 'So bezahlen Sie' })).toBeVisible();
    await expect(main.getByText(/^War fällig am /)).toBeVisible();
    await expect(main.getByRole('button', { name: 'PDF herunterladen' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'portal-invoices/invoice-de-390');
  } finally {
    await context.close();
  }
});
