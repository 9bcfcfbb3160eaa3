import type { TFunction } from 'i18next';
import { AlertTriangle, Ban, CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { CustomDomain, Portal } from '../../../shared/contracts/portals';
import { formatDate, formatRelativeTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/react';
import { CopyButton } from './copy-button';
import { portalAddress } from './portal-url';

/** The definite answers that mean the record is gone (the rest are lookups that got no answer). */
const GONE = { ENOTFOUND: 'notFound', ENODATA: 'noData', wrong_value: 'wrongValue' } as const;

const recordName = (domain: CustomDomain) =>
  domain.records.find((r) => r.type === 'TXT')?.name ?? domain.domain;

/** Why verification failed, in words: the resolver's code (ENOTFOUND, ENODATA, …) or `wrong_value`. */
export function failureReason(t: TFunction, domain: CustomDomain): string {
  const key = GONE[domain.error as keyof typeof GONE];
  if (key) return t(`portals:domain.reason.${key}`, { name: recordName(domain) });
  return t('portals:domain.reason.other', { code: domain.error ?? '?' });
}

/** Why a domain that WAS verified lost its record ("no longer …"); the generic reason for other codes. */
function lostReason(t: TFunction, domain: CustomDomain): string {
  const key = GONE[domain.error as keyof typeof GONE];
  if (key) return t(`portals:domain.lost.${key}`, { name: recordName(domain) });
  return failureReason(t, domain);
}

const ICON = { pending: Clock, verified: CheckCircle2, failed: XCircle, taken: Ban } as const;
const TONE = {
  pending: 'bg-warning-soft text-warning',
  verified: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
  taken: 'bg-danger-soft text-danger',
} as const;

/**
 * The domain's state in words, in its colour: verified (with the live address, and a warning when the
 * last re-check did not find the record), pending, failed (or no longer served, with the re-check's
 * reason), taken by another account; an unverified claim says until when it can be verified.
 */
export function DomainStateNote({ portal, domain }: { portal: Portal; domain: CustomDomain }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const Icon = ICON[domain.status];
  return (
    <div role="status" className={`flex gap-3 rounded-xl p-4 text-sm ${TONE[domain.status]}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid min-w-0 gap-1">
        <StateText portal={portal} domain={domain} lang={lang} />
        {domain.expiresAt ? (
          <p className="text-ink">
            {t('portals:domain.expires', { date: formatDate(domain.expiresAt, lang) })}
          </p>
        ) : null}
        {domain.checkedAt ? (
          <p className="text-xs text-muted">
            {t('portals:domain.checkedAt', { time: formatRelativeTime(domain.checkedAt, lang) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function StateText({ portal, domain, lang }: { portal: Portal; domain: CustomDomain; lang: string }) {
  const { t } = useTranslation();
  switch (domain.status) {
    case 'verified': {
      const live = portalAddress(portal);
      return (
        <>
          <p className="font-medium">{t('portals:domain.verifiedBody')}</p>
          <div className="flex flex-wrap items-center gap-2 text-ink">
            <a href={live} target="_blank" rel="noreferrer" className="font-mono break-all underline">
              {live}
            </a>
            <CopyButton text={live} label={t('portals:share.copy')} variant="ghost" iconOnly />
          </div>
          {domain.error ? <CheckWarning domain={domain} /> : null}
        </>
      );
    }
    case 'taken':
      return (
        <>
          <p className="font-medium">{t('portals:domain.takenTitle')}</p>
          <p className="text-ink">{t('portals:domain.takenBody', { domain: domain.domain })}</p>
        </>
      );
    case 'failed':
      return domain.revokedAt ? (
        <>
          <p className="font-medium">{t('portals:domain.revokedTitle')}</p>
          <p className="text-ink">
            {t('portals:domain.revokedBody', { date: formatDate(domain.revokedAt, lang) })}
          </p>
          <p className="text-ink">{lostReason(t, domain)}</p>
          <p className="text-ink">{t('portals:domain.revokedAction')}</p>
        </>
      ) : (
        <>
          <p className="font-medium">{t('portals:domain.failedTitle')}</p>
          <p className="text-ink">{failureReason(t, domain)}</p>
          <p className="text-muted">{t('portals:domain.propagation')}</p>
        </>
      );
    default:
      return (
        <>
          <p className="font-medium">{t('portals:domain.pendingTitle')}</p>
          <p className="text-ink">{t('portals:domain.pendingBody')}</p>
        </>
      );
  }
}

/** A verified domain whose last re-check did not find the record (once) or got no answer. */
function CheckWarning({ domain }: { domain: CustomDomain }) {
  const { t } = useTranslation();
  const gone = domain.error && domain.error in GONE;
  return (
    <div className="mt-2 flex gap-2 rounded-lg bg-warning-soft p-3 text-warning">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1 text-ink">
        {gone ? (
          <>
            <p className="font-medium">{t('portals:domain.warningGone')}</p>
            <p>{lostReason(t, domain)}</p>
            <p>{t('portals:domain.warningGoneNext')}</p>
          </>
        ) : (
          <p>{t('portals:domain.warningNoAnswer', { code: domain.error })}</p>
        )}
      </div>
    </div>
  );
}
