import { LogOut, PanelLeft } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/error';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher';
import { toast } from '../../../shared/ui/toaster';
import { trialDaysLeft } from '../../auth/session';
import { NotificationBell } from './notifications/notification-bell';
import { useSaveLanguageChoice } from './profile-language';
import { useSidebar } from './sidebar-state';
import { useLeaveDashboard } from './use-leave-dashboard';

/** Spec §2: sign-out goes to / after about 100 ms (so the toast is seen), or at once on error. */
const SIGN_OUT_REDIRECT_MS = 100;

/** The top bar (spec §2): sidebar toggle, language, notifications, account e-mail with its initial and plan, sign-out. */
export function TopBar({ email, trialEndsAt }: { email: string; trialEndsAt: string }) {
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
        <AccountBadge email={email} trialEndsAt={trialEndsAt} />
        <SignOutButton />
      </div>
    </header>
  );
}

function AccountBadge({ email, trialEndsAt }: { email: string; trialEndsAt: string }) {
  const { t } = useTranslation();
  const days = trialDaysLeft(trialEndsAt);
  const plan = days > 0 ? t('dashboard.trialDaysLeft', { count: days }) : t('dashboard.premium');
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
      <span
        title={plan}
        className="min-w-0 truncate rounded-full bg-primary px-2 py-0.5 text-xs font-medium whitespace-nowrap text-on-primary"
      >
        {plan}
      </span>
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
