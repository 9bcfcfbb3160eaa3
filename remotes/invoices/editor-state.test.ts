import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceSettings } from '../../shared/contracts/invoices';
import {
  type EditorForm,
  emptyLine,
  formFromInvoice,
  formProblems,
  type LineDraft,
  liveTotals,
  moveLine,
  readAmount,
  readQuantity,
  readTaxRate,
  serverErrors,
  toReverseCharge,
  validateForm,
} from './editor-state';

const CLIENT = '7d6f1a52-3b1c-4c57-9a0e-2f1f5f4b8c11';
const line = (patch: Partial<LineDraft>): LineDraft => ({ ...emptyLine(), ...patch });
const form = (patch: Partial<EditorForm> = {}): EditorForm => ({
  clientId: CLIENT,
  projectId: '',
  currency: 'EUR',
  language: 'de',
  description: '',
  dueDate: '2026-12-31',
  supplyKind: 'day',
  supplyDate: '2026-12-01',
  supplyFrom: '',
  supplyTo: '',
  taxMode: '',
  lines: [line({ description: 'Design', quantity: '1', unitPrice: '100' })],
  ...patch,
});

describe('reading what the provider types', () => {
  it('reads German notation in German and English notation in English, to integers', () => {
    expect(readAmount('1.234,56', 'de')).toBe(123456);
    expect(readAmount('1,234.56', 'en')).toBe(123456);
    expect(readQuantity('1,5', 'de')).toBe(1500);
    expect(readQuantity('1.000', 'de')).toBe(1_000_000);
    expect(readQuantity('1.5', 'en')).toBe(1500);
    expect(readTaxRate('7,5', 'de')).toBe(750);
    expect(readTaxRate('19', 'en')).toBe(1900);
  });

  it('takes an empty tax rate as none and a wrong one as not a number', () => {
    expect(readTaxRate('  ', 'de')).toBeNull();
    expect(readTaxRate('abc', 'en')).toBeNaN();
    expect(readAmount('12,345', 'de')).toBeNull();
  });
});

describe('the live totals', () => {
  it('adds the lines and the tax per rate to the cent, as computeTotals does', () => {
    const totals = liveTotals(
      [
        line({ quantity: '2', unitPrice: '1.234,56', taxRate: '19' }),
        line({ quantity: '1,5', unitPrice: '80', taxRate: '' }),
      ],
      'de',
    );
    expect(totals.lines).toEqual([246912, 12000]);
    expect(totals.subtotalCents).toBe(258912);
    expect(totals.taxes).toEqual([{ rateBp: 1900, netCents: 246912, taxCents: 46913 }]);
    expect(totals.totalCents).toBe(305825);
  });

  it('counts a line whose numbers do not parse yet as nothing', () => {
    const totals = liveTotals([line({ quantity: '2', unitPrice: '12,3x' }), line({ unitPrice: '5' })], 'de');
    expect(totals.lines).toEqual([0, 500]);
    expect(totals.totalCents).toBe(500);
  });
});

