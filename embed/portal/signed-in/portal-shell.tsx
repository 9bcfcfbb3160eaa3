import { LogOut } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { PORTAL_NAV } from '../../../shared/portal/nav';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { useEmbed, useFrameContent } from '../embedded/embed-state';
import { useI18n } from '../i18n/i18n-context';
import { Link } from '../navigation/link';
import type { PortalPage } from '../navigation/paths';
import { BrandMark } from '../ui/brand-mark';
import { LanguageSelect } from '../ui/language-select';
import { EmbeddedShell } from './embedded-shell';
import { useResumeUnsent } from './messages/resume-unsent';
import { NotificationBell } from './notifications/notification-bell';
import { useUnreadMessages } from './portal-data';
import { useLiveUpdates } from './realtime/use-live-updates';
import { useSessionSync } from './session-sync';
import { useHeadingFocus } from './shell-parts';
import { signOut } from './sign-out';
import { useSignedIn } from './signed-in-context';
import { NavUnread } from './ui/nav-unread';

/** The signed-in frame: the standalone portal's, or the compact one inside the widget. */
export function PortalShell({ page, children }: { page: PortalPage; children: ReactNode }) {
  const embed = useEmbed();
  useFrameContent();
  const { portalId, session } = useSignedIn();
  useResumeUnsent(portalId);
  useLiveUpdates(portalId, session.token);
  return embed ? (
    <EmbeddedShell page={page} inline={embed.mode === 'inline'}>
      {children}
    </EmbeddedShell>
  ) : (
    <StandaloneShell page={page}>{children}</StandaloneShell>
  );
}

/**
 * The standalone signed-in frame, phone first: a top bar (portal brand, language, profile, sign-out) and
 * the five sections as a bottom tab bar on phones and tablets, as a row of links in the top bar from
 * 1024 px (where they fit beside the brand in both languages).
 */
function StandaloneShell({ page, children }: { page: PortalPage; children: ReactNode }) {
  const i18n = useI18n();
  const { t } = i18n;
  const signedIn = useSignedIn();
  const { session, branding, pathTo } = signedIn;
  const { saveLanguage } = useSessionSync();
  const [leaving, setLeaving] = useState(false);
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);

  const unread = useUnreadMessages(signedIn.portalId);
  const initial = [...session.client.name.trim()][0]?.toUpperCase() ?? '?';
  const navItem = (item: (typeof PORTAL_NAV)[number], variant: 'bar' | 'tabs') => {
    const active = item.page === page;
    const Icon = item.icon;
    const badge = item.page === 'messages' ? unread : 0;
    return (
      <Link
        key={item.page}
        to={pathTo(item.page)}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'relative flex items-center font-medium transition-colors',
          variant === 'bar'
            ? 'h-9 rounded-lg px-3 text-sm text-muted hover:bg-surface hover:text-ink aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary'
            : 'min-w-0 flex-1 flex-col justify-center gap-0.5 py-2 text-[0.625rem] text-subtle aria-[current=page]:text-primary',
        )}
      >
        {variant === 'tabs' ? <Icon aria-hidden="true" className="size-5" /> : null}
        <span className="max-w-full truncate">{t(`nav.${item.page}`)}</span>
        <NavUnread
          count={badge}
          className={variant === 'bar' ? 'ml-1.5' : 'absolute top-1 left-[calc(50%+0.375rem)]'}
        />
      </Link>
    );
  };

  return (
    <div className="min-h-dvh bg-surface pb-[calc(4rem+env(safe-area-inset-bottom))] lg:pb-0">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-canvas focus:px-4 focus:py-2 focus:shadow"
      >
        {t('nav.skip')}
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-canvas">
        <div aria-hidden="true" className="flex h-1">
          <span className="flex-[3] bg-primary" />
          <span className="flex-1 bg-secondary" />
        </div>
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <Link to={pathTo('dashboard')} className="flex min-w-0 shrink rounded-lg">
            <BrandMark branding={branding ?? { name: t('login.genericName'), logoUrl: null }} />
          </Link>
          <nav aria-label={t('nav.main')} className="ml-4 hidden items-center gap-1 lg:flex">
            {PORTAL_NAV.map((item) => navItem(item, 'bar'))}
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <NotificationBell portalId={signedIn.portalId} />
            {/* On phones the language is in the profile, leaving the bar to the brand and sign-out. */}
            <div className="hidden sm:block">
              <LanguageSelect onChange={saveLanguage} />
            </div>
            <Link
              to={pathTo('profile')}
              aria-current={page === 'profile' ? 'page' : undefined}
              className="flex h-9 items-center gap-2 rounded-lg px-1.5 text-sm font-medium text-ink hover:bg-surface aria-[current=page]:bg-primary-soft sm:px-2"
            >
              <span
                aria-hidden="true"
                className="grid size-7 place-items-center rounded-full bg-primary-soft text-xs font-semibold text-primary"
              >
                {initial}
              </span>
              <span className="sr-only">
                {t('nav.profile')}: {session.client.name}
              </span>
            </Link>
            <Button
              variant="ghost"
              size="sm"
              loading={leaving}
              onClick={async () => {
                setLeaving(true);
                await signOut('this', signedIn, i18n);
              }}
              aria-label={t('nav.signOut')}
            >
              {leaving ? null : <LogOut aria-hidden="true" className="size-4" />}
              <span className="hidden xl:inline">{t('nav.signOut')}</span>
            </Button>
          </div>
        </div>
      </header>
      <main
        id="main"
        ref={main}
        className="mx-auto max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-8 [&_h1]:outline-none"
      >
        {children}
      </main>
      <nav
        aria-label={t('nav.main')}
        data-tab-bar
        className="fixed inset-x-0 bottom-0 z-30 flex border-t border-line bg-canvas pb-[env(safe-area-inset-bottom)] lg:hidden"
      >
        {PORTAL_NAV.map((item) => navItem(item, 'tabs'))}
      </nav>
    </div>
  );
}
