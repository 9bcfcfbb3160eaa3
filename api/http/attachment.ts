/**
 * A `Content-Disposition: attachment` value for a download named `name`: an ASCII fallback in `filename`
 * (anything else, quotes and backslashes become `_`) and the exact name in `filename*` (RFC 6266/8187), so
 * every browser saves it under a safe name and modern ones under the real one.
 * @example attachmentDisposition('Entwurf Größe.pdf') // attachment; filename="Entwurf Gr__e.pdf"; filename*=UTF-8''Entwurf%20Gr%C3%B6%C3%9Fe.pdf
 */
export function attachmentDisposition(name: string): string {
  const clean =
    [...name]
      .map((ch) => (ch < ' ' || ch === '\u007f' || ch === '/' || ch === '\\' ? '_' : ch))
      .join('')
      .trim() || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
