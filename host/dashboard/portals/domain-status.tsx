import type { TFunction } from 'i18next';
import { CheckCircle2, Clock, RefreshCw, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { CustomDomain, Portal } from '../../../shared/contracts/portals';
import { formatRelativeTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toaster';
import { describeFailure } from '../../lib/api-failure';
import { CopyButton } from './copy-button';
import { portalAddress } from './portal-url';
import { useDomain } from './portals-api';
import { DomainStatusBadge, SectionCard } from './ui';

/** Why verification failed, in words: the resolver's code (ENOTFOUND, ENODATA, …) or `wrong_value`. */
export function failureReason(t: TFunction, domain: CustomDomain): string {
  const name = domain.records.find((r) => r.type === 'TXT')?.name ?? domain.domain;
  switch (domain.error) {
    case 'ENOTFOUND':
      return t('portals:domain.reason.notFound', { name });
    case 'ENODATA':
      return t('portals:domain.reason.noData', { name });
    case 'wrong_value':
      return t('portals:domain.reason.wrongValue', { name });
    default:
      return t('portals:domain.reason.other', { code: domain.error ?? '?' });
  }
}

const ICON = { pending: Clock, verified: CheckCircle2, failed: XCircle } as const;
const TONE = {
  pending: 'bg-warning-soft text-warning',
  verified: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
} as const;

/** The domain's state with its explanation, and Verify / Change / Remove. */
export function DomainStatusCard({
  portal,
  domain,
  onChange,
}: {
  portal: Portal;
  domain: CustomDomain;
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { verify, remove } = useDomain(portal.id);
  const [confirming, setConfirming] = useState(false);
  const Icon = ICON[domain.status];
  const live = portalAddress(portal);

  function runVerify() {
    verify.mutate(undefined, {
      onSuccess: (saved) => {
        const result = saved.customDomain;
        if (result?.status === 'verified') toast.success(t('portals:domain.verifiedToast'));
        else if (result)
          toast.error(t('portals:domain.failedToast'), { description: failureReason(t, result) });
      },
      onError: (error) =>
        toast.error(t('portals:domain.failedToast'), { description: describeFailure(t, error) }),
    });
  }

  function runRemove() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('portals:domain.removed'));
      },
      onError: (error) =>
        toast.error(t('portals:domain.removeFailed'), { description: describeFailure(t, error) }),
    });
  }

  return (
    <SectionCard id="domain-status" title={t('portals:domain.statusTitle')}>
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 font-mono text-lg font-semibold break-all">{domain.domain}</p>
        <DomainStatusBadge status={domain.status} />
      </div>
      <div role="status" className={`flex gap-3 rounded-xl p-4 text-sm ${TONE[domain.status]}`}>
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-1">
          {domain.status === 'verified' ? (
            <>
              <p className="font-medium">{t('portals:domain.verifiedBody')}</p>
              <div className="flex flex-wrap items-center gap-2 text-ink">
                <a href={live} target="_blank" rel="noreferrer" className="font-mono break-all underline">
                  {live}
                </a>
                <CopyButton text={live} label={t('portals:share.copy')} variant="ghost" iconOnly />
              </div>
            </>
          ) : domain.status === 'failed' ? (
            <>
              <p className="font-medium">{t('portals:domain.failedTitle')}</p>
              <p className="text-ink">{failureReason(t, domain)}</p>
              <p className="text-muted">{t('portals:domain.propagation')}</p>
            </>
          ) : (
            <>
              <p className="font-medium">{t('portals:domain.pendingTitle')}</p>
              <p className="text-ink">{t('portals:domain.pendingBody')}</p>
            </>
          )}
          {domain.checkedAt ? (
            <p className="text-xs text-muted">
              {t('portals:domain.checkedAt', {
                time: formatRelativeTime(domain.checkedAt, i18n.resolvedLanguage ?? 'en'),
              })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={runVerify} loading={verify.isPending}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {domain.status === 'verified' ? t('portals:domain.checkAgain') : t('portals:domain.verify')}
        </Button>
        <Button variant="secondary" onClick={onChange}>
          {t('portals:domain.change')}
        </Button>
        <Button
          variant="ghost"
          className="text-danger! hover:bg-danger-soft!"
          onClick={() => setConfirming(true)}
        >
          {t('portals:domain.remove')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('portals:domain.removeTitle', { domain: domain.domain })}
        description={t('portals:domain.removeBody')}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('portals:domain.cancel')}
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={runRemove}>
            {t('portals:domain.removeConfirm')}
          </Button>
        </div>
      </Dialog>
    </SectionCard>
  );
}
