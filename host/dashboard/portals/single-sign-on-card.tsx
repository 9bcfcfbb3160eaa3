import { AlertTriangle, KeyRound, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { describeFailure } from '../../../shared/api/describe';
import type { Portal } from '../../../shared/contracts/portals';
import { formatDate } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toaster';
import { SecretDialog } from './secret-dialog';
import { SectionCard } from './ui';
import { useWidgetSecret, useWidgetSecretStatus } from './widget-secret-api';

type Confirm = 'rotate' | 'turnOff' | null;

/**
 * Single sign-on (the widget's identity handoff, issue 6): whether the portal has a signing secret (shown
 * by its last four characters only), generating one, rotating it after a confirmation (the provider's
 * current integration stops working), and turning it off. A new secret is shown once, in `SecretDialog`.
 */
export function SingleSignOnCard({ portal }: { portal: Portal }) {
  const { t, i18n } = useTranslation();
  const status = useWidgetSecretStatus(portal.id);
  const { rotate, remove } = useWidgetSecret(portal.id);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [secret, setSecret] = useState<string | null>(null);
  // After the secret dialog, focus goes to "Rotate secret" (the "Generate secret" it came from is gone).
  const actions = useRef<HTMLDivElement>(null);
  const configured = status.data?.configured === true;

  function createSecret() {
    const rotating = configured;
    rotate.mutate(undefined, {
      onSuccess: (created) => {
        setConfirm(null);
        setSecret(created.secret);
        toast.success(t(rotating ? 'portals:sso.rotated' : 'portals:sso.generated'));
      },
      onError: (error) =>
        toast.error(t(rotating ? 'portals:sso.rotateFailed' : 'portals:sso.generateFailed'), {
          description: describeFailure(t, error),
        }),
    });
  }

  function turnOff() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(t('portals:sso.turnedOff'));
      },
      onError: (error) =>
        toast.error(t('portals:sso.turnOffFailed'), { description: describeFailure(t, error) }),
    });
  }

  return (
    <SectionCard id="sso" title={t('portals:sso.title')} description={t('portals:sso.description')}>
      {status.isPending ? (
        <div
          role="status"
          aria-label={t('app.loading')}
          className="h-16 animate-pulse rounded-xl bg-surface"
        />
      ) : status.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-danger-soft p-4 text-sm">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-danger" />
          <p className="min-w-0 flex-1 text-danger">
            {t('portals:sso.loadFailed')} {describeFailure(t, status.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </div>
      ) : (
        <>
          <div className="flex items-start gap-3 rounded-xl border border-line p-4">
            {configured ? (
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            ) : (
              <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-subtle" />
            )}
            <div className="grid min-w-0 gap-1" data-testid="sso-status">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                {t('portals:sso.status')}
                <span
                  className={
                    configured
                      ? 'rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-medium text-success ring-1 ring-success/20 ring-inset'
                      : 'rounded-full bg-surface px-2.5 py-0.5 text-xs font-medium text-muted ring-1 ring-line ring-inset'
                  }
                >
                  {configured ? t('portals:sso.on') : t('portals:sso.off')}
                </span>
              </p>
              <p className="text-sm text-muted">
                {configured
                  ? t('portals:sso.onBody', {
                      hint: status.data?.hint ?? '',
                      date: formatDate(status.data?.createdAt ?? '', i18n.language),
                    })
                  : t('portals:sso.offBody')}
              </p>
            </div>
          </div>
          <div ref={actions} className="flex flex-wrap items-center gap-2">
            {configured ? (
              <>
                <Button variant="secondary" onClick={() => setConfirm('rotate')}>
                  {t('portals:sso.rotate')}
                </Button>
                <Button variant="ghost" className="text-danger" onClick={() => setConfirm('turnOff')}>
                  {t('portals:sso.turnOff')}
                </Button>
              </>
            ) : (
              <Button loading={rotate.isPending} onClick={createSecret}>
                {t('portals:sso.generate')}
              </Button>
            )}
            <Link
              to="/dashboard/documentation#identity-handoff"
              className="ml-auto rounded text-sm font-medium text-primary hover:underline"
            >
              {t('portals:sso.howTo')}
            </Link>
          </div>
        </>
      )}

      <Dialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => setConfirm(open ? 'rotate' : null)}
        title={t('portals:sso.rotateTitle')}
        description={t('portals:sso.rotateBody')}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t('portals:sso.cancel')}
          </Button>
          <Button loading={rotate.isPending} onClick={createSecret}>
            {t('portals:sso.rotateConfirm')}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirm === 'turnOff'}
        onOpenChange={(open) => setConfirm(open ? 'turnOff' : null)}
        title={t('portals:sso.turnOffTitle')}
        description={t('portals:sso.turnOffBody')}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t('portals:sso.cancel')}
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={turnOff}>
            {t('portals:sso.turnOffConfirm')}
          </Button>
        </div>
      </Dialog>
      <SecretDialog
        portalId={portal.id}
        secret={secret}
        onDone={() => {
          setSecret(null);
          requestAnimationFrame(() => actions.current?.querySelector('button')?.focus());
        }}
      />
    </SectionCard>
  );
}
