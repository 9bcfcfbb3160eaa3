import { z } from 'zod';
import { text } from './common';

/*
 * What a German invoice must say (§ 14 (4) UStG) and EN 16931 needs to name it (issue 28, "Legal content"),
 * defined once for the API, the editors, the PDF and the portal:
 *   - countries as ISO 3166-1 alpha-2 codes (`COUNTRY_CODES`), VAT ids by the shape of their country prefix
 *     (`vatIdProblem`), the provider's tax mode (`TaxMode`);
 *   - each line's unit (`InvoiceUnit` → UN/ECE Recommendation 20 code, `UNIT_CODES`) and VAT category
 *     (`VatCategory` → EN 16931 code BT-151, `VAT_CATEGORY_CODES`);
 *   - the pre-send check (`preSendProblems`): every field the law requires for the invoice's tax mode, named,
 *     used by the editor before Send and by the server, which refuses `send` with 422 `invoice_incomplete`.
 */

/** ISO 3166-1 alpha-2 codes of today's countries and territories (names come from `Intl.DisplayNames`). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
  'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ ' +
  'FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ ' +
  'IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH ' +
  'MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL ' +
  'PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD ' +
  'TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);

export const CountryCode = text({ error: 'validation.countryInvalid' })
  .trim()
  .max(2, { error: 'validation.countryInvalid' })
  .toUpperCase()
  .refine((v) => COUNTRY_SET.has(v), { error: 'validation.countryInvalid' })
  .meta({ description: 'ISO 3166-1 alpha-2 country code.', example: 'DE' });

/** The EU member states (ISO codes); Greece's VAT ids start with `EL`. */
export const EU_COUNTRIES = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** The shape of a VAT id after its prefix, per EU prefix (the Commission's VIES formats; `XI`: Northern Ireland). */
const EU_VAT_SHAPES: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};
/** Some non-EU VAT ids a European freelancer meets; any other prefix: letters and digits of a plausible length. */
const OTHER_VAT_SHAPES: Record<string, RegExp> = {
  GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  CH: /^E\d{9}(MWST|TVA|IVA)?$/,
  NO: /^\d{9}(MVA)?$/,
};

/** `de 123 456 789` → `DE123456789`: spaces, dots and dashes out, upper case. */
export const normalizeVatId = (value: string) => value.replace(/[\s.\-\u00a0]/g, '').toUpperCase();

/** The ISO country of a VAT id's prefix (`EL` → `GR`, `XI` → `GB`), or null when it has none. */
export function vatIdCountry(vatId: string): string | null {
  const prefix = normalizeVatId(vatId).slice(0, 2);
  if (prefix === 'EL') return 'GR';
  if (prefix === 'XI') return 'GB';
  return COUNTRY_SET.has(prefix) ? prefix : null;
}

/** Null when `vatId` (normalised) has the shape of its country prefix, else the i18n key saying what is wrong. */
export function vatIdProblem(vatId: string): string | null {
  const id = normalizeVatId(vatId);
  const prefix = id.slice(0, 2);
  const rest = id.slice(2);
  const eu = EU_VAT_SHAPES[prefix];
  if (eu) return eu.test(rest) ? null : 'validation.vatIdShape';
  if (!/^[A-Z]{2}$/.test(prefix) || !COUNTRY_SET.has(prefix)) return 'validation.vatIdPrefix';
  const other = OTHER_VAT_SHAPES[prefix];
  if (other) return other.test(rest) ? null : 'validation.vatIdShape';
  return /^[A-Z0-9]{4,15}$/.test(rest) ? null : 'validation.vatIdShape';
}

/** A VAT id as entered (normalised on the way in); its shape checked per country prefix. */
export const VatId = text({ error: 'validation.vatIdShape' })
  .trim()
  .max(30, { error: 'validation.vatIdShape' })
  .transform(normalizeVatId)
  .superRefine((value, ctx) => {
    const problem = vatIdProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    description: 'VAT identification number with its country prefix (USt-IdNr.).',
    example: 'DE123456789',
  });

