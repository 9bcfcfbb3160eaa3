import type { Invoice } from '@e-invoice-eu/core';
import { UNIT_CODES, VAT_CATEGORY_CODES, type VatCategory } from '../../../../shared/contracts/legal';
import { computeTotals } from '../../../../shared/contracts/money';
import type { InvoicePdfData } from '../pdf/render';

/*
 * Our invoice (the data its PDF is made from, `pdf/load.ts`) as `@e-invoice-eu/core`'s input: the library's
 * "internal format", which names every EN 16931 business term by its UBL element (`cbc:`/`cac:`) and is turned
 * into CII (XRechnung) or the Factur-X XML by the library. No XML is written here.
 *
 * Money: integer cents from `computeTotals` (the one arithmetic), written as exact decimals, so the sums the
 * EN 16931 rules recompute (BR-CO-10…16, BR-S-08/09) are the ones on the PDF. A credit note (type 381) carries
 * the cancelled invoice's lines and totals as POSITIVE amounts (the type says it is a credit; the PDF shows
 * them negative) and references the invoice (BT-25, BT-26).
 */

/** What an e-invoice needs beyond the PDF's data (read by `pdf/load.ts`). */
export interface EInvoicePayment {
  /** The seller contact's phone (BT-42; XRechnung requires it). */
  phone: string | null;
  iban: string | null;
  bic: string | null;
  /** The provider has Stripe connected: an open invoice can be paid by card in the portal. */
  stripeConnected: boolean;
}

export interface EInvoiceInput {
  data: InvoicePdfData;
  payment: EInvoicePayment;
  /** The client's invoice page in the portal (where a card payment starts), for the payment means text. */
  payUrl: string | null;
}

/** Texts the e-invoice carries in the document's language (the XML is read by people too). */
const TEXTS = {
  de: {
    card: 'Zahlung per Karte über das Kundenportal',
    creditNoteTerms: (n: string) => `Storniert die Rechnung ${n}; es ist nichts zu zahlen.`,
    due: (d: string) => `Zahlbar bis ${d}.`,
    onReceipt: 'Zahlbar sofort nach Erhalt.',
    reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers',
    outsideScope: 'Nicht im Inland steuerbare Leistung',
  },
  en: {
    card: 'Payment by card in the client portal',
    creditNoteTerms: (n: string) => `Cancels invoice ${n}; nothing is to be paid.`,
    due: (d: string) => `Payable by ${d}.`,
    onReceipt: 'Payable on receipt.',
    reverseCharge: 'Reverse charge',
    outsideScope: 'Not subject to VAT in the seller’s country',
  },
} as const;

