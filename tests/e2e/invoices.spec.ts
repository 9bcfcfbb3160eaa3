import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type APIRequestContext, expect as baseExpect, type Locator, test } from '@playwright/test';
import { world } from './collaboration-world';
import {
  createClient,
  GERMAN_PHONE,
  gotoLive,
  LIVE,
  ok,
  setProfileLanguage,
  shot,
  uniqueEmail,
} from './support';

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
  labels: { description: string; quantity: string; price: RegExp; tax: string; category: string },
  values: { description: string; quantity: string; price: string; tax: string },
) {
  await line.getByLabel(labels.description, { exact: true }).fill(values.description);
  await line.getByLabel(labels.quantity, { exact: true }).fill(values.quantity);
  await line.getByLabel(labels.price).fill(values.price);
  await line.getByLabel(labels.tax, { exact: true }).fill(values.tax);
  // A line without tax needs its VAT category (§ 14 (4) UStG, EN 16931 BT-151): here zero-rated.
  if (!values.tax) await line.getByLabel(labels.category, { exact: true }).selectOption('zero');
}

async function clientId(request: APIRequestContext): Promise<string> {
  const { items } = (await (await request.get('/api/clients')).json()) as { items: { id: string }[] };
  const id = items[0]?.id;
  if (!id) throw new Error('no client');
  return id;
}

const EN = {
  description: 'Description',
  quantity: 'Quantity',
  price: /^Unit price/,
  tax: 'Tax %',
  category: 'VAT category',
};
const DE = {
  description: 'Beschreibung',
  quantity: 'Menge',
  price: /^Einzelpreis/,
  tax: 'USt. %',
  category: 'USt.-Kategorie',
};

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