/**
 * A German tax number (Steuernummer): 10 to 13 digits, written with slashes or spaces as the tax office
 * gives it (`21/815/08150`, `2181508150`, `9181081508155`); other countries' numbers up to 30 characters.
 */
export const TaxNumber = text({ error: 'validation.taxNumberShape' })
  .trim()
  .max(30, { error: 'validation.taxNumberShape' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, { error: 'validation.taxNumberShape' })
  .meta({ description: 'Tax number (Steuernummer) as the tax office wrote it.', example: '21/815/08150' });

/** `per_invoice`: each invoice says whether it is a small business's (§ 19) or a standard one. */
export const TaxMode = z
  .enum(['standard', 'small_business', 'per_invoice'], { error: 'validation.invalid' })
  .meta({
    description:
      '`standard`: VAT per line; `small_business`: § 19 UStG, no VAT, the note printed; `per_invoice`: each invoice chooses.',
  });
export type TaxMode = z.infer<typeof TaxMode>;
export const InvoiceTaxMode = z.enum(['standard', 'small_business'], { error: 'validation.invalid' });
export type InvoiceTaxMode = z.infer<typeof InvoiceTaxMode>;

/** A line's unit, with its UN/ECE Recommendation 20 code (EN 16931 BT-130). */
export const UNIT_CODES = {
  hour: 'HUR',
  day: 'DAY',
  week: 'WEE',
  month: 'MON',
  piece: 'H87',
  unit: 'C62',
  flat_rate: 'LS',
  km: 'KMT',
} as const;
export const InvoiceUnit = z
  .enum(Object.keys(UNIT_CODES) as [keyof typeof UNIT_CODES, ...(keyof typeof UNIT_CODES)[]], {
    error: 'validation.unitInvalid',
  })
  .meta({
    description: `Unit of the quantity; UN/ECE Rec 20: ${Object.entries(UNIT_CODES)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    example: 'hour',
  });
export type InvoiceUnit = z.infer<typeof InvoiceUnit>;

/**
 * A line's VAT category with its EN 16931 code (BT-151, UNCL 5305): `standard` and `reduced` are both `S`
 * with their rate (XRechnung uses S for Germany's 7 %), `zero` Z, `exempt` E (with its reason, BT-120),
 * `reverse_charge` AE (0 %, the buyer owes the VAT), `outside_scope` O (not taxable here: e.g. a service to a
 * business outside the EU, § 3a (2) UStG). A small business's lines (§ 19) are E with the § 19 note.
 */
export const VAT_CATEGORY_CODES = {
  standard: 'S',
  reduced: 'S',
  zero: 'Z',
  exempt: 'E',
  reverse_charge: 'AE',
  outside_scope: 'O',
} as const;
export const VatCategory = z
  .enum(
    Object.keys(VAT_CATEGORY_CODES) as [
      keyof typeof VAT_CATEGORY_CODES,
      ...(keyof typeof VAT_CATEGORY_CODES)[],
    ],
    {
      error: 'validation.vatCategoryInvalid',
    },
  )
  .meta({ description: 'VAT category (EN 16931 BT-151: S, S, Z, E, AE, O).', example: 'standard' });
export type VatCategory = z.infer<typeof VatCategory>;

/** The category a line has when none was chosen: taxed lines are standard; untaxed ones need a choice. */
export const effectiveCategory = (
  line: { taxRateBp: number | null; vatCategory?: VatCategory | null },
  mode: InvoiceTaxMode,
): VatCategory | null => {
  if (mode === 'small_business') return 'exempt';
  if (line.vatCategory) return line.vatCategory;
  return line.taxRateBp ? 'standard' : null;
};

/** The notes printed for § 19 and reverse charge (EN 16931 BT-120 / BT-22). */
export const LEGAL_NOTES = {
  smallBusiness: {
    de: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    en: 'No VAT is charged under the small business scheme (§ 19 UStG).',
  },
  reverseCharge: {
    de: 'Steuerschuldnerschaft des Leistungsempfängers',
    en: 'Reverse charge: VAT to be accounted for by the recipient',
  },
  outsideScope: {
    de: 'Nicht im Inland steuerbare Leistung (Leistungsort im Ausland, § 3a Abs. 2 UStG).',
    en: 'Not subject to German VAT: the place of supply is abroad (§ 3a (2) UStG).',
  },
} as const;

/** A postal address as invoices carry it (every part may be missing until the pre-send check). */
export interface PostalAddress {
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
}

export interface PreSendInput {
  taxMode: InvoiceTaxMode | null;
  seller: PostalAddress & { name: string | null; taxNumber: string | null; vatId: string | null };
  buyer: PostalAddress & { name: string | null; vatId: string | null };
  supplyDate: string | null;
  supplyFrom: string | null;
  supplyTo: string | null;
  lines: readonly {
    description: string;
    quantityMilli: number;
    unit: InvoiceUnit | null;
    taxRateBp: number | null;
    vatCategory: VatCategory | null;
    exemptionReason: string | null;
  }[];
}

/** One missing or contradicting field: where (`seller.street`, `lines.2.unit`) and the i18n key naming it. */
export interface PreSendProblem {
  path: string;
  key: string;
}

const blank = (v: string | null | undefined) => !v?.trim();

/**
 * Everything § 14 (4) UStG requires that the invoice lacks for its tax mode, in a stable order. The number
 * and the date of issue are assigned by sending itself, so they are never missing here. Empty: it may go.
 *   - supplier: full name and address (street, postcode, city, country); tax number or VAT id;
 *   - recipient: name and address;
 *   - the date of supply or the period of service (from ≤ to);
 *   - each line: description, quantity, unit; its VAT category (standard/reduced: a rate above 0; zero,
 *     exempt, reverse charge: 0 %; exempt: the reason);
 *   - small business (§ 19): no line with VAT (the § 19 note is printed instead);
 *   - reverse charge: the supplier's and the recipient's VAT ids, from two different EU countries;
 *   - lines not taxable here (outside the scope, O) with no line of another category (EN 16931 BR-O-11: the
 *     e-invoice could not be made).
 */
export function preSendProblems(input: PreSendInput): PreSendProblem[] {
  const problems: PreSendProblem[] = [];
  const need = (
    path: string,
    missing: boolean,
    key = `legal.missing.${path.replace(/^lines\.\d+\./, 'line.')}`,
  ) => {
    if (missing) problems.push({ path, key });
  };
  const mode = input.taxMode;
  need('taxMode', mode === null);
  need('seller.name', blank(input.seller.name));
  need('seller.street', blank(input.seller.street));
  need('seller.postcode', blank(input.seller.postcode));
  need('seller.city', blank(input.seller.city));
  need('seller.country', blank(input.seller.country));
  need('seller.taxNumber', blank(input.seller.taxNumber) && blank(input.seller.vatId));
  need('buyer.name', blank(input.buyer.name));
  need('buyer.street', blank(input.buyer.street));
  need('buyer.postcode', blank(input.buyer.postcode));
  need('buyer.city', blank(input.buyer.city));
  need('buyer.country', blank(input.buyer.country));
  const period = input.supplyFrom !== null || input.supplyTo !== null;
  if (period) {
    need('supplyFrom', input.supplyFrom === null);
    need('supplyTo', input.supplyTo === null);
    if (input.supplyFrom && input.supplyTo && input.supplyFrom > input.supplyTo) {
      problems.push({ path: 'supplyTo', key: 'legal.missing.supplyOrder' });
    }
  } else {
    need('supplyDate', input.supplyDate === null);
  }
  need('lines', input.lines.length === 0);
  let reverseCharge = false;
  const categories = new Set<VatCategory>();
  input.lines.forEach((line, i) => {
    const at = `lines.${i}`;
    need(`${at}.description`, blank(line.description));
    need(`${at}.quantity`, !(line.quantityMilli > 0));
    need(`${at}.unit`, line.unit === null);
    if (mode === null) return;
    if (mode === 'small_business') {
      if (line.taxRateBp)
        problems.push({ path: `${at}.taxRate`, key: 'legal.missing.line.smallBusinessTax' });
      return;
    }
    const category = effectiveCategory(line, mode);
    if (category !== null) categories.add(category);
    if (category === null) {
      problems.push({ path: `${at}.vatCategory`, key: 'legal.missing.line.vatCategory' });
      return;
    }
    const taxed = category === 'standard' || category === 'reduced';
    if (taxed && !line.taxRateBp) problems.push({ path: `${at}.taxRate`, key: 'legal.missing.line.taxRate' });
    if (!taxed && line.taxRateBp)
      problems.push({ path: `${at}.taxRate`, key: 'legal.missing.line.zeroRate' });
    if (category === 'exempt') need(`${at}.exemptionReason`, blank(line.exemptionReason));
    if (category === 'reverse_charge') reverseCharge = true;
  });
  // EN 16931 BR-O-11: an invoice with "not subject to VAT" (O) has no other VAT category.
  if (categories.has('outside_scope') && categories.size > 1) {
    problems.push({ path: 'lines', key: 'legal.missing.outsideScopeMixed' });
  }
  if (reverseCharge) {
    need('seller.vatId', blank(input.seller.vatId));
    need('buyer.vatId', blank(input.buyer.vatId));
    if (!blank(input.seller.vatId) && !blank(input.buyer.vatId)) {
      const from = vatIdCountry(input.seller.vatId ?? '');
      const to = vatIdCountry(input.buyer.vatId ?? '');
      if (!from || !to || from === to || !EU_COUNTRIES.has(from) || !EU_COUNTRIES.has(to)) {
        problems.push({ path: 'buyer.vatId', key: 'legal.missing.reverseChargeCountries' });
      }
    }
  }
  return problems;
}

/**
 * Whether reverse charge applies to services for this buyer: the seller has an EU VAT id, the buyer a VAT id
 * of ANOTHER EU member state (B2B across an EU border: § 13b UStG, Art. 196 VAT Directive).
 */
export function reverseChargeApplies(sellerVatId: string | null, buyerVatId: string | null): boolean {
  if (!sellerVatId || !buyerVatId) return false;
  const from = vatIdCountry(sellerVatId);
  const to = vatIdCountry(buyerVatId);
  return !!from && !!to && from !== to && EU_COUNTRIES.has(from) && EU_COUNTRIES.has(to);
}

/* --- E-invoices (issue 28, "E-invoices"): the bank account for SEPA credit transfer ----------------------- */

/** `de89 3704 0044 0532 0130 00` → `DE89370400440532013000`: spaces out, upper case. */
export const normalizeIban = (value: string) => value.replace(/[\s\u00a0-]/g, '').toUpperCase();

/** Whether an IBAN (normalised) has the shape of one and its ISO 13616 check digits (mod 97 = 1) hold. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) || !COUNTRY_SET.has(iban.slice(0, 2))) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

export const Iban = text({ error: 'validation.ibanInvalid' })
  .trim()
  .max(50, { error: 'validation.ibanInvalid' })
  .transform(normalizeIban)
  .refine(ibanValid, { error: 'validation.ibanInvalid' })
  .meta({
    description: 'IBAN of the account to pay into (SEPA credit transfer).',
    example: 'DE89370400440532013000',
  });

export const Bic = text({ error: 'validation.bicInvalid' })
  .trim()
  .max(20, { error: 'validation.bicInvalid' })
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .refine((v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), { error: 'validation.bicInvalid' })
  .meta({ description: 'BIC (SWIFT code) of the bank, 8 or 11 characters.', example: 'COBADEFFXXX' });
