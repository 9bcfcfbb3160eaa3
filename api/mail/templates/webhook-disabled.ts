import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

export interface WebhookDisabledMailInput {
  to: string;
  /** The provider's name (their profile's full name, else the address). */
  name: string;
  lang: Lang;
  /** The endpoint's URL. */
  url: string;
  /** How long every attempt failed, in days. */
  days: number;
  /** The Integrations page in the dashboard. */
  link: string;
}

/**
 * The notice that a webhook endpoint was turned off because every delivery to it failed for 3 days, in the
 * provider's language (texts from `mail.webhookDisabled.*`), with a link to turn it on again.
 * @example await mailer.queue(tx, webhookDisabledMail({ to, name, lang: 'de', url, days: 3, link }))
 */
export function webhookDisabledMail(input: WebhookDisabledMailInput): OutgoingMail {
  const vars = { name: input.name, url: input.url, days: input.days };
  const t = (key: string) => translate(input.lang, `mail.webhookDisabled.${key}`, vars);
  const parts: MailLayoutParts = {
    lang: input.lang,
    paragraphs: [t('greeting'), t('body'), t('action')],
    button: { label: t('button'), href: input.link },
    footer: [t('footer')],
  };
  return {
    to: input.to,
    subject: t('subject'),
    html: renderMailHtml(parts),
    text: renderMailText(parts),
    kind: 'webhook_disabled',
  };
}
