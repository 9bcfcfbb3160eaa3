import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { escapeHtml, type MailLayoutParts, renderMailText } from './layout';

export interface MagicLinkMailInput {
  to: string;
  name: string;
  lang: Lang;
  link: string;
  portal: { name: string; logoUrl: string | null; primaryColor: string; buttonTextColor: string };
  /**
   * `invitation`: the provider invites the client (`mail.invitation.*`); `sign-in`: the client asked for a
   * link on the portal (`mail.magicLink.*`). Each has its own subject, so the two never look alike in an
   * inbox.
   */
  purpose: 'invitation' | 'sign-in';
}

/**
 * The portal's branded invitation or sign-in e-mail (portal name, logo, primary colour) in the client's
 * language.
 * @example await mailer.queue(tx, magicLinkMail({ to, name, lang: 'de', link, portal, purpose: 'invitation' }))
 */
export function magicLinkMail(input: MagicLinkMailInput): OutgoingMail {
  const vars = { name: input.name, portalName: input.portal.name };
  const texts = input.purpose === 'invitation' ? 'mail.invitation' : 'mail.magicLink';
  const t = (key: string) => translate(input.lang, `${texts}.${key}`, vars);
  const parts: MailLayoutParts = {
    lang: input.lang,
    paragraphs: [t('greeting'), t('body')],
    button: { label: t('button'), href: input.link },
    footer: [t('expiry'), t('footer')],
  };
  return {
    to: input.to,
    subject: t('subject'),
    html: brandedHtml(input, parts),
    text: renderMailText(parts),
    kind: 'magic_link',
  };
}

/** The layout of `layout.ts`, in the portal's colours and with its logo (inline styles only). */
function brandedHtml(input: MagicLinkMailInput, parts: MailLayoutParts): string {
  const color = /^#[0-9a-f]{6}$/.test(input.portal.primaryColor) ? input.portal.primaryColor : '#4f46e5';
  const textColor = input.portal.buttonTextColor === '#111827' ? '#111827' : '#ffffff';
  const p = (text: string, style = 'margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937') =>
    `<p style="${style}">${escapeHtml(text)}</p>`;
  const header = input.portal.logoUrl
    ? `<img src="${escapeHtml(input.portal.logoUrl)}" alt="${escapeHtml(input.portal.name)}" style="max-height:48px;max-width:200px;margin:0 0 24px">`
    : `<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:${color}">${escapeHtml(input.portal.name)}</p>`;
  const href = escapeHtml(parts.button?.href ?? '');
  return `<!doctype html>
<html lang="${escapeHtml(parts.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;border-top:4px solid ${color}">
${header}
${parts.paragraphs.map((x) => p(x)).join('\n')}
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:${color};color:${textColor};text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(parts.button?.label ?? '')}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280;word-break:break-all"><a href="${href}" style="color:#374151">${href}</a></p>
${parts.footer.map((x) => p(x, 'margin:0 0 8px;font-size:13px;line-height:1.5;color:#6b7280')).join('')}
</div></body></html>`;
}
