import { formatMoney } from '../../../shared/format/money';
import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { formatCalendarDate } from './invoice-sent';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

export interface QuoteSentMailInput {
  to: string;
  /** The client's name. */
  name: string;
  /** The quote's language. */
  lang: Lang;
  /** Who sends it: the provider's business or full name. */
  sender: string;
  number: string;
  amountCents: number;
  currency: string;
  /** The last day it can be accepted, `YYYY-MM-DD`. */
  validUntil: string;
  /** The quote's page in the portal. */
  link: string;
}

/**
 * The client's notice of a new quote (issue 28), in the quote's language (`mail.quoteSent.*`): its number,
 * amount and validity, and a link to the quote in the portal, where the client accepts or declines it.
 * @example await mailer.queue(tx, quoteSentMail({ to, name, lang: 'de', sender, number: 'AN-0001', amountCents: 11900, currency: 'EUR', validUntil: '2026-12-31', link }))
 */
export function quoteSentMail(input: QuoteSentMailInput): OutgoingMail {
  const vars = {
    name: input.name,
    sender: input.sender || input.number,
    number: input.number,
    amount: formatMoney(input.amountCents, input.lang, input.currency),
    valid: formatCalendarDate(input.validUntil, input.lang),
  };
  const t = (key: string) => translate(input.lang, `mail.quoteSent.${key}`, vars);
  const parts: MailLayoutParts = {
    lang: input.lang,
    paragraphs: [t('greeting'), t('body'), t('valid')],
    button: { label: t('button'), href: input.link },
    footer: [t('footer')],
  };
  return {
    to: input.to,
    subject: t('subject'),
    html: renderMailHtml(parts),
    text: renderMailText(parts),
    kind: 'quote_sent',
  };
}
