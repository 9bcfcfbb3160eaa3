import { formatMoney } from '../../../shared/format/money';
import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

export interface AutopayReceiptMailInput {
  to: string;
  /** The client's name. */
  name: string;
  /** The invoice's language. */
  lang: Lang;
  /** Who sends it: the provider's business or full name. */
  sender: string;
  number: string;
  /** The amount charged. */
  amountCents: number;
  currency: string;
  /** The saved card's last four digits (null when Stripe did not tell). */
  last4: string | null;
  /** The invoice's page in the portal. */
  link: string;
}

/**
 * The client's receipt for a recurring invoice paid automatically by their saved card (issue 28), in the
 * invoice's language (texts from `mail.autopayReceipt.*`): the number, the amount, the card, a link to the
 * invoice in the portal.
 * @example await mailer.queue(tx, autopayReceiptMail({ to, name, lang: 'de', sender, number: 'RE-0001', amountCents: 11900, currency: 'EUR', last4: '4242', link }))
 */
export function autopayReceiptMail(input: AutopayReceiptMailInput): OutgoingMail {
  const vars = {
    name: input.name,
    sender: input.sender || input.number,
    number: input.number,
    amount: formatMoney(input.amountCents, input.lang, input.currency),
    last4: input.last4 ?? '',
  };
  const t = (key: string) => translate(input.lang, `mail.autopayReceipt.${key}`, vars);
  const parts: MailLayoutParts = {
    lang: input.lang,
    paragraphs: [t('greeting'), input.last4 ? t('body') : t('bodyNoCard'), t('nothingToDo')],
    button: { label: t('button'), href: input.link },
    footer: [t('footer')],
  };
  return {
    to: input.to,
    subject: t('subject'),
    html: renderMailHtml(parts),
    text: renderMailText(parts),
    kind: 'autopay_receipt',
  };
}
