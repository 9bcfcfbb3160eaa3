import { LogOut, PanelLeft } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/error';
import type { User } from '../../../shared/contracts/auth';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { Button } from '../../../shared/ui/button';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher';
import { toast } from '../../../shared/ui/toaster';
import { NotificationBell } from './notifications/notification-bell';
import { planBadge, SUBSCRIBE_PATH } from './plan-state';
import { useSaveLanguageChoice } from './profile-language';
import { useSidebar } from './sidebar-state';
import { useLeaveDashboard } from './use-leave-dashboard';

/** Spec §2: sign-out goes to / after about 100 ms (so the toast is seen), or at once on error. */
const SIGN_OUT_REDIRECT_MS = 100;

type PlanUser = Pick<User, 'email' | 'plan' | 'trialEndsAt'>;

/** The top bar (spec §2): sidebar toggle, language, notifications, account e-mail with its initial and plan, sign-out. */
export function TopBar({ user }: { user: PlanUser }) {
  const { t } = useTranslation();
  const { expanded, isMobile, mobileOpen, toggle } = useSidebar();
  const saveLanguage = useSaveLanguageChoice();
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center justify-between gap-3 border-b border-line bg-canvas/95 px-3 backdrop-blur sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        onClick={toggle}
        aria-expanded={isMobile ? mobileOpen : expanded}
        aria-keyshortcuts="Control+B Meta+B"
        title={t('shell.toggleSidebarHint')}
      >
        <PanelLeft aria-hidden="true" className="size-4" />
        <span className="sr-only">{isMobile ? t('shell.openNavigation') : t('shell.toggleSidebar')}</span>
      </Button>
      <div className="flex min-w-0 items-center gap-1 sm:gap-3">
        <LanguageSwitcher onChange={saveLanguage} />
        <NotificationBell />
        <AccountBadge user={user} />
        <SignOutButton />
      </div>
    </header>
  );
}

const BADGE_CLASS = 'min-w-0 truncate rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

function AccountBadge({ user }: { user: PlanUser }) {
  const { t } = useTranslation();
  const { email } = user;
  const badge = planBadge(user);
  return (
    <section className="flex min-w-0 items-center gap-2" aria-label={t('dashboard.accountMenu')}>
      <span
        aria-hidden="true"
        // The plan (trial days left) must never be cut off: the initial shows from 640 px, the e-mail from 1024 px.
        className="hidden size-8 shrink-0 place-items-center rounded-full bg-primary-soft text-sm font-semibold text-primary-strong uppercase sm:grid"
      >
        {email.charAt(0)}
      </span>
      <span className="hidden max-w-48 truncate text-sm lg:inline">{email}</span>
      {badge.kind === 'none' ? null : badge.kind === 'expired' ? (
        // Spec §1: a clear prompt to subscribe once the trial has ended (to the settings' plan card).
        <Link
          to={SUBSCRIBE_PATH}
          aria-label={t('dashboard.trialEndedSubscribe')}
          title={t('dashboard.trialEndedSubscribe')}
          className={`${BADGE_CLASS} bg-warning-soft text-warning ring-1 ring-warning/40 hover:bg-warning hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary`}
        >
          <span className="sm:hidden">{t('dashboard.trialEnded')}</span>
          <span className="hidden sm:inline">{t('dashboard.trialEndedSubscribe')}</span>
        </Link>
      ) : badge.kind === 'premium' ? (
        <span className={`${BADGE_CLASS} bg-primary text-on-primary`}>{t('dashboard.premium')}</span>
      ) : (
        <span
          title={t('dashboard.trialDaysLeft', { count: badge.days })}
          className={`${BADGE_CLASS} bg-primary text-on-primary`}
        >
          {/* Under 640 px the short form, so the days are never cut off (German is long). */}
          <span className="sm:hidden">{t('dashboard.trialDaysShort', { count: badge.days })}</span>
          <span className="hidden sm:inline">{t('dashboard.trialDaysLeft', { count: badge.days })}</span>
        </span>
      )}
    </section>
  );
}

function SignOutButton() {
  const { t } = useTranslation();
  const leave = useLeaveDashboard();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      const { authApi } = await import('../../auth/auth-api');
      await authApi.signOut();
      toast.success(t('dashboard.signedOut'));
      window.setTimeout(() => leave('/'), SIGN_OUT_REDIRECT_MS);
    } catch (error) {
      // Spec §8: warn unless the server simply had no session any more.
      if (!(error instanceof ApiError && error.code === 'session_not_found')) {
        toast.warning(t('dashboard.signOutWarning'));
      }
      leave('/');
    }
  }

  return (
    <Button variant="ghost" size="sm" loading={pending} onClick={signOut}>
      {pending ? null : <LogOut aria-hidden="true" className="size-4" />}
      <span className="hidden sm:inline">{pending ? t('dashboard.signingOut') : t('dashboard.signOut')}</span>
      <span className="sr-only sm:hidden">{t('dashboard.signOut')}</span>
    </Button>
  );
}
