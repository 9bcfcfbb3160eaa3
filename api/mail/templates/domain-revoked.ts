import { type Lang, translate } from '../../http/i18n';
import type { OutgoingMail } from '../mailer';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

export interface DomainRevokedMailInput {
  to: string;
  /** The provider's name (their profile's full name). */
  name: string;
  lang: Lang;
  domain: string;
  portalName: string;
  /** What the last check found: `ENOTFOUND`, `ENODATA` or `wrong_value` (see `lookupToken`). */
  error: string;
  /** The portal's domain page in the dashboard. */
  link: string;
  /** Days the provider has to restore the record before the claim expires. */
  days: number;
}

const REASON: Record<string, string> = {
  ENOTFOUND: 'notFound',
  ENODATA: 'noData',
  wrong_value: 'wrongValue',
};

/**
 * The notice that the periodic re-check stopped serving a portal at its custom domain, in the provider's
 * language (texts from `mail.domainRevoked.*`), with the reason and a link to the domain page.
 * @example await mailer.queue(tx, domainRevokedMail({ to, name, lang: 'de', domain, portalName, error: 'ENODATA', link, days: 7 }))
 */
export function domainRevokedMail(input: DomainRevokedMailInput): OutgoingMail {
  const vars = {
    name: input.name,
    domain: input.domain,
    portalName: input.portalName,
    record: `_clientportal-verify.${input.domain}`,
    days: input.days,
  };
  const t = (key: string) => translate(input.lang, `mail.domainRevoked.${key}`, vars);
  const parts: MailLayoutParts = {
    lang: input.lang,
    paragraphs: [t('greeting'), t('body'), t(`reason.${REASON[input.error] ?? 'noData'}`), t('action')],
    button: { label: t('button'), href: input.link },
    footer: [t('footer')],
  };
  return {
    to: input.to,
    subject: t('subject'),
    html: renderMailHtml(parts),
    text: renderMailText(parts),
    kind: 'domain_revoked',
  };
}
