import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Reading a PDF back with independent tools (Debian: poppler-utils, qpdf; `.ci/run` installs them), for the
 * invoice PDF tests. Tests that need them are skipped, saying so, where a machine lacks them.
 */

export const has = (tool: string) => spawnSync(tool, ['-v']).error === undefined;
export const POPPLER = has('pdftotext') && has('pdffonts');
export const QPDF = has('qpdf');

let dir: string | undefined;
let n = 0;
/** Writes the bytes to a temporary file and returns its path. */
export function tempPdf(bytes: Uint8Array): string {
  dir ??= mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
  const path = join(dir, `${n++}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

/** pdftotext's text (reading order), with no-break and narrow spaces as plain spaces. */
export function pdfText(bytes: Uint8Array, layout = false): string {
  const args = [...(layout ? ['-layout'] : []), tempPdf(bytes), '-'];
  return execFileSync('pdftotext', args, { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
}

/** pdffonts' rows: name, type, embedded, subset, Unicode map. */
export function pdfFonts(bytes: Uint8Array): { name: string; emb: boolean; sub: boolean; uni: boolean }[] {
  const out = execFileSync('pdffonts', [tempPdf(bytes)], { encoding: 'utf8' });
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      const [emb, sub, uni] = cols.slice(-5, -2);
      return { name: cols[0] ?? '', emb: emb === 'yes', sub: sub === 'yes', uni: uni === 'yes' };
    });
}

/** pdfinfo's fields. */
export function pdfInfo(bytes: Uint8Array): Record<string, string> {
  const out = execFileSync('pdfinfo', ['-isodates', tempPdf(bytes)], { encoding: 'utf8' });
  return Object.fromEntries(
    out
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] as string, m[2] as string]),
  );
}

/** How many images pdfimages lists. */
export function pdfImageCount(bytes: Uint8Array): number {
  const out = execFileSync('pdfimages', ['-list', tempPdf(bytes)], { encoding: 'utf8' });
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim()).length;
}

/** qpdf --check's verdict (throws on a damaged file). */
export function qpdfCheck(bytes: Uint8Array): string {
  return execFileSync('qpdf', ['--check', tempPdf(bytes)], { encoding: 'utf8' });
}

/** Page `page` rendered by pdftoppm at `dpi` as PNG bytes. */
export function pdfPagePng(bytes: Uint8Array, page = 1, dpi = 40): Buffer {
  const out = tempPdf(bytes).replace(/\.pdf$/, '');
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-png',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    tempPdf(bytes),
    out,
  ]);
  return readFileSync(`${out}.png`);
}
