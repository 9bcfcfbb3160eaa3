/** Escapes text for HTML bodies and attributes; every user-supplied value (names!) goes through it. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface MailLayoutParts {
  lang: string;
  /** Plain-text paragraphs; escaped here. */
  paragraphs: string[];
  button?: { label: string; href: string };
  /** Small print under the button; escaped here. */
  footer: string[];
}

/**
 * The one HTML frame of every e-mail: inline styles only (mail clients drop `<style>`), a bullet-proof
 * button, and the link repeated as text for clients that block buttons.
 * @example renderMailHtml({ lang: 'en', paragraphs: ['Hi'], footer: [] })
 */
export function renderMailHtml(parts: MailLayoutParts): string {
  const p = (text: string, style = 'margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937') =>
    `<p style="${style}">${escapeHtml(text)}</p>`;
  const button = parts.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.button.href)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(parts.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280;word-break:break-all"><a href="${escapeHtml(parts.button.href)}" style="color:#4f46e5">${escapeHtml(parts.button.href)}</a></p>`
    : '';
  const small = parts.footer
    .map((t) => p(t, 'margin:0 0 8px;font-size:13px;line-height:1.5;color:#6b7280'))
    .join('');
  return `<!doctype html>
<html lang="${escapeHtml(parts.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${parts.paragraphs.map((t) => p(t)).join('\n')}
${button}
${small}
</div></body></html>`;
}

/** The plain-text alternative of the same parts, for text-only clients and spam filters. */
export function renderMailText(parts: MailLayoutParts): string {
  const lines = [...parts.paragraphs];
  if (parts.button) lines.push(`${parts.button.label}: ${parts.button.href}`);
  return [...lines, ...parts.footer].join('\n\n');
}
