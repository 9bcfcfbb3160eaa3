import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import { StripeConnect, type StripeConnection } from '../../../shared/contracts/invoices';
import { formatDate } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toaster';
import { validateForm } from '../../lib/form-errors';
import { billingApi, billingKeys } from './billing-api';
import { maskedKey } from './billing-logic';
import { CopyText } from './copy-text';
import { LoadFailed } from './load-failed';

/** Which field a Stripe refusal belongs to, so it is shown there rather than as a toast. */
const FIELD_OF_CODE: Record<string, 'secretKey' | 'webhookSecret'> = {
  stripe_key_invalid: 'secretKey',
  stripe_webhook_invalid: 'webhookSecret',
};

/**
 * The provider's own Stripe account, for their clients' card payments: connect with a secret key (and
 * optionally the webhook's signing secret; without it the server creates the endpoint), the webhook URL to
 * copy, and once connected the account, test or live, the key's last four characters and Disconnect.
 */
export function StripeCard() {
  const { t } = useTranslation();
  const stripe = useQuery({ queryKey: billingKeys.stripe, queryFn: billingApi.stripe });
  if (stripe.isError) return <LoadFailed error={stripe.error} onRetry={() => void stripe.refetch()} />;
  if (!stripe.data)
    return (
      <div role="status" aria-label={t('app.loading')} className="h-32 animate-pulse rounded-lg bg-surface" />
    );
  return stripe.data.connected ? (
    <Connected connection={stripe.data} />
  ) : (
    <ConnectForm connection={stripe.data} />
  );
}

function Connected({ connection }: { connection: StripeConnection }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: billingApi.disconnectStripe,
    onSuccess: () => {
      setConfirming(false);
      toast.success(t('settings:stripe.disconnected'));
      void queryClient.invalidateQueries({ queryKey: billingKeys.stripe });
    },
    onError: (error) => toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) })),
  });
  const live = connection.livemode === true;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 rounded-xl border border-line p-4 text-sm sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-muted">{t('settings:stripe.account')}</dt>
          <dd className="flex flex-wrap items-center gap-2 font-medium">
            <span className="min-w-0 break-all">{connection.accountName ?? connection.accountId}</span>
            <span
              className={
                live
                  ? 'rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success'
                  : 'rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning'
              }
            >
              {live ? t('settings:stripe.live') : t('settings:stripe.test')}
            </span>
          </dd>
          {connection.accountName ? (
            <dd className="font-mono text-xs break-all text-subtle">{connection.accountId}</dd>
          ) : null}
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted">{t('settings:stripe.key')}</dt>
          <dd className="font-mono">{maskedKey(connection.keyLast4)}</dd>
        </div>
        {connection.connectedAt ? (
          <div className="grid gap-0.5">
            <dt className="text-muted">{t('settings:stripe.connectedAt')}</dt>
            <dd>{formatDate(connection.connectedAt, i18n.resolvedLanguage ?? 'en')}</dd>
          </div>
        ) : null}
        <div className="grid gap-0.5">
          <dt className="text-muted">{t('settings:stripe.webhook')}</dt>
          <dd>
            {connection.webhookManaged
              ? t('settings:stripe.webhookManaged')
              : t('settings:stripe.webhookOwn')}
          </dd>
        </div>
      </dl>
      {connection.webhookManaged ? null : (
        <CopyText label={t('settings:stripe.webhookUrl')} value={connection.webhookUrl} />
      )}
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('settings:stripe.disconnect')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings:stripe.disconnectTitle')}
        description={t('settings:stripe.disconnectBody')}
        cancelLabel={t('settings:stripe.keep')}
        confirmLabel={t('settings:stripe.disconnectConfirm')}
        confirming={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </div>
  );
}

const EMPTY = { secretKey: '', webhookSecret: '' };

function ConnectForm({ connection }: { connection: StripeConnection }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const connect = useMutation({
    mutationFn: billingApi.connectStripe,
    onSuccess: (saved) => {
      queryClient.setQueryData(billingKeys.stripe, saved);
      setValues(EMPTY);
      toast.success(t('settings:stripe.connected'));
    },
    onError: (error) => {
      const fields = fieldErrorsOf(t, error);
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field) fields[field] = describeFailure(t, error);
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      secretKey: values.secretKey.trim(),
      ...(values.webhookSecret.trim() ? { webhookSecret: values.webhookSecret.trim() } : {}),
    };
    const result = validateForm(StripeConnect, body, t);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    connect.mutate(body);
  }

  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <ol className="grid list-decimal gap-1 ps-5 text-sm text-muted">
        <li>{t('settings:stripe.step1')}</li>
        <li>{t('settings:stripe.step2')}</li>
        <li>{t('settings:stripe.step3')}</li>
      </ol>
      <Field
        label={t('settings:stripe.secretKey')}
        name="secretKey"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="sk_live_…"
        value={values.secretKey}
        onChange={update('secretKey')}
        error={errors.secretKey}
        hint={t('settings:stripe.secretKeyHint')}
      />
      <CopyText label={t('settings:stripe.webhookUrl')} value={connection.webhookUrl} />
      <Field
        label={t('settings:stripe.webhookSecret')}
        name="webhookSecret"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="whsec_…"
        value={values.webhookSecret}
        onChange={update('webhookSecret')}
        error={errors.webhookSecret}
        hint={t('settings:stripe.webhookSecretHint')}
      />
      <div>
        <Button type="submit" loading={connect.isPending}>
          {connect.isPending ? t('settings:stripe.connecting') : t('settings:stripe.connect')}
        </Button>
      </div>
    </form>
  );
}
