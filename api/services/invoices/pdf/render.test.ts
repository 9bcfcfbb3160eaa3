import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { computeTotals } from '../../../../shared/contracts/money';
import { centsToDecimal, pdfFormat } from './format';
import { pdfFileName } from './load';
import { POPPLER, pdfFonts, pdfImageCount, pdfInfo, pdfPagePng, pdfText, QPDF, qpdfCheck } from './pdf-tools';
import { type InvoicePdfData, renderInvoicePdf } from './render';
import { germanInvoice } from './testing';

/*
 * The invoice PDF read back by independent tools: pdftotext (the text, in the invoice's language and number
 * formats), pdffonts (every font embedded, subset, with a Unicode map), pdfinfo (metadata), qpdf --check.
 */

const LONG =
  'Konzeption und Gestaltung der Startseite inklusive Straßenkarte, Öffnungszeiten, Größenangaben für Brötchen und Süßwaren, drei Überarbeitungsrunden sowie Abstimmung mit der Geschäftsführung – nach Aufwand.';

/** The German sample with a long line and a zero-rated one, its payment text and footer printed. */
const invoice = (overrides: Partial<InvoicePdfData> = {}): InvoicePdfData =>
  germanInvoice({
    lines: [
      ...germanInvoice().lines.slice(0, 1),
      {
        description: LONG,
        quantityMilli: 2000,
        unitPriceCents: 8000,
        taxRateBp: 700,
        unit: 'hour',
        vatCategory: 'reduced',
        exemptionReason: null,
      },
      {
        description: 'Domain (steuerfrei)',
        quantityMilli: 1000,
        unitPriceCents: 1200,
        taxRateBp: null,
        unit: 'flat_rate',
        vatCategory: 'zero',
        exemptionReason: null,
      },
    ],
    ...overrides,
  });

const sixtyLines = Array.from({ length: 60 }, (_, i) => ({
  description: i % 9 === 4 ? `${LONG} (${i + 1})` : `Leistung Nr. ${i + 1}: Straße, Größe, Fußweg`,
  quantityMilli: 1000 + i * 250,
  unitPriceCents: 1000 + i * 37,
  taxRateBp: i % 3 === 0 ? 700 : 1900,
  unit: 'hour' as const,
  vatCategory: 'standard' as const,
  exemptionReason: null,
}));

describe('number formats', () => {
  it('turns cents into exact decimals', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-123450)).toBe('-1234.50');
    expect(centsToDecimal(99_999_999)).toBe('999999.99');
    expect(() => centsToDecimal(1.5)).toThrow();
  });
  it('formats money, quantities, rates and dates per language', () => {
    const de = pdfFormat('de', 'EUR');
    const en = pdfFormat('en', 'USD');
    expect(de.money(123450)).toBe('1.234,50\u00a0€');
    expect(de.money(-123450)).toBe('-1.234,50\u00a0€');
    expect(en.money(123450)).toBe('$1,234.50');
    expect(pdfFormat('en', 'EUR').money(99_999_999)).toBe('€999,999.99');
    expect(de.quantity(1500)).toBe('1,5');
    expect(en.quantity(1_234_567)).toBe('1,234.567');
    expect(de.rate(1900)).toBe('19\u00a0%');
    expect(de.rate(750)).toBe('7,5\u00a0%');
    expect(en.rate(750)).toBe('7.5\u00a0%');
    expect(de.date('2026-03-12')).toBe('12.03.2026');
    expect(en.date('2026-03-12')).toBe('Mar 12, 2026');
  });
  it('names downloads after the number, safely', () => {
    expect(pdfFileName('INV-0001', 'en')).toBe('INV-0001.pdf');
    expect(pdfFileName('RE/2026:01', 'de')).toBe('RE-2026-01.pdf');
    expect(pdfFileName(null, 'de')).toBe('Rechnung-Entwurf.pdf');
    expect(pdfFileName(null, 'en')).toBe('Invoice-draft.pdf');
  });
});

