import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../shared/api/error';
import { useAuth } from '../../auth/auth-provider';
import { PLAN_QUERY_KEY, withExpiredPlan } from './plan-state';

const isPlanRequired = (error: unknown) => error instanceof ApiError && error.code === 'plan_required';

/**
 * When the server refuses a write with `plan_required` (the trial ended while the dashboard was open, or
 * on another device's clock), the session is marked expired so the top bar and the banner say so at once.
 * Every mutation of the dashboard and its remotes runs on the one QueryClient, so its mutation cache sees
 * them all (a plain subscription: nothing more of TanStack Query in the shell's first load); the refusal
 * itself is shown by the caller's error toast (`errors.plan_required`).
 */
export function useExpireOnPlanRequired(): void {
  const auth = useAuth();
  const queryClient = useQueryClient();
  // The latest auth state for the listener, which is subscribed once.
  const latest = useRef(auth);
  latest.current = auth;
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (!isPlanRequired(event.action.error)) return;
        const current = latest.current;
        if (current.status !== 'signedIn' || current.user.plan === 'expired') return;
        current.setSession({ user: withExpiredPlan(current.user), session: current.session });
        // The plan card (when it was read) must not keep showing the trial.
        void queryClient.invalidateQueries({ queryKey: PLAN_QUERY_KEY });
      }),
    [queryClient],
  );
}
