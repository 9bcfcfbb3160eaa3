import { type APIRequestContext, expect as baseExpect, type Locator, test } from '@playwright/test';
import { world } from './collaboration-world';
import { GERMAN_PHONE, gotoLive, LIVE, setProfileLanguage, shot } from './support';

/**
 * Issue 21's invoices section in the provider's dashboard, set up through the API (a provider with a portal,
 * a client and projects: `collaboration-world.ts`), one browser context per scenario: a draft with two lines
 * (one with 19 % tax) and its live totals, edited, sent (it gets INV-0001), marked paid, the list filtered by
 * status, an invoice paid elsewhere shown as paid without a reload, and the project page's Invoices tab; then
 * the same work in German on a 390 px phone, with German number input.
 */

/** Lazy chunks of a cold server on a busy machine: the section's pages get more than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });
/** Fills one line of the editor (its list item is named "Line n" / "Position n"). */
async function fillLine(
  line: Locator,
  labels: { description: string; quantity: string; price: RegExp; tax: string },
  values: { description: string; quantity: string; price: string; tax: string },
) {
  await line.getByLabel(labels.description, { exact: true }).fill(values.description);
  await line.getByLabel(labels.quantity, { exact: true }).fill(values.quantity);
  await line.getByLabel(labels.price).fill(values.price);
  await line.getByLabel(labels.tax, { exact: true }).fill(values.tax);
}

async function clientId(request: APIRequestContext): Promise<string> {
  const { items } = (await (await request.get('/api/clients')).json()) as { items: { id: string }[] };
  const id = items[0]?.id;
  if (!id) throw new Error('no client');
  return id;
}

const EN = { description: 'Description', quantity: 'Quantity', price: /^Unit price/, tax: 'Tax %' };
const DE = { description: 'Beschreibung', quantity: 'Menge', price: /^Einzelpreis/, tax: 'USt. %' };