describe.skipIf(!POPPLER)(
  `the rendered PDF${POPPLER ? '' : ' (skipped: poppler-utils not installed)'}`,
  () => {
    it('reads in German: umlauts, ß, €, German numbers and tax groups, Inter embedded', async () => {
      const data = invoice();
      const pdf = await renderInvoicePdf(data);
      const text = pdfText(pdf);
      const totals = computeTotals(data.lines);
      for (const expected of [
        'Rechnung',
        'RE-2026-0042',
        'Rechnungsdatum',
        '12.03.2026',
        'Fällig am',
        '26.03.2026',
        'Bäckerei Groß GmbH',
        'Renée Weiß',
        'Müller Design Studio',
        'Hauptstraße 5',
        'USt-IdNr.: DE123456789',
        '1,5',
        '1.234,50 €',
        '1.851,75 €',
        '19 % USt. auf 1.851,75 €',
        '7 % USt. auf 160,00 €',
        'Gesamtbetrag',
        pdfFormat('de', 'EUR').money(totals.totalCents).replace('\u00a0', ' '),
        'IBAN DE89 3704 0044 0532 0130 00',
        'Bitte überweisen Sie den Gesamtbetrag bis zum 26.03.2026.',
        'Vielen Dank für Ihren Auftrag – Grüße aus München!',
        'Seite 1 von 1',
      ]) {
        expect(text).toContain(expected);
      }
      // The long description is all there (wrapped over lines).
      expect(text.replace(/\s+/g, ' ')).toContain(LONG);
      expect(text).not.toMatch(/\$|Invoice|Page 1/);
      const fonts = pdfFonts(pdf);
      expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
        'Inter-Regular',
        'Inter-SemiBold',
      ]);
      expect(fonts.every((f) => f.emb && f.sub && f.uni)).toBe(true);
    });

    it('reads in English with English labels and number formats', async () => {
      const pdf = await renderInvoicePdf(invoice({ language: 'en', currency: 'USD' }));
      const text = pdfText(pdf);
      for (const expected of [
        'Invoice',
        'Issue date',
        'Mar 12, 2026',
        'Due date',
        'Bill to'.toUpperCase(),
        '$1,234.50',
        '$1,851.75',
        'VAT 19 % on $1,851.75',
        'VAT 7 % on $160.00',
        'Please pay the total by Mar 26, 2026.',
        'Page 1 of 1',
        'VAT ID: DE123456789',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toMatch(/€|Rechnung|Seite/);
    });

    it('breaks 60 lines over pages, repeating the table header, numbering the pages', async () => {
      const data = invoice({ lines: sixtyLines });
      const pdf = await renderInvoicePdf(data);
      const pages = Number(pdfInfo(pdf).Pages);
      expect(pages).toBeGreaterThanOrEqual(3);
      const text = pdfText(pdf);
      for (let page = 1; page <= pages; page++) expect(text).toContain(`Seite ${page} von ${pages}`);
      // The header row on every page that has lines (the last may hold only the totals).
      const headers = text.match(/Einzelpreis/g)?.length ?? 0;
      expect(headers).toBeGreaterThanOrEqual(pages - 1);
      expect(headers).toBeLessThanOrEqual(pages);
      const flat = text.replace(/\s+/g, ' ');
      for (const line of data.lines) expect(flat).toContain(line.description);
      const total = computeTotals(data.lines).totalCents;
      expect(text).toContain(pdfFormat('de', 'EUR').money(total).replace('\u00a0', ' '));
      if (QPDF) expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
    });

    it('marks a draft, stamps paid and cancelled invoices', async () => {
      const draft = pdfText(await renderInvoicePdf(invoice({ status: 'draft', number: null })));
      expect(draft).toContain('ENTWURF');
      expect(draft).not.toContain('RE-2026-0042');
      const paid = pdfText(await renderInvoicePdf(invoice({ status: 'paid', paidDate: '2026-03-20' })), true);
      expect(paid).toContain('BEZAHLT');
      expect(paid).not.toContain('Bitte überweisen');
      const cancelled = pdfText(
        await renderInvoicePdf(invoice({ language: 'en', status: 'cancelled', cancelledBy: 'CN-0007' })),
        true,
      );
      expect(cancelled).toContain('CANCELLED');
      expect(cancelled).toContain('CN-0007');
      const open = pdfText(await renderInvoicePdf(invoice({ status: 'overdue' })));
      expect(open).not.toMatch(/BEZAHLT|STORNIERT|ENTWURF/);
    });

    it('renders the credit note as a Stornorechnung with negative amounts, naming the cancelled invoice', async () => {
      const data = invoice({
        kind: 'credit_note',
        status: 'cancelled',
        number: 'ST-0003',
        issueDate: '2026-04-02',
        dueDate: null,
        cancels: { number: 'RE-2026-0042', issueDate: '2026-03-12', reason: 'Doppelt berechnet' },
      });
      const pdf = await renderInvoicePdf(data);
      const text = pdfText(pdf);
      const total = computeTotals(data.lines).totalCents;
      for (const expected of [
        'Stornorechnung',
        'ST-0003',
        '02.04.2026',
        'Storniert Rechnung',
        'RE-2026-0042',
        'Rechnung RE-2026-0042 vom 12.03.2026',
        'Grund: Doppelt berechnet',
        '-1.234,50 €',
        '-1.851,75 €',
        '19 % USt. auf -1.851,75 €',
        'Gutgeschriebener Betrag',
        pdfFormat('de', 'EUR').money(-total).replace('\u00a0', ' '),
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Bitte überweisen');
      expect(pdfInfo(pdf).Title).toBe('Stornorechnung ST-0003');
      const en = pdfText(await renderInvoicePdf({ ...data, language: 'en', currency: 'USD' }));
      expect(en).toContain('Credit note');
      expect(en).toContain('-$1,234.50');
      expect(en).toContain('cancels invoice RE-2026-0042 of Mar 12, 2026');
    });

    it('has metadata dated by the issue date, embeds the logo, and is byte-for-byte reproducible', async () => {
      const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();
      // Words no other test shaped: the first render shapes them, the second takes them from the shared cache.
      const data = invoice({
        description: `Einmalige Wörter ${Date.now().toString(36)} Größenübersicht`,
        branding: { logo, primaryColor: '#ffeeaa', secondaryColor: 'not a colour' },
      });
      const pdf = await renderInvoicePdf(data);
      const info = pdfInfo(pdf);
      expect(info.Title).toBe('Rechnung RE-2026-0042');
      expect(info.Author).toBe('Müller Design Studio');
      expect(info.CreationDate).toMatch(/^2026-03-12T00:00:00/);
      expect(pdfImageCount(pdf)).toBe(1);
      expect((await renderInvoicePdf(data)).equals(pdf)).toBe(true);
      // A logo that is not an image: the name stands in, the PDF is still made.
      const broken = await renderInvoicePdf(
        invoice({
          branding: { logo: Buffer.from('nope'), primaryColor: '#0f766e', secondaryColor: '#000000' },
        }),
      );
      expect(pdfImageCount(broken)).toBe(0);
      expect(pdfText(broken)).toContain('Müller Design Studio');
    });

    it('renders to an image with the portal’s colours: the band in the primary, the total’s rule in the secondary', async () => {
      const png = pdfPagePng(await renderInvoicePdf(invoice()), 1, 72);
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => {
        const i = (y * info.width + x) * 3;
        return [data[i], data[i + 1], data[i + 2]].map((v) => v as number);
      };
      const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - (b[i] as number)) <= 8);
      expect(near(pixel(Math.round(info.width / 2), 1), [0x0f, 0x76, 0x6e])).toBe(true);
      // Somewhere in the right half below the table: the secondary colour's rule above the total.
      let amber = 0;
      for (let y = Math.round(info.height * 0.3); y < info.height * 0.8; y++)
        for (let x = Math.round(info.width / 2); x < info.width - 40; x++)
          if (near(pixel(x, y), [0xf5, 0x9e, 0x0b])) amber++;
      expect(amber).toBeGreaterThan(50);
      // Not blank: dark text covers part of the page.
      let dark = 0;
      for (let i = 0; i < data.length; i += 3) if ((data[i] as number) < 100) dark++;
      expect(dark / (info.width * info.height)).toBeGreaterThan(0.01);
    });

    it('prints every field § 14 (4) UStG requires on a German invoice', async () => {
      const data = invoice({ paymentInstructions: undefined } as never);
      const text = pdfText(await renderInvoicePdf(data), true);
      const flat = text.replace(/\s+/g, ' ');
      const required: [string, string][] = [
        // Nr. 1: full name and address of the supplier and of the recipient
        ['supplier name', 'Müller Design Studio – Jürgen Müller'],
        ['supplier street', 'Hauptstraße 5'],
        ['supplier postcode and city', '80331 München'],
        ['supplier country', 'Deutschland'],
        ['recipient name', 'Bäckerei Groß GmbH'],
        ['recipient street', 'Brotgasse 12'],
        ['recipient postcode and city', '90403 Nürnberg'],
        ['buyer reference', 'Ihre Referenz: 04011000-12345-67'],
        // Nr. 2: tax number or VAT id
        ['tax number', 'Steuernummer: 143/123/45678'],
        ['VAT id', 'USt-IdNr.: DE123456789'],
        // Nr. 3 and 4: date of issue, sequential number
        ['date of issue', 'Rechnungsdatum 12.03.2026'],
        ['number', 'Rechnungsnummer RE-2026-0042'],
        // Nr. 5: quantity and kind of the supply (with the unit)
        ['description', 'Gestaltung Startseite (Maße & Größen)'],
        ['quantity and unit', '1,5 Tage'],
        ['quantity and unit (hours)', '2 Std.'],
        ['quantity and unit (flat rate)', '1 pauschal'],
        // Nr. 6: the date of supply
        ['date of supply', 'Leistungsdatum 10.03.2026'],
        // Nr. 7 and 8: net per rate, the rate and the tax amount; untaxed net with its category
        ['net and tax at 19 %', '19 % USt. auf 1.851,75 €'],
        ['net and tax at 7 %', '7 % USt. auf 160,00 €'],
        ['untaxed net', 'Nullsatz auf 12,00 €'],
        ['total', 'Gesamtbetrag'],
      ];
      for (const [field, expected] of required) expect(flat, field).toContain(expected);
      // The tax amounts themselves.
      const totals = computeTotals(data.lines);
      for (const group of totals.taxes) {
        expect(flat).toContain(pdfFormat('de', 'EUR').money(group.taxCents).replace('\u00a0', ' '));
      }

      // A period of service instead of a day.
      const period = pdfText(
        await renderInvoicePdf(invoice({ supply: { date: null, from: '2026-02-01', to: '2026-02-28' } })),
        true,
      ).replace(/\s+/g, ' ');
      expect(period).toContain('Leistungszeitraum 01.02.2026 – 28.02.2026');
      expect(period).not.toContain('Leistungsdatum');

      // § 19 UStG: no VAT, the note printed.
      const small = invoice({
        taxMode: 'small_business',
        notes: ['Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.'],
        lines: data.lines.map((l) => ({ ...l, taxRateBp: null, vatCategory: 'exempt' as const })),
      });
      const smallText = pdfText(await renderInvoicePdf(small)).replace(/\s+/g, ' ');
      expect(smallText).toContain('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
      // (pdftotext loses this row's first letter in extraction; the rendered page shows it whole.)
      expect(smallText).toContain('USt. (§ 19 UStG) auf 2.023,75 €');
      expect(smallText).not.toMatch(/\d+ % USt\. auf/);

      // Reverse charge: both VAT ids, 0 %, the note.
      const rc = invoice({
        buyer: { ...data.buyer, country: 'FR', city: 'Paris', postcode: '75008', vatId: 'FR40303265045' },
        notes: ['Steuerschuldnerschaft des Leistungsempfängers'],
        lines: data.lines.map((l) => ({ ...l, taxRateBp: 0, vatCategory: 'reverse_charge' as const })),
      });
      const rcText = pdfText(await renderInvoicePdf(rc)).replace(/\s+/g, ' ');
      expect(rcText).toContain('Steuerschuldnerschaft des Leistungsempfängers');
      expect(rcText).toContain('USt-IdNr.: FR40303265045');
      expect(rcText).toContain('USt-IdNr.: DE123456789');
      expect(rcText).toContain('Frankreich');
      expect(rcText).toContain('Reverse Charge (0 %) auf');
    });

    it.skipIf(!QPDF)('passes qpdf --check', async () => {
      expect(qpdfCheck(await renderInvoicePdf(invoice()))).toContain('No syntax or stream encoding errors');
    });
  },
);
