import { formatMoney } from '../../../shared/format/money';
import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

export interface InvoiceSentMailInput {
  to: string;
  /** The client's name. */
  name: string;
  /** The invoice's language. */
  lang: Lang;
  /** Who sends it: the provider's business or full name. */
  sender: string;
  number: string;
  amountCents: number;
  currency: string;
  /** Calendar date `YYYY-MM-DD`, or null without a due date. */
  dueDate: string | null;
  /** The portal's invoices page. */
  link: string;
}

/** A calendar date as the spec writes it: MM/dd/yyyy (en), dd.MM.yyyy (de); no time zone involved. */
export function formatCalendarDate(date: string, lang: Lang): string {
  const [y, m, d] = date.split('-');
  return lang === 'de' ? `${d}.${m}.${y}` : `${m}/${d}/${y}`;
}

/**
 * The client's notice of a new invoice (sent when the provider sends it), in the invoice's language
 * (texts from `mail.invoiceSent.*`): its number, amount and due date, and a link to the portal's invoices.
 * @example await mailer.queue(tx, invoiceSentMail({ to, name, lang: 'de', sender, number: 'INV-0001', amountCents: 11900, currency: 'EUR', dueDate: '2026-12-31', link }))
 */
export function invoiceSentMail(input: InvoiceSentMailInput): OutgoingMail {
  const vars = {
    name: input.name,
    sender: input.sender || input.number,
    number: input.number,
    amount: formatMoney(input.amountCents, input.lang, input.currency),
    due: input.dueDate ? formatCalendarDate(input.dueDate, input.lang) : '',
  };
  const t = (key: string) => translate(input.lang, `mail.invoiceSent.${key}`, vars);
  const parts: MailLayoutParts = {
    lang: input.lang,
    paragraphs: [t('greeting'), t('body'), input.dueDate ? t('due') : t('noDue')],
    button: { label: t('button'), href: input.link },
    footer: [t('footer')],
  };
  return {
    to: input.to,
    subject: t('subject'),
    html: renderMailHtml(parts),
    text: renderMailText(parts),
    kind: 'invoice_sent',
  };
}
