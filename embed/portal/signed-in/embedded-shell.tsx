import { ExternalLink, LogOut } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { PORTAL_NAV } from '../../../shared/portal/nav';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { useI18n } from '../i18n/i18n-context';
import { Link } from '../navigation/link';
import type { PortalPage } from '../navigation/paths';
import { NotificationBell } from './notifications/notification-bell';
import { useUnreadMessages } from './portal-data';
import { useSessionSync } from './session-sync';
import { useHeadingFocus } from './shell-parts';
import { signOut } from './sign-out';
import { useSignedIn } from './signed-in-context';
import { NavUnread } from './ui/nav-unread';

/**
 * The signed-in frame inside the widget: the provider's page (and the widget's dialog bar with the
 * portal's name) already frame it, so there is no brand band, no logo and no bottom tab bar; one compact
 * row holds the five sections (icons only below 768 px), the profile, "open in a new tab" (the standalone
 * portal) and sign-out. Inline, it is as tall as its content (the frame follows it).
 */
export function EmbeddedShell({
  page,
  inline,
  children,
}: {
  page: PortalPage;
  inline: boolean;
  children: ReactNode;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const signedIn = useSignedIn();
  const { session, pathTo } = signedIn;
  useSessionSync();
  const [leaving, setLeaving] = useState(false);
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  const initial = [...session.client.name.trim()][0]?.toUpperCase() ?? '?';
  const unread = useUnreadMessages(signedIn.portalId);
  const iconButton =
    'grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface hover:text-ink';

  return (
    <div className={cn('bg-surface', !inline && 'min-h-dvh')}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-canvas focus:px-4 focus:py-2 focus:shadow"
      >
        {t('nav.skip')}
      </a>
      <header className="border-b border-line bg-canvas">
        <div className="flex h-12 items-center gap-2 px-2 sm:px-4">
          <nav
            aria-label={t('nav.main')}
            className="flex min-w-0 flex-1 items-center gap-0.5 overflow-x-auto"
          >
            {PORTAL_NAV.map(({ page: target, icon: Icon }) => (
              <Link
                key={target}
                to={pathTo(target)}
                title={t(`nav.${target}`)}
                aria-current={target === page ? 'page' : undefined}
                className="flex h-9 shrink-0 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-muted transition-colors hover:bg-surface hover:text-ink aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary"
              >
                <Icon aria-hidden="true" className="size-4" />
                <span className="sr-only md:not-sr-only">{t(`nav.${target}`)}</span>
                <NavUnread count={target === 'messages' ? unread : 0} />
              </Link>
            ))}
          </nav>
          <div className="flex shrink-0 items-center gap-0.5">
            <NotificationBell portalId={signedIn.portalId} />
            <Link
              to={pathTo('profile')}
              title={t('nav.profile')}
              aria-current={page === 'profile' ? 'page' : undefined}
              className="grid h-9 place-items-center rounded-lg px-1.5 hover:bg-surface aria-[current=page]:bg-primary-soft"
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
            <a
              href={pathTo(page)}
              target="_blank"
              rel="noopener noreferrer"
              title={t('frame.newTab')}
              className={iconButton}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('frame.newTab')}</span>
            </a>
            <Button
              variant="ghost"
              size="sm"
              loading={leaving}
              title={t('nav.signOut')}
              onClick={async () => {
                setLeaving(true);
                await signOut('this', signedIn, i18n);
              }}
              aria-label={t('nav.signOut')}
            >
              {leaving ? null : <LogOut aria-hidden="true" className="size-4" />}
            </Button>
          </div>
        </div>
      </header>
      <main id="main" ref={main} className="px-4 py-5 outline-none sm:px-6 [&_h1]:outline-none">
        {children}
      </main>
    </div>
  );
}