/** Cents → `1234.50` (exact: integer arithmetic on strings, never a float). */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Thousandths → `1.5`, `12`, `0.125`. */
export function quantity(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const frac = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.trunc(abs / 1000)}${frac ? `.${frac}` : ''}`;
}

/** Basis points → the percentage (`1900` → `19`, `750` → `7.5`). */
const percent = (bp: number) => quantity(bp * 10);

/** The category in effect for a line (the PDF's data has it resolved; a line without one is taxed when it has a rate). */
const categoryOf = (line: InvoicePdfData['lines'][number], data: InvoicePdfData): VatCategory => {
  if (data.taxMode === 'small_business') return 'exempt';
  return line.vatCategory ?? (line.taxRateBp ? 'standard' : 'zero');
};

interface TaxGroup {
  code: string;
  rateBp: number;
  netCents: number;
  taxCents: number;
  reason: string | null;
  reasonCode: string | null;
}

const TAX_SCHEME = { 'cbc:ID': 'VAT' } as const;

/** The library's input for invoice `input.data` (an invoice or a credit note). */
export function toEInvoice(input: EInvoiceInput): Invoice {
  const { data, payment } = input;
  if (!data.number) throw new Error('a draft has no e-invoice');
  const t = TEXTS[data.language];
  const currency = data.currency;
  const creditNote = data.kind === 'credit_note';
  const totals = computeTotals(data.lines);
  const amount = (cents: number) => decimal(cents);

  // The VAT breakdown (BG-23): one group per category and rate; taxed groups' tax from computeTotals.
  const groups = new Map<string, TaxGroup>();
  data.lines.forEach((line, index) => {
    const category = categoryOf(line, data);
    const code = VAT_CATEGORY_CODES[category];
    const rateBp = code === 'S' ? (line.taxRateBp ?? 0) : 0;
    const key = `${code}/${rateBp}`;
    const group =
      groups.get(key) ??
      ({
        code,
        rateBp,
        netCents: 0,
        taxCents: 0,
        reason: null,
        reasonCode: null,
      } satisfies TaxGroup);
    group.netCents += totals.lines[index] ?? 0;
    if (code === 'E') {
      group.reason ??=
        data.taxMode === 'small_business'
          ? (data.notes[0] ?? null)
          : (line.exemptionReason?.trim() ?? null) || null;
    }
    if (code === 'AE') {
      group.reason = t.reverseCharge;
      group.reasonCode = 'VATEX-EU-AE';
    }
    if (code === 'O') {
      group.reason = t.outsideScope;
      group.reasonCode = 'VATEX-EU-O';
    }
    groups.set(key, group);
  });
  for (const group of groups.values()) {
    if (group.code === 'S') {
      group.taxCents = totals.taxes.find((tax) => tax.rateBp === group.rateBp)?.taxCents ?? 0;
    }
  }

  const taxCategory = (code: string, rateBp: number) => ({
    'cbc:ID': code,
    ...(code === 'O' ? {} : { 'cbc:Percent': percent(rateBp) }),
    'cac:TaxScheme': TAX_SCHEME,
  });

  const seller = data.seller;
  const buyer = data.buyer;
  const sellerName = seller.name ?? data.provider.businessName ?? data.provider.fullName;
  const buyerName = buyer.name ?? data.client.company ?? data.client.name;
  // BR-O-02: an invoice not subject to VAT (O; alone on its invoice, BR-O-11) names no VAT id of either party.
  const outsideScope = [...groups.values()].some((g) => g.code === 'O');
  const sellerVatId = outsideScope ? null : seller.vatId;
  const buyerVatId = outsideScope ? null : buyer.vatId;
  const sellerTaxSchemes = [
    ...(sellerVatId ? [{ 'cbc:CompanyID': sellerVatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
    ...(seller.taxNumber ? [{ 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
  ];
  const address = (party: typeof seller) => ({
    ...(party.street ? { 'cbc:StreetName': party.street } : {}),
    ...(party.city ? { 'cbc:CityName': party.city } : {}),
    ...(party.postcode ? { 'cbc:PostalZone': party.postcode } : {}),
    'cac:Country': { 'cbc:IdentificationCode': party.country ?? '' },
  });

  // How to pay (BG-16): SEPA credit transfer to the settings' IBAN (58), else card in the portal when Stripe
  // is connected (68, online payment service: no card is known before payment, so not 48/54), else as the
  // payment instructions say (ZZZ, mutually defined, with the text).
  const paymentMeans = payment.iban
    ? {
        'cbc:PaymentMeansCode': '58',
        'cbc:PaymentID': data.number,
        'cac:PayeeFinancialAccount': {
          'cbc:ID': payment.iban,
          'cbc:Name': sellerName,
          ...(payment.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': payment.bic } } : {}),
        },
      }
    : payment.stripeConnected && !creditNote
      ? {
          'cbc:PaymentMeansCode': '68',
          'cbc:PaymentMeansCode@name': input.payUrl ? `${t.card}: ${input.payUrl}` : t.card,
          'cbc:PaymentID': data.number,
        }
      : {
          'cbc:PaymentMeansCode': 'ZZZ',
          ...(data.provider.paymentInstructions
            ? { 'cbc:PaymentMeansCode@name': data.provider.paymentInstructions.slice(0, 500) }
            : {}),
          'cbc:PaymentID': data.number,
        };
  // BR-CO-25: an amount due needs a due date or payment terms; without a due date it is due on receipt.
  const terms = creditNote
    ? t.creditNoteTerms(data.cancels?.number ?? '')
    : data.dueDate
      ? t.due(data.dueDate)
      : t.onReceipt;

  const notes = [
    ...(data.description ? [data.description] : []),
    ...data.notes,
    ...(creditNote && data.cancels?.reason ? [data.cancels.reason] : []),
    ...(data.sellerNote ? [data.sellerNote] : []),
  ];

  const taxCents = totals.taxCents;
  const lines = data.lines.map((line, index) => {
    const category = categoryOf(line, data);
    const code = VAT_CATEGORY_CODES[category];
    return {
      'cbc:ID': String(index + 1),
      'cbc:InvoicedQuantity': quantity(line.quantityMilli),
      'cbc:InvoicedQuantity@unitCode': UNIT_CODES[line.unit],
      'cbc:LineExtensionAmount': amount(totals.lines[index] ?? 0),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cac:Item': {
        'cbc:Name': line.description.slice(0, 200),
        ...(line.description.length > 200 ? { 'cbc:Description': line.description } : {}),
        'cac:ClassifiedTaxCategory': taxCategory(code, code === 'S' ? (line.taxRateBp ?? 0) : 0),
      },
      'cac:Price': {
        'cbc:PriceAmount': amount(line.unitPriceCents),
        'cbc:PriceAmount@currencyID': currency,
      },
    };
  });

  const invoice = {
    'ubl:Invoice': {
      'cbc:ID': data.number,
      'cbc:IssueDate': data.issueDate,
      ...(data.dueDate && !creditNote ? { 'cbc:DueDate': data.dueDate } : {}),
      'cbc:InvoiceTypeCode': creditNote ? '381' : '380',
      // One note: the library writes several as several Content of one IncludedNote, which the CII XSD refuses.
      ...(notes.length ? { 'cbc:Note': [notes.join('\n\n')] } : {}),
      'cbc:DocumentCurrencyCode': currency,
      // XRechnung requires BT-10 (BR-DE-15): the Leitweg-ID or the buyer's own reference; without one, the
      // invoice number (the reference the buyer's books know it by).
      'cbc:BuyerReference': buyer.buyerReference ?? data.number,
      ...(data.supply.from && data.supply.to
        ? { 'cac:InvoicePeriod': { 'cbc:StartDate': data.supply.from, 'cbc:EndDate': data.supply.to } }
        : {}),
      ...(creditNote && data.cancels
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': data.cancels.number,
                  'cbc:IssueDate': data.cancels.issueDate,
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': data.provider.email ?? '',
          'cbc:EndpointID@schemeID': 'EM',
          ...(data.provider.businessName && data.provider.businessName !== sellerName
            ? { 'cac:PartyName': { 'cbc:Name': data.provider.businessName } }
            : {}),
          'cac:PostalAddress': address(seller),
          ...(sellerTaxSchemes.length ? { 'cac:PartyTaxScheme': sellerTaxSchemes } : {}),
          // BR-CO-26 wants the seller identified by an id (BT-29), a legal registration (BT-30) or the VAT id:
          // without a VAT id, the tax number as its registration (the library 2.3.4 drops BT-29 in CII); an
          // invoice outside the scope without a tax number names the VAT id there (BR-O-02 bars it as VAT id).
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': sellerName,
            ...(!sellerVatId && (seller.taxNumber ?? seller.vatId)
              ? { 'cbc:CompanyID': seller.taxNumber ?? seller.vatId }
              : {}),
          },
          'cac:Contact': {
            'cbc:Name': data.provider.fullName,
            ...(payment.phone ? { 'cbc:Telephone': payment.phone } : {}),
            ...(data.provider.email ? { 'cbc:ElectronicMail': data.provider.email } : {}),
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': data.client.email,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': address(buyer),
          ...(buyerVatId
            ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyerVatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
            : {}),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': buyer.name ?? data.client.company ?? data.client.name,
          },
          ...(data.client.company
            ? { 'cac:Contact': { 'cbc:Name': data.client.name, 'cbc:ElectronicMail': data.client.email } }
            : {}),
        },
      },
      // CII needs the delivery element: the day of supply (BT-72), else (a period of service, BG-14) the
      // party delivered to (BT-70), the buyer.
      'cac:Delivery': data.supply.date
        ? { 'cbc:ActualDeliveryDate': data.supply.date }
        : { 'cac:DeliveryParty': { 'cac:PartyName': { 'cbc:Name': buyerName } } },
      'cac:PaymentMeans': [paymentMeans],
      ...(terms ? { 'cac:PaymentTerms': { 'cbc:Note': terms } } : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(taxCents),
          'cbc:TaxAmount@currencyID': currency,
          'cac:TaxSubtotal': [...groups.values()].map((group) => ({
            'cbc:TaxableAmount': amount(group.netCents),
            'cbc:TaxableAmount@currencyID': currency,
            'cbc:TaxAmount': amount(group.taxCents),
            'cbc:TaxAmount@currencyID': currency,
            'cac:TaxCategory': {
              ...taxCategory(group.code, group.rateBp),
              ...(group.reasonCode ? { 'cbc:TaxExemptionReasonCode': group.reasonCode } : {}),
              ...(group.reason ? { 'cbc:TaxExemptionReason': group.reason } : {}),
            },
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(totals.subtotalCents),
        'cbc:LineExtensionAmount@currencyID': currency,
        'cbc:TaxExclusiveAmount': amount(totals.subtotalCents),
        'cbc:TaxExclusiveAmount@currencyID': currency,
        'cbc:TaxInclusiveAmount': amount(totals.totalCents),
        'cbc:TaxInclusiveAmount@currencyID': currency,
        'cbc:PayableAmount': amount(totals.totalCents),
        'cbc:PayableAmount@currencyID': currency,
      },
      'cac:InvoiceLine': lines,
    },
  };
  return invoice as unknown as Invoice;
}
