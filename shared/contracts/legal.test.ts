import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Bic,
  COUNTRY_CODES,
  Iban,
  ibanValid,
  type PreSendInput,
  preSendProblems,
  reverseChargeApplies,
  UNIT_CODES,
  VAT_CATEGORY_CODES,
  VatCategory,
  VatId,
  vatIdCountry,
  vatIdProblem,
} from './legal';

/*
 * The pre-send check (§ 14 (4) UStG) by properties: a complete invoice passes in every tax mode, and taking
 * away any one required field makes it fail naming exactly that field; the VAT id shapes per prefix.
 */

const word = fc.stringMatching(/^[A-Za-zÄÖÜäöüß][A-Za-zÄÖÜäöüß .-]{0,20}$/);
const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const completeLine = fc.record({
  description: word,
  quantityMilli: fc.integer({ min: 1, max: 1_000_000 }),
  unit: fc.constantFrom(...(Object.keys(UNIT_CODES) as (keyof typeof UNIT_CODES)[])),
  taxRateBp: fc.constantFrom(700, 1900),
  vatCategory: fc.constantFrom<'standard' | 'reduced' | null>('standard', 'reduced', null),
  exemptionReason: fc.constant(null),
});

/** A complete standard invoice from a German supplier to a German business. */
const completeStandard: fc.Arbitrary<PreSendInput> = fc.record({
  taxMode: fc.constant('standard' as const),
  seller: fc.record({
    name: word,
    street: word,
    postcode: fc.stringMatching(/^\d{5}$/),
    city: word,
    country: fc.constant('DE'),
    taxNumber: fc.option(fc.constant('21/815/08150'), { nil: null }),
    vatId: fc.constant('DE123456789'),
  }),
  buyer: fc.record({
    name: word,
    street: word,
    postcode: fc.stringMatching(/^\d{5}$/),
    city: word,
    country: fc.constantFrom(...COUNTRY_CODES),
    vatId: fc.constant(null),
  }),
  supplyDate: day,
  supplyFrom: fc.constant(null),
  supplyTo: fc.constant(null),
  lines: fc.array(completeLine, { minLength: 1, maxLength: 8 }),
});

const REQUIRED = [
  'seller.name',
  'seller.street',
  'seller.postcode',
  'seller.city',
  'seller.country',
  'buyer.name',
  'buyer.street',
  'buyer.postcode',
  'buyer.city',
  'buyer.country',
] as const;

function without(input: PreSendInput, path: string, blank: null | '' | '  '): PreSendInput {
  const [side, field] = path.split('.') as ['seller' | 'buyer', string];
  return { ...input, [side]: { ...input[side], [field]: blank } };
}

