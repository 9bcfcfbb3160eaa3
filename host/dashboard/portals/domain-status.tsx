import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { describeFailure } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import type { CustomDomain, Portal } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toaster';
import { DomainStateNote, failureReason } from './domain-state-note';
import { useDomain } from './portals-api';
import { DomainStatusBadge, SectionCard } from './ui';

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
  const { t } = useTranslation();
  const { verify, remove } = useDomain(portal.id);
  const [confirming, setConfirming] = useState(false);

  function runVerify() {
    verify.mutate(undefined, {
      onSuccess: (saved) => {
        const result = saved.customDomain;
        if (result?.status === 'verified' && !result.error) toast.success(t('portals:domain.verifiedToast'));
        else if (result?.status === 'verified') toast.warning(t('portals:domain.checkWarningToast'));
        else if (result?.status === 'taken')
          toast.error(t('portals:domain.failedToast'), { description: t('portals:domain.takenTitle') });
        else if (result?.status === 'failed')
          toast.error(t('portals:domain.failedToast'), { description: failureReason(t, result) });
      },
      onError: (error) => {
        // Each verification makes DNS lookups, so the API limits them; say how long to wait, in minutes.
        if (error instanceof ApiError && error.code === 'rate_limited') {
          const count = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
          toast.error(t('portals:domain.limitedTitle'), {
            description: t('portals:domain.limitedBody', { count }),
          });
        } else toast.error(t('portals:domain.failedToast'), { description: describeFailure(t, error) });
      },
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
      <DomainStateNote portal={portal} domain={domain} />
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