/** The PDF of an invoice as pdftotext reads it (`-layout`), spaces of every kind as one. */
async function pdfTextOf(request: APIRequestContext, invoiceId: string, name: string): Promise<string> {
  const res = await request.get(`/api/invoices/${invoiceId}/pdf`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  const path = test.info().outputPath(`${name}.pdf`);
  writeFileSync(path, await res.body());
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ');
}

/** A sent invoice through the API: its id and the day it was issued as the PDF prints it (`dd.mm.yyyy`). */
async function sendThroughApi(request: APIRequestContext, data: Record<string, unknown>) {
  const draft = await ok<{ id: string }>(await request.post('/api/invoices', { data }), 201);
  const sent = await ok<{ invoice: { number: string; issuedAt: string } }>(
    await request.post(`/api/invoices/${draft.id}/send`, { data: {} }),
  );
  const [y, m, d] = sent.invoice.issuedAt.slice(0, 10).split('-');
  return { id: draft.id, number: sent.invoice.number, issued: `${d}.${m}.${y}` };
}

test('the German PDF, read back with pdftotext, names every field § 14 (4) UStG requires: standard, reverse charge and § 19', async ({
  request,
}) => {
  test.skip(spawnSync('pdftotext', ['-v']).error !== undefined, 'pdftotext (poppler-utils) is not installed');
  test.setTimeout(120_000);
  // The provider's structured details and the client's billing address (`legalDetails`), set through the API.
  const w = await world(request, 'de');
  await ok(
    await request.patch(`/api/clients/${w.clientId}`, {
      data: { company: 'Hopper Analytics GmbH', buyerReference: '04011000-12345-67' },
    }),
  );

  // Standard: 19 % and 7 % lines and a zero-rated one, each with its unit; a day of supply.
  const standard = await sendThroughApi(request, {
    clientId: w.clientId,
    currency: 'EUR',
    language: 'de',
    supplyDate: '2026-03-10',
    lines: [
      {
        description: 'Gestaltung Startseite',
        quantityMilli: 1500,
        unitPriceCents: 123_450,
        taxRateBp: 1900,
        unit: 'day',
      },
      {
        description: 'Fachbuch Typografie',
        quantityMilli: 2000,
        unitPriceCents: 8_000,
        taxRateBp: 700,
        unit: 'piece',
        vatCategory: 'reduced',
      },
      {
        description: 'Domain',
        quantityMilli: 1000,
        unitPriceCents: 1_200,
        taxRateBp: null,
        unit: 'flat_rate',
        vatCategory: 'zero',
      },
    ],
  });
  const text = await pdfTextOf(request, standard.id, 'standard');
  const required: [string, string][] = [
    // Nr. 1: the supplier's full name and address
    ['supplier name', 'Acme Studio – Ada Lovelace'],
    ['supplier street', 'Hauptstraße 5'],
    ['supplier postcode and city', '10115 Berlin'],
    ['supplier country', 'Deutschland'],
    // Nr. 1: the recipient's full name and address (and the buyer reference)
    ['recipient name', 'Hopper Analytics GmbH'],
    ['recipient street', 'Kundenweg 2'],
    ['recipient postcode and city', '50667 Köln'],
    ['buyer reference', 'Ihre Referenz: 04011000-12345-67'],
    // Nr. 2: the tax number or the VAT id
    ['tax number', 'Steuernummer: 30/123/45678'],
    ['VAT id', 'USt-IdNr.: DE123456789'],
    // Nr. 3 and 4: the date of issue and the unique number
    ['date of issue', `Rechnungsdatum ${standard.issued}`],
    ['number', `Rechnungsnummer ${standard.number}`],
    // Nr. 5: the quantity and kind of the service, with the unit
    ['description (19 %)', 'Gestaltung Startseite'],
    ['quantity and unit (days)', '1,5 Tage'],
    ['description (7 %)', 'Fachbuch Typografie'],
    ['quantity and unit (pieces)', '2 Stk.'],
    ['description (0 %)', 'Domain'],
    ['quantity and unit (flat rate)', '1 pauschal'],
    // Nr. 6: the date of supply
    ['date of supply', 'Leistungsdatum 10.03.2026'],
    // Nr. 7 and 8: the net amount per tax rate, the rate and the tax amount; the untaxed net by category
    ['net at 19 %', '19 % USt. auf 1.851,75 €'],
    ['tax at 19 %', '351,83 €'],
    ['net at 7 %', '7 % USt. auf 160,00 €'],
    ['tax at 7 %', '11,20 €'],
    ['zero-rated net', 'Nullsatz auf 12,00 €'],
    ['total', 'Gesamtbetrag 2.386,78 €'],
  ];
  for (const [field, expected] of required) expect(text, field).toContain(expected);

  // Reverse charge: an EU business client in France with its VAT id; 0 %, both VAT ids and the note.
  const french = await createClient(request, {
    name: 'Marie Curie',
    email: uniqueEmail('client'),
    portalId: w.portalId,
    language: 'de',
  });
  await ok(
    await request.patch(`/api/clients/${french.id}`, {
      data: {
        company: 'Curie Conseil SARL',
        billingStreet: '12 rue de Rivoli',
        billingPostcode: '75004',
        billingCity: 'Paris',
        billingCountry: 'FR',
        vatId: 'FR40303265045',
      },
    }),
  );
  const reverse = await sendThroughApi(request, {
    clientId: french.id,
    currency: 'EUR',
    language: 'de',
    supplyFrom: '2026-02-01',
    supplyTo: '2026-02-28',
    lines: [
      {
        description: 'Beratung',
        quantityMilli: 10_000,
        unitPriceCents: 9_000,
        taxRateBp: 0,
        unit: 'hour',
        vatCategory: 'reverse_charge',
      },
    ],
  });
  const rc = await pdfTextOf(request, reverse.id, 'reverse-charge');
  for (const expected of [
    'Curie Conseil SARL',
    '12 rue de Rivoli',
    '75004 Paris',
    'Frankreich',
    'USt-IdNr.: FR40303265045',
    'USt-IdNr.: DE123456789',
    `Rechnungsnummer ${reverse.number}`,
    `Rechnungsdatum ${reverse.issued}`,
    'Leistungszeitraum 01.02.2026 – 28.02.2026',
    '10 Std.',
    'Reverse Charge (0 %) auf 900,00 €',
    'Steuerschuldnerschaft des Leistungsempfängers',
  ])
    expect(rc, expected).toContain(expected);
  expect(rc).not.toMatch(/\d+ % USt\. auf/);

  // Small business (§ 19 UStG): no VAT on the invoice, the note instead.
  await ok(await request.patch('/api/invoice-settings', { data: { taxMode: 'small_business' } }));
  const small = await sendThroughApi(request, {
    clientId: w.clientId,
    currency: 'EUR',
    language: 'de',
    supplyDate: '2026-03-11',
    lines: [
      { description: 'Workshop', quantityMilli: 2000, unitPriceCents: 50_000, taxRateBp: null, unit: 'day' },
    ],
  });
  const sb = await pdfTextOf(request, small.id, 'small-business');
  for (const expected of [
    'Acme Studio – Ada Lovelace',
    'Steuernummer: 30/123/45678',
    'Hopper Analytics GmbH',
    '50667 Köln',
    `Rechnungsnummer ${small.number}`,
    `Rechnungsdatum ${small.issued}`,
    'Leistungsdatum 11.03.2026',
    '2 Tage',
    'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    'Gesamtbetrag 1.000,00 €',
  ])
    expect(sb, expected).toContain(expected);
  expect(sb).not.toMatch(/\d+ % USt\. auf/);
});