describe('pre-send check', () => {
  it('passes every complete invoice, with a day or a period of service', () => {
    fc.assert(
      fc.property(completeStandard, fc.tuple(day, day), fc.boolean(), (input, [a, b], period) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const value = period ? { ...input, supplyDate: null, supplyFrom: from, supplyTo: to } : input;
        expect(preSendProblems(value)).toEqual([]);
      }),
    );
  });

  it('names exactly the one required party field taken away', () => {
    fc.assert(
      fc.property(
        completeStandard,
        fc.constantFrom(...REQUIRED),
        fc.constantFrom(null, '', '  ' as const),
        (input, path, blank) => {
          const problems = preSendProblems(without(input, path, blank));
          expect(problems.map((p) => p.path)).toEqual([path]);
          expect(problems[0]?.key).toBe(`legal.missing.${path}`);
        },
      ),
    );
  });

  it('needs the supplier’s tax number or VAT id, one of them is enough', () => {
    fc.assert(
      fc.property(completeStandard, (input) => {
        const noVat = { ...input, seller: { ...input.seller, vatId: null, taxNumber: '21/815/08150' } };
        expect(preSendProblems(noVat)).toEqual([]);
        const neither = { ...input, seller: { ...input.seller, vatId: null, taxNumber: null } };
        expect(preSendProblems(neither).map((p) => p.path)).toEqual(['seller.taxNumber']);
      }),
    );
  });

  it('needs the supply date or a whole, ordered period', () => {
    fc.assert(
      fc.property(completeStandard, day, (input, d) => {
        expect(preSendProblems({ ...input, supplyDate: null }).map((p) => p.path)).toEqual(['supplyDate']);
        expect(preSendProblems({ ...input, supplyDate: null, supplyFrom: d }).map((p) => p.path)).toEqual([
          'supplyTo',
        ]);
        const later = `${Number(d.slice(0, 4)) + 1}${d.slice(4)}`;
        expect(
          preSendProblems({ ...input, supplyDate: null, supplyFrom: later, supplyTo: d }).map((p) => p.key),
        ).toEqual(['legal.missing.supplyOrder']);
      }),
    );
  });

  it('names the line and the field: description, unit, rate, category, exemption reason', () => {
    fc.assert(
      fc.property(completeStandard, fc.nat(), (input, n) => {
        const i = n % input.lines.length;
        const change = (patch: object) => ({
          ...input,
          lines: input.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
        });
        expect(preSendProblems(change({ description: ' ' })).map((p) => p.path)).toEqual([
          `lines.${i}.description`,
        ]);
        expect(preSendProblems(change({ unit: null })).map((p) => p.path)).toEqual([`lines.${i}.unit`]);
        expect(preSendProblems(change({ taxRateBp: null, vatCategory: null })).map((p) => p.path)).toEqual([
          `lines.${i}.vatCategory`,
        ]);
        expect(preSendProblems(change({ taxRateBp: 0, vatCategory: 'standard' })).map((p) => p.key)).toEqual([
          'legal.missing.line.taxRate',
        ]);
        expect(preSendProblems(change({ taxRateBp: 0, vatCategory: 'exempt' })).map((p) => p.path)).toEqual([
          `lines.${i}.exemptionReason`,
        ]);
        expect(
          preSendProblems(
            change({ taxRateBp: 0, vatCategory: 'exempt', exemptionReason: '§ 4 Nr. 21 UStG' }),
          ),
        ).toEqual([]);
        expect(preSendProblems(change({ taxRateBp: 1900, vatCategory: 'zero' })).map((p) => p.key)).toEqual([
          'legal.missing.line.zeroRate',
        ]);
      }),
    );
  });

  it('a small business invoice carries no VAT and needs no category', () => {
    fc.assert(
      fc.property(completeStandard, (input) => {
        const untaxed = input.lines.map((l) => ({ ...l, taxRateBp: null, vatCategory: null }));
        expect(preSendProblems({ ...input, taxMode: 'small_business', lines: untaxed })).toEqual([]);
        const problems = preSendProblems({ ...input, taxMode: 'small_business' });
        expect(problems.map((p) => p.key)).toEqual(
          input.lines.map(() => 'legal.missing.line.smallBusinessTax'),
        );
        expect(preSendProblems({ ...input, taxMode: null }).map((p) => p.path)).toEqual(['taxMode']);
      }),
    );
  });

  it('reverse charge needs both VAT ids of two different EU countries', () => {
    fc.assert(
      fc.property(completeStandard, (input) => {
        const lines = input.lines.map((l) => ({
          ...l,
          taxRateBp: 0,
          vatCategory: 'reverse_charge' as const,
        }));
        const rc = { ...input, lines, buyer: { ...input.buyer, country: 'FR', vatId: 'FR40303265045' } };
        expect(preSendProblems(rc)).toEqual([]);
        expect(preSendProblems({ ...rc, buyer: { ...rc.buyer, vatId: null } }).map((p) => p.path)).toEqual([
          'buyer.vatId',
        ]);
        expect(
          preSendProblems({ ...rc, seller: { ...rc.seller, vatId: null, taxNumber: '21/815/08150' } }).map(
            (p) => p.path,
          ),
        ).toEqual(['seller.vatId']);
        expect(
          preSendProblems({ ...rc, buyer: { ...rc.buyer, vatId: 'DE811569869' } }).map((p) => p.key),
        ).toEqual(['legal.missing.reverseChargeCountries']);
      }),
    );
  });

  it('refuses lines outside the scope of VAT next to any other category (EN 16931 BR-O-11)', () => {
    fc.assert(
      fc.property(
        completeStandard,
        fc.constantFrom(...VatCategory.options.filter((c) => c !== 'outside_scope')),
        (input, other) => {
          const outside = input.lines.map((l) => ({
            ...l,
            taxRateBp: 0,
            vatCategory: 'outside_scope' as const,
          }));
          expect(preSendProblems({ ...input, lines: outside })).toEqual([]);
          const taxed = other === 'standard' || other === 'reduced';
          const mixed = [
            ...outside,
            {
              ...(outside[0] as (typeof outside)[number]),
              taxRateBp: taxed ? 1900 : 0,
              vatCategory: other,
              exemptionReason: other === 'exempt' ? '§ 4 Nr. 21 UStG' : null,
            },
          ];
          const buyer = { ...input.buyer, country: 'FR', vatId: 'FR40303265045' };
          expect(preSendProblems({ ...input, buyer, lines: mixed })).toEqual([
            { path: 'lines', key: 'legal.missing.outsideScopeMixed' },
          ]);
        },
      ),
    );
  });

  it('every problem names a distinct path and a legal.missing key', () => {
    const arbitraryInput = fc.record({
      taxMode: fc.constantFrom('standard' as const, 'small_business' as const, null),
      seller: fc.record({
        name: fc.option(word, { nil: null }),
        street: fc.option(word, { nil: null }),
        postcode: fc.option(word, { nil: null }),
        city: fc.option(word, { nil: null }),
        country: fc.option(fc.constantFrom('DE', 'AT'), { nil: null }),
        taxNumber: fc.option(word, { nil: null }),
        vatId: fc.option(fc.constantFrom('DE123456789', 'ATU12345678'), { nil: null }),
      }),
      buyer: fc.record({
        name: fc.option(word, { nil: null }),
        street: fc.option(word, { nil: null }),
        postcode: fc.option(word, { nil: null }),
        city: fc.option(word, { nil: null }),
        country: fc.option(fc.constantFrom('DE', 'FR'), { nil: null }),
        vatId: fc.option(fc.constantFrom('FR40303265045', 'DE811569869'), { nil: null }),
      }),
      supplyDate: fc.option(day, { nil: null }),
      supplyFrom: fc.option(day, { nil: null }),
      supplyTo: fc.option(day, { nil: null }),
      lines: fc.array(
        fc.record({
          description: fc.constantFrom('', 'Work'),
          quantityMilli: fc.integer({ min: 0, max: 5000 }),
          unit: fc.constantFrom('hour' as const, null),
          taxRateBp: fc.constantFrom(null, 0, 700, 1900),
          vatCategory: fc.option(fc.constantFrom(...VatCategory.options), { nil: null }),
          exemptionReason: fc.constantFrom(null, '§ 4 UStG'),
        }),
        { maxLength: 5 },
      ),
    });
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const problems = preSendProblems(input);
        const paths = problems.map((p) => p.path);
        expect(new Set(paths).size).toBe(paths.length);
        for (const p of problems) expect(p.key).toMatch(/^legal\.missing\.[A-Za-z.]+$/);
      }),
    );
  });
});

