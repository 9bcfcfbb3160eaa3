import { formatLanguage, LOCALE } from '../format/locale';

/**
 * A file size in the interface language: bytes, KB or MB with one decimal (1 KB = 1024 bytes, as the
 * 10 MB limit is counted).
 * @example formatFileSize(2_516_582, 'de') // '2,4 MB'
 */
export function formatFileSize(bytes: number, lang: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(LOCALE[formatLanguage(lang)], { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}

/** The first 12 hex digits of a SHA-256, enough to tell versions apart at a glance (the full one is copied). */
export const shortSha = (sha256: string): string => sha256.slice(0, 12);

/** A date and time in the interface language (MM/dd/yyyy or dd.MM.yyyy, spec §9, and the local time). */
export function formatDateTime(value: string, lang: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const language = formatLanguage(lang);
  const day = new Intl.DateTimeFormat(LOCALE[language], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  const time = new Intl.DateTimeFormat(LOCALE[language], { hour: '2-digit', minute: '2-digit' }).format(date);
  return `${day} ${time}`;
}
