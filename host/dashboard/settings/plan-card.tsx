import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { describeFailure } from '../../../shared/api/describe';
import type { Plan } from '../../../shared/contracts/invoices';
import { formatDate } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/react';
import { useSearchParams } from '../../../shared/router';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toaster';
import { useAuth } from '../../auth/auth-provider';
import { billingApi, billingKeys } from './billing-api';
import { awaitingWebhook, canCancel, canSubscribe, PLAN_POLL_MS, planView } from './billing-logic';
import { LoadFailed } from './load-failed';

/**
 * The provider's plan (spec §1, §9): the trial's days left, expired, or Professional with its renewal or
 * end date; Subscribe opens Stripe Checkout (`POST /api/plan/checkout`, then the browser goes to its page),
 * Cancel asks first. On a server without platform billing (`self_hosted`) it says
 * so: nothing to buy and nothing is ever read-only.
 */
export function PlanCard() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Stripe Checkout sends the provider back with `?plan=success` or `?plan=cancelled`.
  const returned = params.get('plan');
  const [waitSince, setWaitSince] = useState<number | null>(() =>
    returned === 'success' ? Date.now() : null,
  );
  const [cancelSince, setCancelSince] = useState<number | null>(null);
  const plan = useQuery({
    queryKey: billingKeys.plan,
    queryFn: billingApi.plan,
    // The state comes from Stripe's webhooks: while one is expected, ask again every 2 s for a while.
    refetchInterval: (query) =>
      awaitingWebhook(query.state.data, waitSince, cancelSince, Date.now()) ? PLAN_POLL_MS : false,
  });
  useSessionFollowsPlan(plan.data, plan.dataUpdatedAt);
  useEffect(() => {
    if (returned) document.getElementById('plan')?.scrollIntoView({ block: 'start' });
  }, [returned]);
  useEffect(() => {
    if (plan.data?.plan === 'premium') setWaitSince(null);
    if (plan.data?.subscription?.cancelAtPeriodEnd) setCancelSince(null);
  }, [plan.data]);
  if (plan.isError) return <LoadFailed error={plan.error} onRetry={() => void plan.refetch()} />;
  if (!plan.data)
    return (
      <div role="status" aria-label={t('app.loading')} className="h-24 animate-pulse rounded-lg bg-surface" />
    );
  return (
    <div className="grid gap-4">
      {returned === 'success' && plan.data.plan !== 'premium' ? (
        <p role="status" className="rounded-lg bg-success-soft p-3 text-sm text-success">
          {t('settings:plan.returnedSuccess')}
        </p>
      ) : null}
      {returned === 'cancelled' && plan.data.plan !== 'premium' ? (
        <p role="status" className="rounded-lg bg-surface p-3 text-sm text-muted">
          {t('settings:plan.returnedCancelled')}
        </p>
      ) : null}
      {cancelSince !== null ? (
        <p role="status" className="rounded-lg bg-surface p-3 text-sm text-muted">
          {t('settings:plan.cancelPending')}
        </p>
      ) : null}
      <PlanDetails
        plan={plan.data}
        cancelPending={cancelSince !== null}
        onCancelled={() => setCancelSince(Date.now())}
      />
    </div>
  );
}

/**
 * The top bar reads the plan from the session: keep it in step with what the server just said (once per
 * answer, so a newer change of the session, e.g. a `plan_required` refusal, is not undone by an older one).
 */
function useSessionFollowsPlan(plan: Plan | undefined, answeredAt: number) {
  const auth = useAuth();
  const { setSession } = auth;
  const user = auth.status === 'signedIn' ? auth.user : null;
  const session = auth.status === 'signedIn' ? auth.session : null;
  const applied = useRef(0);
  useEffect(() => {
    if (!plan || !user || !session || applied.current === answeredAt) return;
    applied.current = answeredAt;
    if (user.plan !== plan.plan || user.trialEndsAt !== plan.trialEndsAt)
      setSession({ user: { ...user, plan: plan.plan, trialEndsAt: plan.trialEndsAt }, session });
  }, [plan, answeredAt, user, session, setSession]);
}

function PlanDetails({
  plan,
  cancelPending,
  onCancelled,
}: {
  plan: Plan;
  cancelPending: boolean;
  onCancelled: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const view = planView(plan);

  const checkout = useMutation({
    mutationFn: billingApi.checkout,
    // Stripe's own page; it sends the browser back to the settings when done.
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) })),
  });
  const cancel = useMutation({
    mutationFn: billingApi.cancel,
    onSuccess: (next) => {
      queryClient.setQueryData(billingKeys.plan, next);
      setConfirming(false);
      if (!next.subscription?.cancelAtPeriodEnd) onCancelled();
      toast.success(t('settings:plan.cancelled'));
    },
    onError: (error) => toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) })),
  });

  const status =
    view.state === 'trial'
      ? t('settings:plan.trial', { count: view.daysLeft, date: formatDate(view.trialEndsAt, lang) })
      : view.state === 'expired'
        ? t('settings:plan.expired', { date: formatDate(view.trialEndsAt, lang) })
        : view.state === 'self_hosted'
          ? t('settings:plan.selfHosted')
          : view.endsAt
            ? t('settings:plan.ends', { date: formatDate(view.endsAt, lang) })
            : view.renewsAt
              ? t('settings:plan.renews', { date: formatDate(view.renewsAt, lang) })
              : t('settings:plan.active');

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <span
          className={
            view.state === 'expired'
              ? 'rounded-full bg-warning-soft px-2.5 py-0.5 text-sm font-medium text-warning'
              : 'rounded-full bg-primary-soft px-2.5 py-0.5 text-sm font-medium text-primary-strong'
          }
        >
          {t(`settings:plan.state.${view.state}`)}
        </span>
        <p className="text-sm" data-testid="plan-status">
          {status}
        </p>
      </div>
      {view.state === 'expired' ? (
        <p className="text-sm text-muted">{t('settings:plan.expiredBody')}</p>
      ) : null}
      {view.state === 'trial' && plan.billingAvailable ? (
        <p className="text-sm text-muted">{t('settings:plan.pitch')}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canSubscribe(plan) ? (
          <Button loading={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate()}>
            {checkout.isPending || checkout.isSuccess ? null : (
              <Sparkles aria-hidden="true" className="size-4" />
            )}
            {t('settings:plan.subscribe')}
          </Button>
        ) : null}
        {canCancel(plan) && !cancelPending ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('settings:plan.cancel')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings:plan.cancelTitle')}
        description={t('settings:plan.cancelBody', {
          date: plan.subscription?.currentPeriodEnd
            ? formatDate(plan.subscription.currentPeriodEnd, lang)
            : '—',
        })}
        cancelLabel={t('settings:plan.keep')}
        confirmLabel={t('settings:plan.cancelConfirm')}
        confirming={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </div>
  );
}