test('provider: a draft with live totals, edited, sent as INV-0001, paid, filtered by status, paid elsewhere live, and the project’s tab', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const w = await world(request);
  const context = await browser.newContext({ storageState: await request.storageState() });
  try {
    const page = await context.newPage();
    await gotoLive(page, '/dashboard/invoices');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(main.getByRole('heading', { name: 'No invoices yet' })).toBeVisible();
    await shot(page, 'invoices/en-desktop-empty');

    // A new draft: client and project, two lines, one with 19 % tax; the totals follow the typing.
    await main.getByRole('link', { name: 'New invoice' }).first().click();
    await expect(main.getByRole('heading', { name: 'New invoice', level: 1 })).toBeVisible();
    await main.getByLabel('Client', { exact: true }).selectOption({ label: 'Grace Hopper' });
    await main.getByLabel('Project (optional)').selectOption({ label: 'Website relaunch' });
    await expect(main.getByLabel('Currency')).toHaveValue('USD');
    await fillLine(main.getByRole('listitem', { name: 'Line 1' }), EN, {
      description: 'Design',
      quantity: '10',
      price: '80',
      tax: '19',
    });
    await expect(main.getByTestId('total')).toHaveText('$952.00');
    await main.getByRole('button', { name: 'Add line' }).click();
    await fillLine(main.getByRole('listitem', { name: 'Line 2' }), EN, {
      description: 'Hosting',
      quantity: '1.5',
      price: '1,234.56',
      tax: '',
    });
    await expect(main.getByTestId('subtotal')).toHaveText('$2,651.84');
    await expect(main.getByText('Tax 19 % on $800.00')).toBeVisible();
    await expect(main.getByTestId('tax')).toHaveText('$152.00');
    await expect(main.getByTestId('total')).toHaveText('$2,803.84');
    await shot(page, 'invoices/en-desktop-editor');
    await main.getByRole('button', { name: 'Save draft' }).click();
    await expect(main.getByTestId('invoice-number')).toHaveText('Draft');
    await expect(main.getByTestId('invoice-amount')).toHaveText('$2,803.84');

    // Edited: 12 hours instead of 10, and the lines swapped.
    await main.getByRole('link', { name: 'Edit' }).click();
    await expect(main.getByRole('heading', { name: 'Edit draft', level: 1 })).toBeVisible();
    await main.getByRole('listitem', { name: 'Line 1' }).getByLabel('Quantity', { exact: true }).fill('12');
    await main.getByRole('button', { name: 'Move line 2 up' }).click();
    await expect(main.getByRole('listitem', { name: 'Line 1' }).getByLabel('Description')).toHaveValue(
      'Hosting',
    );
    await expect(main.getByTestId('total')).toHaveText('$2,994.24');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(main.getByTestId('invoice-amount')).toHaveText('$2,994.24');
    await expect(main.getByRole('cell', { name: 'Hosting' })).toBeVisible();

    // Sent: without Stripe the toast says 'Invoice sent'; the number appears.
    await main.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send invoice' }).click();
    await expect(page.getByText('Invoice sent', { exact: true })).toBeVisible();
    await expect(main.getByTestId('invoice-number')).toHaveText('INV-0001');
    await expect(main.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Mark as overdue' })).toBeVisible();

    // Marked paid today.
    await main.getByRole('button', { name: 'Mark as paid' }).click();
    const paidDialog = page.getByRole('dialog');
    await expect(paidDialog.getByLabel('Paid on')).not.toHaveValue('');
    await paidDialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(main.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
    await shot(page, 'invoices/en-desktop-paid');
    const pdf = await page.request.get(
      (await main.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) ?? '',
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    // A second invoice, drafted and sent through the API while the list is open: it appears live, and its
    // payment (marked elsewhere) shows as paid without a reload.
    await gotoLive(page, '/dashboard/invoices');
    await expect(main.getByRole('link', { name: 'INV-0001' }).first()).toBeVisible();
    const created = await request.post('/api/invoices', {
      data: {
        clientId: await clientId(request),
        supplyDate: '2026-03-02',
        lines: [
          {
            description: 'Support',
            quantityMilli: 2000,
            unitPriceCents: 5000,
            taxRateBp: null,
            vatCategory: 'zero',
          },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const second = (await created.json()) as { id: string };
    await expect(main.getByRole('button', { name: /^Draft \(1\)/ })).toBeVisible(LIVE);
    expect((await request.post(`/api/invoices/${second.id}/send`)).status()).toBe(200);
    await expect(main.getByRole('link', { name: 'INV-0002' }).first()).toBeVisible(LIVE);
    expect(
      (await request.post(`/api/invoices/${second.id}/status`, { data: { status: 'paid' } })).status(),
    ).toBe(200);
    await expect(main.getByRole('button', { name: /^Paid \(2\)/ })).toBeVisible(LIVE);

    // Filtered by status: a third, still a draft, shows only under Draft.
    const third = await request.post('/api/invoices', {
      data: {
        clientId: await clientId(request),
        projectId: w.branding,
        supplyDate: '2026-03-02',
        lines: [{ description: 'Logo', quantityMilli: 1000, unitPriceCents: 45000, taxRateBp: 1900 }],
      },
    });
    expect(third.status()).toBe(201);
    await expect(main.getByRole('button', { name: /^All \(3\)/ })).toBeVisible(LIVE);
    await main.getByRole('button', { name: /^Paid \(2\)/ }).click();
    await expect(page).toHaveURL(/status=paid/);
    await expect(main.getByRole('link', { name: 'INV-0001' }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'Draft' })).toHaveCount(0);
    await main.getByRole('button', { name: /^Draft \(1\)/ }).click();
    await expect(main.getByRole('link', { name: 'Draft' }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'INV-0001' })).toHaveCount(0);
    await main.getByRole('button', { name: /^All \(3\)/ }).click();
    await expect(main.getByRole('row')).toHaveCount(4);
    await shot(page, 'invoices/en-desktop-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(main.getByRole('link', { name: 'INV-0002' })).toBeVisible();
    await shot(page, 'invoices/en-phone-list');
    await page.setViewportSize({ width: 1280, height: 720 });

    // The project's Invoices tab lists its invoice, and "New invoice" comes with the project and client chosen.
    await page.goto(`/dashboard/projects/${w.website}?tab=invoices`);
    await expect(main.getByRole('link', { name: 'INV-0001' })).toBeVisible();
    await expect(main.getByText('Logo')).toHaveCount(0);
    await shot(page, 'invoices/en-desktop-project-tab');
    await main.getByRole('link', { name: 'New invoice' }).click();
    await expect(main.getByRole('heading', { name: 'New invoice', level: 1 })).toBeVisible();
    await expect(main.getByLabel('Client', { exact: true })).toHaveValue(await clientId(request));
    await expect(main.getByLabel('Project (optional)')).toHaveValue(w.website);
  } finally {
    await context.close();
  }
});

test('provider in German on a phone: German number input, totals in euros, sent as INV-0001', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await world(request, 'de');
  await setProfileLanguage(request, 'de');
  const context = await browser.newContext({ storageState: await request.storageState(), ...GERMAN_PHONE });
  try {
    const page = await context.newPage();
    await gotoLive(page, '/dashboard/invoices');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Rechnungen', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(main.getByRole('heading', { name: 'Noch keine Rechnungen' })).toBeVisible();
    await shot(page, 'invoices/de-phone-empty');

    await main.getByRole('link', { name: 'Neue Rechnung' }).first().click();
    await main.getByLabel('Kunde', { exact: true }).selectOption({ label: 'Grace Hopper' });
    await expect(main.getByLabel('Währung')).toHaveValue('EUR');
    await expect(main.getByLabel('Sprache der Rechnung')).toHaveValue('de');
    await fillLine(main.getByRole('listitem', { name: 'Position 1' }), DE, {
      description: 'Beratung',
      quantity: '1,5',
      price: '1.234,56',
      tax: '19',
    });
    await main.getByRole('button', { name: 'Position hinzufügen' }).click();
    await fillLine(main.getByRole('listitem', { name: 'Position 2' }), DE, {
      description: 'Reisekosten',
      quantity: '1',
      price: '99,90',
      tax: '',
    });
    await expect(main.getByTestId('subtotal')).toHaveText('1.951,74\u00a0€');
    await expect(main.getByTestId('tax')).toHaveText('351,85\u00a0€');
    await expect(main.getByTestId('total')).toHaveText('2.303,59\u00a0€');
    await shot(page, 'invoices/de-phone-editor');

    // A wrong number is refused at its field, in German.
    await main.getByRole('listitem', { name: 'Position 2' }).getByLabel(DE.price).fill('12,345');
    await main.getByRole('button', { name: 'Entwurf speichern' }).click();
    await expect(main.getByText('Preis mit höchstens 2 Nachkommastellen')).toBeVisible();
    await main.getByRole('listitem', { name: 'Position 2' }).getByLabel(DE.price).fill('99,90');
    await main.getByRole('button', { name: 'Entwurf speichern' }).click();
    await expect(main.getByTestId('invoice-number')).toHaveText('Entwurf');
    await expect(main.getByTestId('invoice-amount')).toHaveText('2.303,59\u00a0€');

    await main.getByRole('button', { name: 'Versenden', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rechnung versenden' }).click();
    await expect(page.getByText('Rechnung versendet', { exact: true })).toBeVisible();
    await expect(main.getByTestId('invoice-number')).toHaveText('INV-0001');
    await shot(page, 'invoices/de-phone-sent');

    await main.getByRole('link', { name: 'Alle Rechnungen' }).click();
    await expect(main.getByRole('link', { name: 'INV-0001' })).toBeVisible();
    await expect(main.getByRole('button', { name: /^Versendet \(1\)/ })).toBeVisible();
    await shot(page, 'invoices/de-phone-list');

    // Cancelled with a credit note: the invoice is final and its credit note can be downloaded.
    await main.getByRole('link', { name: 'INV-0001' }).click();
    await main.getByRole('button', { name: 'Mit Gutschrift stornieren' }).click();
    const cancel = page.getByRole('dialog');
    await cancel.getByLabel('Grund (optional)').fill('Falscher Stundensatz');
    await cancel.getByRole('button', { name: 'Mit Gutschrift stornieren' }).click();
    await expect(page.getByText(/^Rechnung mit Gutschrift .+ storniert$/)).toBeVisible();
    await expect(main.getByText('Storniert', { exact: true }).first()).toBeVisible();
    const creditNote = await page.request.get(
      (await main.getByRole('link', { name: 'Gutschrift (PDF)' }).getAttribute('href')) ?? '',
    );
    expect(creditNote.status()).toBe(200);
    expect(creditNote.headers()['content-type']).toContain('application/pdf');
    await expect(main.getByText('Falscher Stundensatz')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Als bezahlt markieren' })).toHaveCount(0);
    await shot(page, 'invoices/de-phone-cancelled');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(main.getByRole('cell', { name: 'Beratung' })).toBeVisible();
    await shot(page, 'invoices/de-desktop-cancelled');
  } finally {
    await context.close();
  }
});