describe('VAT ids', () => {
  it('checks the German shape exactly and others per prefix', () => {
    expect(vatIdProblem('DE123456789')).toBeNull();
    expect(vatIdProblem('de 123 456 789')).toBeNull();
    expect(vatIdProblem('DE12345678')).toBe('validation.vatIdShape');
    expect(vatIdProblem('DE1234567890')).toBe('validation.vatIdShape');
    expect(vatIdProblem('DE12345678A')).toBe('validation.vatIdShape');
    expect(vatIdProblem('ATU12345678')).toBeNull();
    expect(vatIdProblem('AT12345678')).toBe('validation.vatIdShape');
    expect(vatIdProblem('FR40303265045')).toBeNull();
    expect(vatIdProblem('NL123456789B01')).toBeNull();
    expect(vatIdProblem('EL123456789')).toBeNull();
    expect(vatIdProblem('CHE123456789MWST')).toBeNull();
    expect(vatIdProblem('123456789')).toBe('validation.vatIdPrefix');
    expect(vatIdCountry('EL123456789')).toBe('GR');
  });

  it('accepts every German shape and refuses every other length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,14}$/), (digits) => {
        const ok = VatId.safeParse(`DE${digits}`).success;
        expect(ok).toBe(digits.length === 9);
      }),
    );
  });

  it('knows cross-border EU B2B', () => {
    expect(reverseChargeApplies('DE123456789', 'FR40303265045')).toBe(true);
    expect(reverseChargeApplies('DE123456789', 'DE811569869')).toBe(false);
    expect(reverseChargeApplies('DE123456789', 'CHE123456789MWST')).toBe(false);
    expect(reverseChargeApplies(null, 'FR40303265045')).toBe(false);
  });

  it('maps every unit and category to its code', () => {
    expect(Object.values(UNIT_CODES)).toEqual(['HUR', 'DAY', 'WEE', 'MON', 'H87', 'C62', 'LS', 'KMT']);
    expect(VAT_CATEGORY_CODES.reverse_charge).toBe('AE');
    expect(VAT_CATEGORY_CODES.exempt).toBe('E');
  });
});

describe('the bank account of e-invoices (issue 28)', () => {
  it('accepts IBANs whose check digits hold, normalised, and refuses one wrong digit', () => {
    expect(Iban.parse('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanValid('AT611904300234573201')).toBe(true);
    expect(Iban.safeParse('DE89 3704 0044 0532 0130 01').success).toBe(false);
    expect(Iban.safeParse('XX89370400440532013000').success).toBe(false);
  });

  it('a changed digit always breaks the check (mod 97 catches every single-digit error)', () => {
    const iban = 'DE89370400440532013000';
    fc.assert(
      fc.property(fc.integer({ min: 4, max: iban.length - 1 }), fc.integer({ min: 1, max: 9 }), (at, add) => {
        const digit = (Number(iban[at]) + add) % 10;
        expect(ibanValid(`${iban.slice(0, at)}${digit}${iban.slice(at + 1)}`)).toBe(false);
      }),
    );
  });

  it('takes BICs of 8 or 11 characters', () => {
    expect(Bic.parse('cobadeffxxx')).toBe('COBADEFFXXX');
    expect(Bic.parse('COBADEFF')).toBe('COBADEFF');
    expect(Bic.safeParse('COBADEF').success).toBe(false);
  });
});
