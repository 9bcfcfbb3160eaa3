/**
 * Escapes a value for HTML or SVG text and attributes as numeric character references (`&` `<` `>` `"`
 * `'`): any name or id a page or an image is built from goes through it.
 */
export const escapeMarkup = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
