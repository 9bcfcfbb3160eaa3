import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { Download, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { ApiError } from '../../../shared/api/error';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { buttonClass } from '../../../shared/ui/button';
import { useAuth } from '../../auth/auth-provider';
import { EXPORT_PATH, PLAN_QUERY_KEY, SUBSCRIBE_PATH, withExpiredPlan } from './plan-state';

/**
 * Spec §1, after the trial without a subscription: over the dashboard's content, what happened (read-only),
 * the way out (subscribe, in the settings' plan card) and the export of the data.
 */
export function PlanBanner() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="plan-banner-title"
      className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-warning/40 bg-warning-soft p-4"
    >
      <div className="grid min-w-0 flex-1 basis-64 gap-1">
        <h2 id="plan-banner-title" className="font-semibold text-ink">
          {t('dashboard.planExpiredTitle')}
        </h2>
        <p className="text-sm text-muted">{t('dashboard.planExpiredBody')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={SUBSCRIBE_PATH} className={buttonClass('primary', 'md')}>
          <Sparkles aria-hidden="true" className="size-4" />
          {t('dashboard.subscribe')}
        </Link>
        {/* A plain link: the answer is an attachment, so the browser downloads it and the page stays. */}
        <a href={EXPORT_PATH} download className={buttonClass('secondary', 'md')}>
          <Download aria-hidden="true" className="size-4" />
          {t('dashboard.exportData')}
        </a>
      </div>
    </section>
  );
}

const isPlanRequired = (error: unknown) => error instanceof ApiError && error.code === 'plan_required';

/**
 * When the server refuses a write with `plan_required` (the trial ended while the dashboard was open, or
 * on another device's clock), the session is marked expired so the top bar and the banner say so at once.
 * Every mutation of the dashboard and its remotes runs on the one QueryClient, so watching its mutation
 * cache sees them all; the refusal itself is shown by the caller's error toast (`errors.plan_required`).
 */
export function useExpireOnPlanRequired(): void {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const refused = useMutationState({
    filters: { status: 'error', predicate: (mutation) => isPlanRequired(mutation.state.error) },
    select: (mutation) => mutation.state.submittedAt,
  });
  const user = auth.status === 'signedIn' ? auth.user : null;
  const session = auth.status === 'signedIn' ? auth.session : null;
  const { setSession } = auth;
  useEffect(() => {
    if (refused.length === 0 || !user || !session || user.plan === 'expired') return;
    setSession({ user: withExpiredPlan(user), session });
    // The plan card (when it was read) must not keep showing the trial.
    void queryClient.invalidateQueries({ queryKey: PLAN_QUERY_KEY });
  }, [refused.length, user, session, setSession, queryClient]);
}
