import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Download, devices, expect, type Page, test } from '@playwright/test';
import {
  attachment,
  attachments,
  ruleProblems,
  xsdProblems,
} from '../../api/services/invoices/einvoice/testing';
import { QPDF } from '../../api/services/invoices/pdf/pdf-tools';
import { signedInClientContext, world } from './collaboration-world';
import { expectNoSidewaysScroll, latestMail, ok, setProfileLanguage } from './support';

/**
 * Issue 28, e-invoices end to end: a provider with the legal details, a phone and a bank account (set up
 * through the API) sends an invoice; on a Pixel-sized phone, in English and in German, the provider downloads
 * its XRechnung XML and its ZUGFeRD PDF from the dashboard's invoice page, and the client downloads both from
 * the portal's invoice page. Once the settings lose the phone, the page says XRechnung needs it, and the sent
 * invoice's XRechnung still carries the phone it was sent with. Every file is checked: the XML against the EN 16931 CII XSD and the EN 16931 /
 * XRechnung rules, the PDF with qpdf for its embedded `factur-x.xml`.
 */

const { defaultBrowserType: _, ...PIXEL } = devices['Pixel 7'];

const TEXTS = {
  en: {
    locale: 'en-US',
    xrechnung: 'E-invoice (XRechnung XML)',
    zugferd: 'ZUGFeRD PDF',
    invoiceHeading: (n: string) => `Invoice ${n}`,
    phoneHint: /Your invoice settings have no phone number, which XRechnung requires/,
  },
  de: {
    locale: 'de-DE',
    xrechnung: 'E-Rechnung (XRechnung-XML)',
    zugferd: 'ZUGFeRD-PDF',
    invoiceHeading: (n: string) => `Rechnung ${n}`,
    phoneHint: /In Ihren Rechnungseinstellungen fehlt die Telefonnummer, die die XRechnung verlangt/,
  },
} as const;

/** A sent invoice of the world's client with units, a day of supply and a Leitweg-ID. */
async function sentInvoice(request: APIRequestContext, clientId: string, language: 'en' | 'de') {
  await ok(
    await request.patch('/api/invoice-settings', {
      data: {
        phone: '+49 30 1234567',
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
        attachEInvoice: true,
      },
    }),
  );
  await ok(await request.patch(`/api/clients/${clientId}`, { data: { buyerReference: '991-12345-67' } }));
  const draft = await ok<{ id: string }>(
    await request.post('/api/invoices', {
      data: {
        clientId,
        currency: 'EUR',
        language,
        supplyDate: '2026-03-02',
        lines: [
          {
            description: 'Design',
            quantityMilli: 12_500,
            unitPriceCents: 8000,
            taxRateBp: 1900,
            unit: 'hour',
          },
          {
            description: 'Fachbuch',
            quantityMilli: 1000,
            unitPriceCents: 1999,
            taxRateBp: 700,
            unit: 'piece',
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

async function download(page: Page, click: () => Promise<void>): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = test.info().outputPath(`${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { file, bytes: readFileSync(path) };
}

async function expectXRechnung(bytes: Buffer, number: string) {
  const xml = bytes.toString('utf8');
  expect(xml).toContain(`<ram:ID>${number}</ram:ID>`);
  expect(xml).toContain('<ram:BuyerReference>991-12345-67</ram:BuyerReference>');
  expect(xml).toContain('<ram:IBANID>DE89370400440532013000</ram:IBANID>');
  expect(await xsdProblems(xml)).toEqual([]);
  expect(ruleProblems(xml)).toEqual([]);
}

async function expectZugferd(bytes: Buffer, number: string) {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  if (!QPDF) return;
  expect(attachments(bytes)).toEqual(['factur-x.xml']);
  const xml = attachment(bytes, 'factur-x.xml');
  expect(xml).toContain(`<ram:ID>${number}</ram:ID>`);
  expect(await xsdProblems(xml)).toEqual([]);
  expect(ruleProblems(xml)).toEqual([]);
}

for (const language of ['en', 'de'] as const) {
  test(`${language}: the provider and the client download the XRechnung and the ZUGFeRD PDF on a phone`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const text = TEXTS[language];
    const w = await world(request, language);
    await setProfileLanguage(request, language);
    const invoice = await sentInvoice(request, w.clientId, language);
    // The provider attaches the e-invoice to the e-mail: the client's mail carries the XRechnung.
    const mail = (await latestMail(request, w.clientEmail, 'invoice_sent')) as unknown as {
      attachments: { filename: string; content: string }[];
    };
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${invoice.number}.xml`]);
    await expectXRechnung(Buffer.from(mail.attachments[0]?.content ?? '', 'base64'), invoice.number);

    const provider = await browser.newContext({
      ...PIXEL,
      locale: text.locale,
      storageState: await request.storageState(),
      acceptDownloads: true,
    });
    try {
      const page = await provider.newPage();
      await page.goto(`/dashboard/invoices/${invoice.id}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: new RegExp(invoice.number) })).toBeVisible({
        timeout: 30_000,
      });
      const xml = await download(page, () => main.getByRole('link', { name: text.xrechnung }).click());
      expect(xml.file.suggestedFilename()).toBe(`${invoice.number}.xml`);
      await expectXRechnung(xml.bytes, invoice.number);
      const pdf = await download(page, () => main.getByRole('link', { name: text.zugferd }).click());
      expect(pdf.file.suggestedFilename()).toBe(`${invoice.number}.pdf`);
      await expectZugferd(pdf.bytes, invoice.number);
      await expectNoSidewaysScroll(page);
      await expect(main.getByTestId('einvoice-phone-hint')).toHaveCount(0);
      // The settings lose the phone: the page says what XRechnung needs; the sent invoice keeps the phone
      // it was sent with, so its XRechnung still downloads.
      await ok(await request.patch('/api/invoice-settings', { data: { phone: null } }));
      await page.reload();
      await expect(main.getByTestId('einvoice-phone-hint')).toContainText(text.phoneHint);
      await expectNoSidewaysScroll(page);
      const kept = await download(page, () => main.getByRole('link', { name: text.xrechnung }).click());
      await expectXRechnung(kept.bytes, invoice.number);
      expect(kept.bytes.toString('utf8')).toContain('+49 30 1234567');
    } finally {
      await provider.close();
    }

    const client = await signedInClientContext(browser, request, w, {
      ...PIXEL,
      locale: text.locale,
      acceptDownloads: true,
    });
    try {
      const page = await client.newPage();
      await page.goto(`/portal/${w.portalId}/invoices/${invoice.id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: text.invoiceHeading(invoice.number) }),
      ).toBeVisible();
      const main = page.getByRole('main');
      const xml = await download(page, () => main.getByRole('button', { name: text.xrechnung }).click());
      expect(xml.file.suggestedFilename()).toBe(`${invoice.number}.xml`);
      await expectXRechnung(xml.bytes, invoice.number);
      const pdf = await download(page, () => main.getByRole('button', { name: text.zugferd }).click());
      expect(pdf.file.suggestedFilename()).toBe(`${invoice.number}.pdf`);
      await expectZugferd(pdf.bytes, invoice.number);
      await expectNoSidewaysScroll(page);
    } finally {
      await client.close();
    }
  });
}
