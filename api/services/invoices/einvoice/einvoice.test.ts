import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LEGAL_NOTES } from '../../../../shared/contracts/legal';
import { QPDF, qpdfCheck, tempPdf } from '../pdf/pdf-tools';
import { type InvoicePdfData, renderInvoicePdf } from '../pdf/render';
import { germanInvoice } from '../pdf/testing';
import { facturXPdf, xrechnungXml } from './generate';
import { decimal, type EInvoicePayment, quantity, toEInvoice } from './map';
import { attachment, attachments, ruleProblems, xsdProblems } from './testing';

/*
 * Every kind of invoice we make, as XRechnung XML and as ZUGFeRD PDF, checked by tools that are not the
 * generator: the EN 16931 CII XSD (libxml2), the EN 16931 and XRechnung business rules (Schematron), qpdf
 * (structure, the embedded `factur-x.xml`), pdfinfo (the PDF/A-3 identification in the XMP metadata).
 */

const german = germanInvoice();

const bank: EInvoicePayment = {
  phone: '+49 89 1234567',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  stripeConnected: false,
};

const usLike: InvoicePdfData = {
  ...german,
  language: 'en',
  currency: 'USD',
  number: 'INV-0007',
  description: 'Website redesign',
  seller: {
    name: 'Miller Design LLC',
    street: '500 Market Street',
    postcode: '94105',
    city: 'San Francisco',
    country: 'US',
    taxNumber: '12-3456789',
    vatId: null,
    buyerReference: null,
  },
  buyer: {
    name: 'Acme Bakery Inc.',
    street: '12 Bread Lane',
    postcode: '10001',
    city: 'New York',
    country: 'US',
    vatId: null,
    taxNumber: null,
    buyerReference: null,
  },
  supply: { date: null, from: '2026-02-01', to: '2026-02-28' },
  notes: [LEGAL_NOTES.outsideScope.en],
  lines: [
    {
      description: 'Design work',
      quantityMilli: 12500,
      unitPriceCents: 9500,
      taxRateBp: null,
      unit: 'hour',
      vatCategory: 'outside_scope',
      exemptionReason: null,
    },
    {
      description: 'Hosting, one month',
      quantityMilli: 1000,
      unitPriceCents: 2500,
      taxRateBp: null,
      unit: 'month',
      vatCategory: 'outside_scope',
      exemptionReason: null,
    },
  ],
};

const smallBusiness: InvoicePdfData = {
  ...german,
  number: 'RE-0003',
  taxMode: 'small_business',
  seller: { ...german.seller, vatId: null },
  notes: [LEGAL_NOTES.smallBusiness.de],
  lines: german.lines.map((l) => ({ ...l, taxRateBp: null, vatCategory: 'exempt' as const })),
};

const reverseCharge: InvoicePdfData = {
  ...german,
  number: 'RE-0004',
  language: 'en',
  buyer: {
    ...german.buyer,
    name: 'Wiener Bäckerei GmbH',
    street: 'Kärntner Straße 1',
    postcode: '1010',
    city: 'Wien',
    country: 'AT',
    vatId: 'ATU12345678',
    buyerReference: null,
  },
  notes: [LEGAL_NOTES.reverseCharge.en],
  lines: [
    {
      description: 'Consulting',
      quantityMilli: 8000,
      unitPriceCents: 11000,
      taxRateBp: null,
      unit: 'hour',
      vatCategory: 'reverse_charge',
      exemptionReason: null,
    },
  ],
};

const mixed: InvoicePdfData = {
  ...german,
  number: 'RE-0005',
  lines: [
    ...german.lines,
    {
      description: 'Porto (Ausfuhrlieferung)',
      quantityMilli: 1000,
      unitPriceCents: 1290,
      taxRateBp: 0,
      unit: 'unit',
      vatCategory: 'zero',
      exemptionReason: null,
    },
    {
      description: 'Seminar (Bildungsleistung)',
      quantityMilli: 1000,
      unitPriceCents: 45000,
      taxRateBp: 0,
      unit: 'day',
      vatCategory: 'exempt',
      exemptionReason: 'Steuerfrei nach § 4 Nr. 21 UStG',
    },
  ],
};

const creditNote: InvoicePdfData = {
  ...german,
  kind: 'credit_note',
  status: 'cancelled',
  number: 'ST-0001',
  issueDate: '2026-04-02',
  dueDate: null,
  cancels: { number: 'RE-2026-0042', issueDate: '2026-03-12', reason: 'Doppelt berechnet' },
};

