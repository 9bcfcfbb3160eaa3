import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

/** The link the provider clicks; the page sets the password only on an explicit POST, never on load. */
export function passwordResetLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * The "Forgot password?" e-mail in the user's language (texts from `mail.passwordReset.*`).
 * @example await mailer.queue(tx, passwordResetMail({ to, name, lang: 'de', link }))
 */
export function passwordResetMail(opts: {
  to: string;
  name: string;
  lang: Lang;
  link: string;
}): OutgoingMail {
  const t = (key: string, vars?: Record<string, unknown>) =>
    translate(opts.lang, `mail.passwordReset.${key}`, vars);
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
    kind: 'password_reset',
  };
}
