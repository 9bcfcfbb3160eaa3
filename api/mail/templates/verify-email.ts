import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

/** The link the provider clicks; the page POSTs the token, so a mail scanner's GET cannot consume it. */
export function verificationLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}/auth/verify?token=${encodeURIComponent(token)}`;
}

/**
 * The verification e-mail in the user's language (texts from `mail.verify.*` in the shared locales).
 * @example await mailer.queue(tx, verifyEmailMail({ to, name, lang: 'de', link }))
 */
export function verifyEmailMail(opts: { to: string; name: string; lang: Lang; link: string }): OutgoingMail {
  const t = (key: string, vars?: Record<string, unknown>) => translate(opts.lang, `mail.verify.${key}`, vars);
  const parts: MailLayoutParts = {
    lang: opts.lang,
    paragraphs: [t('greeting', { name: opts.name }), t('body')],
    button: { label: t('button'), href: opts.link },
    footer: [t('expiry'), t('footer')],
  };
  return {
    to: opts.to,
    subject: t('subject'),
    html: renderMailHtml(parts),
    text: renderMailText(parts),
    kind: 'verify_email',
  };
}