const CASES: [string, InvoicePdfData, EInvoicePayment][] = [
  ['German, 19 % and 7 %, SEPA transfer', german, bank],
  [
    'US-like, USD, not subject to VAT, card in the portal',
    usLike,
    { ...bank, iban: null, stripeConnected: true },
  ],
  ['small business (§ 19 UStG): exempt with its note', smallBusiness, { ...bank, iban: null, bic: null }],
  ['reverse charge to Austria', reverseCharge, bank],
  ['standard, reduced, zero and exempt together', mixed, bank],
  ['credit note of the German invoice', creditNote, bank],
];

const input = (data: InvoicePdfData, payment: EInvoicePayment) =>
  toEInvoice({ data, payment, payUrl: 'https://portal.example/portal/p1/invoices/i1' });

/** The text of every element `name` (without namespace prefix) in document order. */
const values = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)</ram:${name}>`, 'g'))].map((m) => m[1]);

describe('XRechnung (CII)', () => {
  it.each(CASES)(
    '%s: valid against the EN 16931 CII XSD and the EN 16931 and XRechnung rules',
    async (_, data, payment) => {
      const xml = await xrechnungXml(input(data, payment), data.language);
      expect(await xsdProblems(xml)).toEqual([]);
      expect(ruleProblems(xml)).toEqual([]);
      expect(values(xml, 'ID')).toContain(
        'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
      );
    },
  );

  it('carries what the German invoice says: parties, units, categories, totals, Leitweg-ID, IBAN', async () => {
    const xml = await xrechnungXml(input(german, bank), 'de');
    expect(values(xml, 'TypeCode')).toContain('380');
    expect(values(xml, 'BuyerReference')).toEqual(['04011000-12345-67']);
    expect(xml).toContain('unitCode="DAY">1.5<');
    expect(xml).toContain('unitCode="H87">2<');
    expect(xml).toContain('unitCode="LS">1<');
    expect(values(xml, 'CategoryCode')).toEqual(['S', 'S', 'S', 'S', 'S']);
    // 1.5 × 1234.50 = 1851.75; 2 × 39.99 = 79.98; 50.00 → 1981.73 net; VAT 19 % of 1901.75 = 361.33, 7 % of 79.98 = 5.60
    expect(values(xml, 'LineTotalAmount').at(-1)).toBe('1981.73');
    expect(values(xml, 'CalculatedAmount').sort()).toEqual(['361.33', '5.60']);
    expect(values(xml, 'GrandTotalAmount')).toEqual(['2348.66']);
    expect(values(xml, 'IBANID')).toEqual(['DE89370400440532013000']);
    expect(values(xml, 'BICID')).toEqual(['COBADEFFXXX']);
    expect(values(xml, 'TypeCode')).toContain('58');
    expect(xml).toContain('schemeID="VA">DE123456789<');
    expect(xml).toContain('schemeID="FC">143/123/45678<');
    expect(values(xml, 'CompleteNumber')).toEqual(['+49 89 1234567']);
    expect(values(xml, 'PostcodeCode')).toEqual(['80331', '90403']);
  });

  it('names the exemption: § 19 on E, VATEX-EU-AE on reverse charge, VATEX-EU-O outside the scope', async () => {
    const small = await xrechnungXml(input(smallBusiness, bank), 'de');
    expect(values(small, 'ExemptionReason')).toEqual([LEGAL_NOTES.smallBusiness.de]);
    expect(values(small, 'TaxTotalAmount')).toEqual(['0.00']);
    const rc = await xrechnungXml(input(reverseCharge, bank), 'en');
    expect(values(rc, 'ExemptionReasonCode')).toEqual(['VATEX-EU-AE']);
    expect(rc).toContain('schemeID="VA">ATU12345678<');
    const us = await xrechnungXml(input(usLike, { ...bank, iban: null, stripeConnected: true }), 'en');
    expect(values(us, 'ExemptionReasonCode')).toEqual(['VATEX-EU-O']);
    expect(values(us, 'TypeCode')).toContain('68');
    expect(us).toContain('https://portal.example/portal/p1/invoices/i1');
    expect(us).toContain('<udt:DateTimeString format="102">20260201</udt:DateTimeString>');
  });

  it('outside the scope names no VAT id of either party, even a German seller’s (BR-O-02)', async () => {
    const abroad: InvoicePdfData = {
      ...usLike,
      seller: german.seller,
      buyer: { ...usLike.buyer, vatId: 'GB123456789' },
    };
    const xml = await xrechnungXml(input(abroad, bank), 'en');
    expect(xml).not.toContain('schemeID="VA"');
    expect(xml).toContain('schemeID="FC">143/123/45678<');
    expect(ruleProblems(xml)).toEqual([]);
    // With a VAT id and no tax number, the VAT id identifies the seller as its registration (BR-CO-26).
    const onlyVatId = { ...abroad, seller: { ...german.seller, taxNumber: null } };
    const registered = await xrechnungXml(input(onlyVatId, bank), 'en');
    expect(registered).not.toContain('schemeID="VA"');
    expect(ruleProblems(registered)).toEqual([]);
  });

  it('makes a credit note type 381 that references the cancelled invoice, with positive amounts', async () => {
    const xml = await xrechnungXml(input(creditNote, bank), 'de');
    expect(values(xml, 'TypeCode')).toContain('381');
    expect(values(xml, 'IssuerAssignedID')).toEqual(['RE-2026-0042']);
    expect(values(xml, 'GrandTotalAmount')).toEqual(['2348.66']);
  });

  it('the checks can fail: a wrong total, a missing phone, an element the XSD does not know', async () => {
    const xml = await xrechnungXml(input(german, bank), 'de');
    const wrongTotal = xml.replace('<ram:GrandTotalAmount>2348.66<', '<ram:GrandTotalAmount>2348.67<');
    expect(ruleProblems(wrongTotal).join('\n')).toContain('BR-CO-15');
    const noPhone = await xrechnungXml(input(german, { ...bank, phone: null }), 'de');
    expect(ruleProblems(noPhone).join('\n')).toContain('BR-DE-6');
    const wrongLine = xml.replace('<ram:LineTotalAmount>79.98<', '<ram:LineTotalAmount>79.99<');
    expect(ruleProblems(wrongLine).join('\n')).toMatch(/BR-CO-10[\s\S]*BR-S-08|BR-S-08[\s\S]*BR-CO-10/);
    const unknown = xml.replace('<ram:BuyerReference>', '<ram:Unknown>x</ram:Unknown><ram:BuyerReference>');
    expect((await xsdProblems(unknown)).join('\n')).toContain('Unknown');
  });

  it('refuses a draft (no number) before the library sees it', () => {
    expect(() => input({ ...german, status: 'draft', number: null }, bank)).toThrow(/draft/);
  });
});

describe.skipIf(!QPDF)('ZUGFeRD / Factur-X PDF', () => {
  it.each(CASES)(
    '%s: PDF/A-3 that qpdf accepts, with a valid factur-x.xml embedded',
    async (_, data, payment) => {
      const pdf = await renderInvoicePdf(data);
      const out = await facturXPdf(input(data, payment), data.language, { bytes: pdf, fileName: 'x.pdf' });
      expect(qpdfCheck(out)).toContain('No syntax or stream encoding errors');
      expect(attachments(out)).toEqual(['factur-x.xml']);
      const xml = attachment(out, 'factur-x.xml');
      expect(await xsdProblems(xml)).toEqual([]);
      expect(ruleProblems(xml)).toEqual([]);
      expect(values(xml, 'ID')).toContain('urn:cen.eu:en16931:2017');
      expect(values(xml, 'ID')).toContain(data.number);
      const meta = execFileSync('pdfinfo', ['-meta', tempPdf(out)], { encoding: 'utf8' });
      expect(meta).toMatch(/pdfaid:part(>|=")3/);
      expect(meta).toMatch(/fx:DocumentFileName(>|=")factur-x\.xml/);
      expect(meta).toMatch(/fx:ConformanceLevel(>|=")EN 16931/);
    },
  );
});

describe('amounts as the library gets them', () => {
  it('writes cents and thousandths exactly', () => {
    expect(decimal(0)).toBe('0.00');
    expect(decimal(5)).toBe('0.05');
    expect(decimal(-5000)).toBe('-50.00');
    expect(decimal(99_999_999)).toBe('999999.99');
    expect(quantity(1500)).toBe('1.5');
    expect(quantity(125)).toBe('0.125');
    expect(quantity(12000)).toBe('12');
    expect(quantity(-1000)).toBe('-1');
  });
});
