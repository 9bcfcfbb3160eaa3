import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { describeFailure } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import type { Profile } from '../../../shared/contracts/profile';
import { chooseLanguage, currentLanguage } from '../../../shared/i18n/index';
import type { SupportedLanguage } from '../../../shared/i18n/languages';
import { useTranslation } from '../../../shared/i18n/react';
import { toast } from '../../../shared/ui/toaster';
import { useAuth } from '../../auth/auth-provider';
import { dashboardKeys } from '../dashboard-keys';

/**
 * Spec §4 while signed in: the profile's language wins when it differs from the current one (applied once
 * per signed-in user, and stored locally like a choice).
 */
export function useProfileLanguage(): void {
  const auth = useAuth();
  const { i18n } = useTranslation();
  const appliedFor = useRef<string | null>(null);
  const user = auth.status === 'signedIn' ? auth.user : null;
  useEffect(() => {
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (user.preferredLanguage !== currentLanguage(i18n)) void chooseLanguage(user.preferredLanguage, i18n);
  }, [user, i18n]);
}

/**
 * Keeps the session's and the profile cache's language in step after the profile changed it, so the rule
 * above never switches back to a stale value.
 */
export function useRememberProfileLanguage(): (lang: SupportedLanguage) => void {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useCallback(
    (lang: SupportedLanguage) => {
      if (auth.status === 'signedIn' && auth.user.preferredLanguage !== lang) {
        auth.setSession({ user: { ...auth.user, preferredLanguage: lang }, session: auth.session });
      }
      queryClient.setQueryData<Profile>(dashboardKeys.profile, (profile) =>
        profile ? { ...profile, preferredLanguage: lang } : profile,
      );
      // The overview's default currency follows the language (spec §9).
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.overview });
    },
    [auth, queryClient],
  );
}

/** Spec §4: a language chosen while signed in is saved to the profile (the switcher already stored it). */
export function useSaveLanguageChoice(): (lang: SupportedLanguage) => void {
  const { t } = useTranslation();
  const remember = useRememberProfileLanguage();
  return useCallback(
    (lang: SupportedLanguage) => {
      // The typed client loads with the first action, not with the shell.
      import('../dashboard-api')
        .then(({ dashboardApi }) => dashboardApi.updateProfile({ preferredLanguage: lang }))
        .then(
          () => remember(lang),
          (error: unknown) => {
            // After the trial the account is read-only: the choice stays in this browser, which is all
            // the interface needs, and the banner already says why the profile cannot change.
            if (error instanceof ApiError && error.code === 'plan_required') return;
            toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) }));
          },
        );
    },
    [remember, t],
  );
}

/**
 * Issue 29: the profile's time zone defaults from the browser on the first sign-in. Once per account and
 * browser (a local flag), the profile is read; a profile without a zone gets the browser's. Failures are
 * quiet (the next dashboard load tries again): the analytics count in UTC meanwhile.
 */
export function useProfileTimeZoneDefault(): void {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  useEffect(() => {
    if (!userId) return;
    const flag = `cp.tz-default.${userId}`;
    try {
      if (localStorage.getItem(flag)) return;
    } catch {
      return;
    }
    let cancelled = false;
    void Promise.all([import('../dashboard-api'), import('../../../shared/contracts/time-zone')])
      .then(async ([{ dashboardApi }, { browserTimeZone }]) => {
        const profile = await dashboardApi.profile();
        const saved = profile.timeZone
          ? profile
          : await dashboardApi.updateProfile({ timeZone: browserTimeZone() });
        if (cancelled) return;
        queryClient.setQueryData<Profile>(dashboardKeys.profile, saved);
        localStorage.setItem(flag, '1');
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient]);
}
