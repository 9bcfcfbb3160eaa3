import { AtSign, Mail, RefreshCw, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { describeFailure } from '../../shared/api/describe';
import { type MailDomain, MailDomainCreate } from '../../shared/contracts/integrations';
import { formatRelativeTime } from '../../shared/format/date';
import { Button } from '../../shared/ui/button';
import { DetailItem } from '../../shared/ui/card';
import { ConfirmDialog } from '../../shared/ui/dialog';
import { EntityFormDialog, useEntityForm } from '../../shared/ui/entity-form-dialog';
import { Field } from '../../shared/ui/field';
import { StatusBadge } from '../../shared/ui/status-badge';
import { toast } from '../../shared/ui/toaster';
import {
  useCreateMailDomain,
  useMailDomain,
  useRemoveMailDomain,
  useUpdateMailDomain,
  useVerifyMailDomain,
} from './api';
import { type CardFrame, QueryCard } from './card-states';
import { DnsRecords } from './dns-records';
import { useIntegrationTexts } from './i18n';
import { ActionResult, IntegrationCard, type ResultTone } from './integration-card';
import { INTEGRATION_STATUS, mailDomainStatus } from './status';

type Texts = ReturnType<typeof useIntegrationTexts>['t'];

/**
 * The provider's own sending domain at Resend (issue 27): add it, publish the DNS records it shows, check
 * them, use it for the portal e-mails to the provider's clients, remove it. Without Resend on the server
 * (the development outbox) the card says so and offers nothing.
 */
export function MailDomainIntegration() {
  const { t } = useIntegrationTexts();
  const state = useMailDomain();
  const frame = {
    id: 'mail-domain',
    icon: Mail,
    title: t('mailDomain.title'),
    description: t('mailDomain.description'),
  };
  return (
    <QueryCard frame={frame} query={state}>
      {(data) => {
        const { available, domain } = data;
        if (domain) return <DomainCard frame={frame} domain={domain} available={available} />;
        if (!available)
          return (
            <IntegrationCard
              {...frame}
              status={<StatusBadge status="unavailable" map={INTEGRATION_STATUS} t={t} />}
            >
              <p className="text-sm">{t('mailDomain.unavailableBody')}</p>
            </IntegrationCard>
          );
        return <EmptyCard frame={frame} />;
      }}
    </QueryCard>
  );
}

function EmptyCard({ frame }: { frame: CardFrame }) {
  const { t } = useIntegrationTexts();
  const [adding, setAdding] = useState(false);
  return (
    <IntegrationCard
      {...frame}
      status={<StatusBadge status="notAdded" map={INTEGRATION_STATUS} t={t} />}
      actions={
        <Button size="sm" onClick={() => setAdding(true)}>
          <AtSign aria-hidden="true" className="size-4" />
          {t('mailDomain.add')}
        </Button>
      }
    >
      <p className="text-sm">{t('mailDomain.emptyBody')}</p>
      {adding ? <AddDomainDialog onClose={() => setAdding(false)} /> : null}
    </IntegrationCard>
  );
}

function AddDomainDialog({ onClose }: { onClose: () => void }) {
  const { t } = useIntegrationTexts();
  const create = useCreateMailDomain();
  const form = useEntityForm({
    initial: () => ({ domain: '', fromLocalPart: 'portal' }),
    fields: ['domain', 'fromLocalPart'],
    t,
  });
  return (
    <EntityFormDialog
      form={form}
      title={t('mailDomain.form.createTitle')}
      description={t('mailDomain.form.description')}
      submitLabel={t('mailDomain.form.create')}
      doneMessage={t('mailDomain.toast.created')}
      failedTitle={t('mailDomain.toast.createFailed')}
      errorCodes={{ mail_domain_exists: 'domain' }}
      onClose={onClose}
      onSubmit={async () => {
        const body = form.check(MailDomainCreate, form.values);
        if (!body) return false;
        await create.mutateAsync(body);
        return true;
      }}
    >
      <Field
        label={t('mailDomain.form.domain')}
        hint={t('mailDomain.form.domainHint')}
        placeholder="mail.your-agency.com"
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        required
        {...form.field('domain')}
      />
      <Field
        label={t('mailDomain.form.fromLocalPart')}
        hint={t('mailDomain.form.fromLocalPartHint')}
        autoComplete="off"
        spellCheck={false}
        required
        {...form.field('fromLocalPart')}
      />
    </EntityFormDialog>
  );
}

/** What the card says about a domain in its state. */
function stateLine(domain: MailDomain, t: Texts): string {
  if (domain.inUse) return t('mailDomain.state.inUse', { address: domain.fromAddress });
  if (domain.status === 'verified') return t('mailDomain.state.ready');
  if (domain.status === 'failed' || domain.status === 'partially_failed') return t('mailDomain.state.failed');
  return t('mailDomain.state.waiting');
}

function DomainCard({
  frame,
  domain,
  available,
}: {
  frame: CardFrame;
  domain: MailDomain;
  available: boolean;
}) {
  const { t, lang } = useIntegrationTexts();
  const verify = useVerifyMailDomain();
  const update = useUpdateMailDomain();
  const remove = useRemoveMailDomain();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ tone: ResultTone; text: string } | null>(null);
  const verified = domain.status === 'verified';
  const failed = (error: unknown) => setResult({ tone: 'danger', text: describeFailure(t, error) });

  const check = () => {
    setResult(null);
    verify.mutate(undefined, {
      onSuccess: (next) =>
        setResult(
          next.domain?.status === 'verified'
            ? { tone: 'ok', text: t('mailDomain.verifyResult.verified') }
            : { tone: 'warning', text: t('mailDomain.verifyResult.waiting') },
        ),
      onError: failed,
    });
  };
  const use = (inUse: boolean) => {
    setResult(null);
    update.mutate(
      { inUse },
      {
        onSuccess: () =>
          toast.success(
            inUse
              ? t('mailDomain.toast.used', { address: domain.fromAddress })
              : t('mailDomain.toast.stopped'),
          ),
        onError: failed,
      },
    );
  };

  return (
    <IntegrationCard
      {...frame}
      status={<StatusBadge status={mailDomainStatus(domain)} map={INTEGRATION_STATUS} t={t} />}
      actions={
        <div className="grid w-full gap-3">
          <ActionResult result={result} />
          <div className="flex flex-wrap gap-2">
            {available && !domain.inUse ? (
              <Button
                size="sm"
                variant={verified ? 'secondary' : 'primary'}
                loading={verify.isPending}
                onClick={check}
              >
                {verify.isPending ? null : <RefreshCw aria-hidden="true" className="size-4" />}
                {verify.isPending ? t('mailDomain.verifying') : t('mailDomain.verify')}
              </Button>
            ) : null}
            {available && verified && !domain.inUse ? (
              <Button size="sm" loading={update.isPending} onClick={() => use(true)}>
                {update.isPending ? null : <Send aria-hidden="true" className="size-4" />}
                {t('mailDomain.use')}
              </Button>
            ) : null}
            {domain.inUse ? (
              <Button size="sm" variant="secondary" loading={update.isPending} onClick={() => use(false)}>
                {t('mailDomain.stopUsing')}
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" className="sm:ms-auto" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('mailDomain.remove')}
            </Button>
          </div>
        </div>
      }
    >
      {available ? null : <p className="text-sm">{t('mailDomain.unavailableBody')}</p>}
      <dl className="grid gap-4 sm:grid-cols-3">
        <DetailItem label={t('mailDomain.domain')}>
          <span className="font-medium break-all">{domain.name}</span>
        </DetailItem>
        <DetailItem label={t('mailDomain.sender')}>
          <span className="break-all">{domain.fromAddress}</span>
        </DetailItem>
        <DetailItem label={t('mailDomain.lastChecked')}>
          {domain.checkedAt ? formatRelativeTime(domain.checkedAt, lang) : t('mailDomain.never')}
        </DetailItem>
      </dl>
      <p className="text-sm">{stateLine(domain, t)}</p>
      {domain.inUse ? null : <DnsRecords domain={domain} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('mailDomain.removeTitle')}
        description={t('mailDomain.removeBody', { domain: domain.name })}
        cancelLabel={t('mailDomain.keep')}
        confirmLabel={t('mailDomain.removeConfirm')}
        confirming={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('mailDomain.toast.removed'));
            },
            onError: (error) => {
              setConfirming(false);
              failed(error);
            },
          })
        }
      />
    </IntegrationCard>
  );
}
