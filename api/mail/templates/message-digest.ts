import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

export interface MessageDigestInput {
  to: string;
  name: string;
  lang: Lang;
  project: string;
  /** Who wrote the messages (the other side's name). */
  sender: string;
  /** The window's messages, oldest first (each already a plain-text preview). */
  messages: string[];
  /** Where the conversation opens (dashboard or portal). */
  link: string;
}

/** How many of the window's messages the e-mail quotes; the rest are counted. */
export const DIGEST_QUOTED = 5;

/**
 * "You have unread messages": one e-mail for the messages of one window that its recipient has not read,
 * in the recipient's language, quoting them as plain text (never HTML from a message).
 */
export function messageDigestMail(input: MessageDigestInput): OutgoingMail {
  const count = input.messages.length;
  const vars = { name: input.name, project: input.project, sender: input.sender, count };
  const t = (key: string, extra: Record<string, unknown> = {}) =>
    translate(input.lang, `mail.messageDigest.${key}`, { ...vars, ...extra });
  const quoted = input.messages.slice(-DIGEST_QUOTED).map((m) => `“${m}”`);
  const more = count > DIGEST_QUOTED ? [t('more', { count: count - DIGEST_QUOTED })] : [];
  const parts: MailLayoutParts = {
    lang: input.lang,
    paragraphs: [t('greeting'), t('body'), ...quoted, ...more],
    button: { label: t('button'), href: input.link },
    footer: [t('footer')],
  };
  return {
    to: input.to,
    subject: t('subject'),
    html: renderMailHtml(parts),
    text: renderMailText(parts),
    kind: 'message_digest',
  };
}
