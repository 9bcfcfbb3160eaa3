import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../shared/api/error';
import { useAuth } from '../../auth/auth-provider';
import { PLAN_QUERY_KEY, withExpiredPlan } from './plan-state';

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
