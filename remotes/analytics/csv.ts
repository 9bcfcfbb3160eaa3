/**
 * A table as CSV for a spreadsheet in the interface language: English with commas and a decimal point,
 * German with semicolons and a decimal comma (what Excel and LibreOffice read in that locale). Numbers are
 * plain (no thousands separators, money in units with two decimals); text is quoted when it needs it, and a
 * text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) is prefixed with `'`.
 */
export type CsvCell = string | number | null;

export function toCsv(
  lang: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): string {
  const german = lang === 'de';
  const separator = german ? ';' : ',';
  const cell = (value: CsvCell): string => {
    if (value === null) return '';
    if (typeof value === 'number') {
      const text = String(value);
      return german ? text.replace('.', ',') : text;
    }
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /["\n\r;,]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `${[header, ...rows].map((row) => row.map(cell).join(separator)).join('\r\n')}\r\n`;
}

/** Money in minor units as a plain number of units (12345 → 123.45). */
export const units = (cents: number) => Math.round(cents) / 100;

/** Offers `text` as a file download (a UTF-8 BOM first, so spreadsheets read umlauts right). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
