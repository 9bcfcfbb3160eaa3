import { fillReminderText } from '../../../shared/contracts/reminders';
import { formatMoney } from '../../../shared/format/money';
import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { formatCalendarDate } from './invoice-sent';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

export interface PaymentReminderMailInput {
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
  /** Calendar date `YYYY-MM-DD`. */
  dueDate: string;
  daysOverdue: number;
  /** The provider's reminder text of this step in the invoice's language (plain text with placeholders). */
  body: string;
  /** The invoice's page in the portal (its pay button). */
  link: string;
}

/** The step's default text in a language (`mail.paymentReminder.defaults.step<n>`), placeholders unfilled. */
export const defaultReminderText = (lang: Lang, step: number): string =>
  translate(lang, `mail.paymentReminder.defaults.step${Math.min(Math.max(step, 1), 3)}`);

/**
 * A payment reminder to the client, in the invoice's language: the greeting, the provider's text with its
 * placeholders filled (each line a paragraph; plain text, escaped by the layout), and a button to the
 * invoice in the portal.
 * @example await mailer.queue(tx, paymentReminderMail({ to, name, lang: 'de', sender, number: 'RE-0001', amountCents: 11900, currency: 'EUR', dueDate: '2026-11-30', daysOverdue: 7, body, link }))
 */
export function paymentReminderMail(input: PaymentReminderMailInput): OutgoingMail {
  const sender = input.sender || input.number;
  const vars = {
    name: input.name,
    sender,
    number: input.number,
  };
  const t = (key: string) => translate(input.lang, `mail.paymentReminder.${key}`, vars);
  const text = fillReminderText(input.body, {
    client: input.name,
    sender,
    number: input.number,
    amount: formatMoney(input.amountCents, input.lang, input.currency),
    dueDate: formatCalendarDate(input.dueDate, input.lang),
    daysOverdue: String(input.daysOverdue),
  });
  const paragraphs = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const parts: MailLayoutParts = {
    lang: input.lang,
    paragraphs: [t('greeting'), ...paragraphs],
    button: { label: t('button'), href: input.link },
    footer: [t('footer')],
  };
  return {
    to: input.to,
    subject: t('subject'),
    html: renderMailHtml(parts),
    text: renderMailText(parts),
    kind: 'payment_reminder',
  };
}
