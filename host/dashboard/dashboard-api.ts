import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type {
  AccountSessionList,
  ChangePasswordInput,
  DeleteAccountInput,
} from '../../shared/contracts/account';
import type { Profile, ProfileUpdateInput } from '../../shared/contracts/profile';
import { readAllPages } from '../../shared/ui/use-cursor-list';

/**
 * The dashboard's own API calls (overview, profile, account), loaded with the settings page or the first
 * action rather than with the shell, through the typed client; each resolves with
 * the data or throws an ApiError.
 */
export const dashboardApi = {
  profile: () => callApi(() => api.GET('/api/profile')) as Promise<Profile>,
  updateProfile: (body: ProfileUpdateInput) =>
    callApi(() => api.PATCH('/api/profile', { body })) as Promise<Profile>,
  changePassword: (body: ChangePasswordInput) =>
    callApi(() => api.POST('/api/account/password', { body })) as Promise<{
      ok: true;
      endedSessions: number;
    }>,
  /** Every live session, page after page. */
  sessions: () =>
    readAllPages(
      (cursor) =>
        callApi(() =>
          api.GET('/api/account/sessions', {
            params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } },
          }),
        ) as Promise<AccountSessionList>,
    ),
  endSession: (id: string) =>
    callApi(() => api.DELETE('/api/account/sessions/{id}', { params: { path: { id } } })),
  signOutEverywhere: () => callApi(() => api.POST('/api/account/sessions/sign-out-everywhere')),
  deleteAccount: (body: DeleteAccountInput) => callApi(() => api.DELETE('/api/account', { body })),
};
