import {
  type EInvoiceFormat,
  FormatFactoryService,
  type Invoice,
  invoiceSchema,
  ValidationService,
} from '@e-invoice-eu/core';
import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019.js';

/*
 * The e-invoice files, made by `@e-invoice-eu/core` (docs: its README; shared/LIBRARIES.md):
 *   - `xrechnung`: XRechnung 3.0 in the CII syntax (`XRECHNUNG-CII`), an XML file;
 *   - `zugferd`: ZUGFeRD 2 / Factur-X, profile EN 16931 (`Factur-X-EN16931`): our PDF turned into PDF/A-3 with the
 *     EN 16931 CII XML embedded as `factur-x.xml` (the library's pdf-lib fork writes the XMP metadata, the
 *     output intent and the associated file).
 *
 * The library's `InvoiceService.generate` compiles its JSON schema (≈ 1 MB, every EN 16931 field and code
 * list) with Ajv on EVERY call: about a second per invoice on this machine. This module does the same three
 * steps (validate the input against the schema as the format patches it, fill the format's defaults, generate)
 * with each format's validator compiled ONCE per process, so an invoice costs only its own work.
 */

export type EInvoiceKind = 'xrechnung' | 'zugferd';

const FORMATS: Record<EInvoiceKind, string> = {
  xrechnung: 'XRECHNUNG-CII',
  zugferd: 'Factur-X-EN16931',
};

/** The library's logger: its warnings go to our log only through thrown errors; it is quiet otherwise. */
const quiet = { log() {}, warn() {}, error() {} };

const factory = new FormatFactoryService();
const validation = new ValidationService(quiet);
const compiled = new Map<EInvoiceKind, { format: EInvoiceFormat; validate: ValidateFunction<Invoice> }>();

function formatOf(kind: EInvoiceKind) {
  let entry = compiled.get(kind);
  if (!entry) {
    const format = factory.createFormatService(FORMATS[kind], quiet);
    const schema = structuredClone(invoiceSchema);
    format.patchSchema(schema);
    const ajv = new Ajv2019({ strict: true, allErrors: true, useDefaults: true });
    entry = { format, validate: ajv.compile<Invoice>(schema) };
    compiled.set(kind, entry);
  }
  return entry;
}

/** Compiles both formats' validators now (server start, the bench's warm-up) instead of on first use. */
export function warmEInvoices() {
  formatOf('xrechnung');
  formatOf('zugferd');
}

/** An e-invoice input the library's schema refuses: what it said, for the log and a 500. */
export class EInvoiceInvalid extends Error {}

function prepare(kind: EInvoiceKind, input: Invoice) {
  const { format, validate } = formatOf(kind);
  let invoice: Invoice;
  try {
    invoice = validation.validate('invoice data', validate, structuredClone(input));
  } catch (error) {
    throw new EInvoiceInvalid(`e-invoice input refused: ${(error as Error).message}`);
  }
  format.fillInvoiceDefaults(invoice);
  precedingInvoiceForCii(invoice);
  return { format, invoice };
}

/** The XRechnung (CII) XML of an invoice. */
export async function xrechnungXml(input: Invoice, language: 'en' | 'de'): Promise<string> {
  const { format, invoice } = prepare('xrechnung', input);
  const xml = await format.generate(invoice, { format: FORMATS.xrechnung, lang: lang(language) });
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/** The ZUGFeRD / Factur-X PDF: `pdf` (ours) as PDF/A-3 with the EN 16931 CII XML as `factur-x.xml`. */
export async function facturXPdf(
  input: Invoice,
  language: 'en' | 'de',
  pdf: { bytes: Uint8Array; fileName: string },
): Promise<Uint8Array> {
  const { format, invoice } = prepare('zugferd', input);
  const out = await format.generate(invoice, {
    format: FORMATS.zugferd,
    lang: lang(language),
    pdf: { buffer: pdf.bytes, filename: pdf.fileName, mimetype: 'application/pdf' },
  });
  if (typeof out === 'string') throw new Error('Factur-X: the library answered text, not a PDF');
  return out;
}

/**
 * Works around the library's CII mapping (2.3.4): its schema puts the preceding invoice (BG-3: BT-25, BT-26)
 * in `cac:BillingReference[].cac:InvoiceDocumentReference`, but its CII writer reads `cbc:ID`/`cbc:IssueDate`
 * straight under `cac:BillingReference[]`, so a credit note's reference to its invoice would be left out. After
 * validation, the number is copied up where the writer looks. Not the date: the writer puts it in
 * `udt:DateTimeString` where the CII XSD wants `qdt:DateTimeString`; BT-26 is optional while numbers are unique
 * (ours are: gapless per sequence), so the XML carries the number only (the PDF prints both).
 */
function precedingInvoiceForCii(invoice: Invoice) {
  const refs = (invoice['ubl:Invoice'] as Record<string, unknown>)['cac:BillingReference'];
  if (!Array.isArray(refs)) return;
  for (const ref of refs as Record<string, Record<string, string> | string>[]) {
    const doc = ref['cac:InvoiceDocumentReference'];
    if (typeof doc !== 'object') continue;
    if (doc['cbc:ID']) ref['cbc:ID'] = doc['cbc:ID'];
  }
}

const lang = (language: 'en' | 'de') => (language === 'de' ? 'de-de' : 'en-us');
