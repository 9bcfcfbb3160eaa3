import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback } from 'react';
import { forgetOutboxes } from '../../../shared/conversation/outbox-registry';
import { forgetLanguageChoice } from '../../../shared/i18n/index';
import { useNavigate } from '../../../shared/router';
import { useAuth } from '../../auth/auth-provider';

/**
 * Ends the signed-in state locally and leaves the dashboard for `to` (sign-out, sign out everywhere,
 * account deletion): forgets the stored language (spec §4) and the unsent messages, drops the cached data,
 * clears the session.
 *
 * The session is cleared inside the same transition as the navigation (the router applies location changes
 * as transitions): otherwise RequireAuth would render the signed-out state at the old location first and
 * send the user to /auth instead of `to`.
 */
export function useLeaveDashboard(): (to: string) => void {
  const { clearSession } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      forgetLanguageChoice();
      forgetOutboxes();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      startTransition(() => {
        clearSession();
        navigate(to, { replace: true });
      });
    },
    [clearSession, navigate, queryClient],
  );
}
