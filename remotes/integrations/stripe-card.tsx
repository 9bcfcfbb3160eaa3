import { CreditCard, PlugZap, Settings } from 'lucide-react';
import { useState } from 'react';
import { describeFailure } from '../../shared/api/describe';
import type { StripeConnection } from '../../shared/contracts/invoices';
import { formatDate } from '../../shared/format/date';
import { Link } from '../../shared/router';
import { Button, buttonClass } from '../../shared/ui/button';
import { DetailItem } from '../../shared/ui/card';
import { StatusBadge } from '../../shared/ui/status-badge';
import { useStripeCheck, useStripeConnection } from './api';
import { QueryCard } from './card-states';
import { useIntegrationTexts } from './i18n';
import { ActionResult, IntegrationCard, type ResultTone } from './integration-card';
import { INTEGRATION_STATUS } from './status';

/** Settings' Stripe part, where the connection is made and ended. */
const SETTINGS_STRIPE = '/dashboard/settings#payments';

/**
 * The provider's own Stripe account (issue 21's connection, made in Settings): its account, mode, key and
 * date, and "Test connection", which reads the account at Stripe with the stored key right now.
 */
export function StripeIntegration() {
  const { t } = useIntegrationTexts();
  const connection = useStripeConnection();
  const frame = {
    id: 'stripe',
    icon: CreditCard,
    title: t('stripe.title'),
    description: t('stripe.description'),
  };
  return (
    <QueryCard frame={frame} query={connection}>
      {(data) => {
        return (
          <IntegrationCard
            {...frame}
            status={
              <StatusBadge
                status={data.connected ? 'connected' : 'notConnected'}
                map={INTEGRATION_STATUS}
                t={t}
              />
            }
            actions={
              data.connected ? <ConnectedActions /> : <SettingsLink label={t('stripe.connect')} primary />
            }
          >
            {data.connected ? (
              <ConnectedFacts connection={data} />
            ) : (
              <p className="text-sm">{t('stripe.notConnectedBody')}</p>
            )}
          </IntegrationCard>
        );
      }}
    </QueryCard>
  );
}

function SettingsLink({ label, primary = false }: { label: string; primary?: boolean }) {
  return (
    <Link to={SETTINGS_STRIPE} className={buttonClass(primary ? 'primary' : 'secondary', 'sm')}>
      <Settings aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

function ConnectedFacts({ connection }: { connection: StripeConnection }) {
  const { t, lang } = useIntegrationTexts();
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <DetailItem label={t('stripe.account')}>
        <span className="block break-words">{connection.accountName ?? connection.accountId}</span>
        {connection.accountName ? (
          <span className="block font-mono text-xs break-all text-subtle">{connection.accountId}</span>
        ) : null}
      </DetailItem>
      <DetailItem label={t('stripe.mode')}>
        {connection.livemode ? t('stripe.live') : t('stripe.testMode')}
      </DetailItem>
      <DetailItem label={t('stripe.key')}>
        <span className="font-mono">•••• {connection.keyLast4}</span>
      </DetailItem>
      {connection.connectedAt ? (
        <DetailItem label={t('stripe.connectedAt')}>{formatDate(connection.connectedAt, lang)}</DetailItem>
      ) : null}
    </dl>
  );
}

function ConnectedActions() {
  const { t } = useIntegrationTexts();
  const check = useStripeCheck();
  const [result, setResult] = useState<{ tone: ResultTone; text: string } | null>(null);
  const test = () => {
    setResult(null);
    check.mutate(undefined, {
      onSuccess: (account) =>
        setResult({
          tone: 'ok',
          text: t('stripe.testOk', {
            account: account.accountName
              ? `${account.accountName} (${account.accountId})`
              : account.accountId,
          }),
        }),
      onError: (error) =>
        setResult({ tone: 'danger', text: t('stripe.testFailed', { reason: describeFailure(t, error) }) }),
    });
  };
  return (
    <div className="grid w-full gap-3">
      <ActionResult result={result} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={test} loading={check.isPending}>
          {check.isPending ? null : <PlugZap aria-hidden="true" className="size-4" />}
          {check.isPending ? t('stripe.testing') : t('stripe.test')}
        </Button>
        <SettingsLink label={t('stripe.manage')} />
      </div>
    </div>
  );
}