describe('checking the form with the API contract', () => {
  it('gives the body in integers for a valid draft', () => {
    const result = validateForm(
      form({
        lines: [line({ description: 'Beratung', quantity: '1,5', unitPrice: '1.000,50', taxRate: '19' })],
      }),
      'de',
      'create',
    );
    expect(result).toEqual({
      ok: true,
      body: {
        clientId: CLIENT,
        projectId: null,
        currency: 'EUR',
        language: 'de',
        description: null,
        dueDate: '2026-12-31',
        supplyDate: '2026-12-01',
        supplyFrom: null,
        supplyTo: null,
        taxMode: null,
        lines: [
          {
            description: 'Beratung',
            quantityMilli: 1500,
            unitPriceCents: 100050,
            taxRateBp: 1900,
            unit: 'hour',
            vatCategory: null,
            exemptionReason: null,
          },
        ],
      },
    });
  });

  it('shows before Send what § 14 UStG still misses, and nothing once complete', () => {
    const settings = {
      legalName: 'Studio',
      street: 'Hauptstraße 1',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      taxNumber: null,
      vatId: 'DE123456789',
      taxMode: 'standard',
    } as InvoiceSettings;
    const client = {
      id: CLIENT,
      name: 'Jörg',
      language: 'de' as const,
      billingStreet: 'Musterweg 7',
      billingPostcode: '50667',
      billingCity: 'Köln',
      billingCountry: 'DE',
      vatId: null,
    };
    const complete = form({ lines: [line({ description: 'Beratung', unitPrice: '100', taxRate: '19' })] });
    expect(formProblems(complete, 'de', { settings, client })).toEqual([]);
    const missing = formProblems(
      form({ supplyDate: '', lines: [line({ description: 'Beratung', unitPrice: '100', taxRate: '' })] }),
      'de',
      { settings: { ...settings, street: null }, client: { ...client, billingCountry: null } },
    );
    expect(missing.map((p) => p.path)).toEqual([
      'seller.street',
      'buyer.country',
      'supplyDate',
      'lines.0.vatCategory',
    ]);
    // Reverse charge for a French business: every line 0 %, AE; then both VAT ids are checked.
    const rc = form({
      lines: toReverseCharge([line({ description: 'Beratung', unitPrice: '100', taxRate: '19' })]),
    });
    expect(formProblems(rc, 'de', { settings, client: { ...client, vatId: 'FR40303265045' } })).toEqual([]);
    expect(formProblems(rc, 'de', { settings, client }).map((p) => p.path)).toEqual(['buyer.vatId']);
  });

  it('names each wrong field with the contract’s key', () => {
    const result = validateForm(
      form({
        clientId: '',
        lines: [line({ description: ' ', quantity: '0', unitPrice: '1,234', taxRate: 'x' })],
      }),
      'de',
      'create',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      clientId: 'validation.clientRequired',
      'lines.0.description': 'validation.lineDescriptionRequired',
      'lines.0.quantityMilli': 'validation.quantityInvalid',
      'lines.0.unitPriceCents': 'validation.unitPriceInvalid',
      'lines.0.taxRateBp': 'validation.taxRateInvalid',
    });
  });

  it('asks for an empty quantity or price instead of calling it malformed', () => {
    const result = validateForm(
      form({ lines: [line({ description: 'Design', quantity: ' ', unitPrice: '' })] }),
      'en',
      'create',
    );
    expect(result.ok ? null : result.errors).toMatchObject({
      'lines.0.quantityMilli': 'validation.quantityRequired',
      'lines.0.unitPriceCents': 'validation.unitPriceRequired',
    });
  });

  it('refuses an invoice without lines', () => {
    const result = validateForm(form({ lines: [] }), 'en', 'update');
    expect(result.ok ? null : result.errors.lines).toBe('validation.linesRequired');
  });

  it('places the server’s refusals at their fields', () => {
    expect(serverErrors([{ path: 'lines.1.unitPriceCents', message: 'Too much' }])).toEqual({
      'lines.1.unitPriceCents': 'Too much',
    });
  });
});

describe('editing a saved draft', () => {
  it('shows its numbers in the interface language', () => {
    const invoice = {
      client: { id: CLIENT },
      project: null,
      currency: 'USD',
      language: 'en',
      description: null,
      dueDate: null,
      legal: { supplyDate: '2026-03-01', supplyFrom: null, supplyTo: null, taxMode: 'standard' },
      lines: [
        {
          description: 'Hours',
          quantityMilli: 1500,
          unitPriceCents: 123450,
          taxRateBp: 750,
          unit: 'hour',
          vatCategory: 'reduced',
          exemptionReason: null,
        },
      ],
    } as unknown as Invoice;
    const de = formFromInvoice(invoice, 'de');
    expect(de.lines[0]).toMatchObject({ quantity: '1,5', unitPrice: '1234,50', taxRate: '7,5' });
    expect(formFromInvoice(invoice, 'en').lines[0]).toMatchObject({
      quantity: '1.5',
      unitPrice: '1234.50',
      taxRate: '7.5',
    });
    expect(readAmount(de.lines[0]?.unitPrice ?? '', 'de')).toBe(123450);
  });

  it('moves a line up and down, and not past the ends', () => {
    const lines = [line({ description: 'a' }), line({ description: 'b' }), line({ description: 'c' })];
    expect(moveLine(lines, 2, -1).map((l) => l.description)).toEqual(['a', 'c', 'b']);
    expect(moveLine(lines, 0, -1).map((l) => l.description)).toEqual(['a', 'b', 'c']);
    expect(moveLine(lines, 0, 1).map((l) => l.description)).toEqual(['b', 'a', 'c']);
  });
});
