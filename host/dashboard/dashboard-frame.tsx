import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import type { User } from '../../shared/contracts/auth';
import type { RemoteName } from '../../shared/contracts/platform';
import { setOutboxAccount } from '../../shared/conversation/outbox-registry';
import { loadSectionTexts } from '../../shared/i18n/index';
import { useTranslation } from '../../shared/i18n/react';
import { Link, Route, Routes } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { PageFallback } from '../../shared/ui/spinner';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useAuth } from '../auth/auth-provider';
import { type DashboardSection, isAvailable, SECTION_GROUPS } from './sections';
import { planBadge } from './shell/plan-state';
import { useExpireOnPlanRequired } from './shell/plan-watch';
import { importSectionLoader, loadedSectionLoader, scheduleIdlePreload } from './shell/preload';
import { useProfileLanguage, useProfileTimeZoneDefault } from './shell/profile-language';
import { useDashboardRealtime } from './shell/realtime';
import { Sidebar } from './shell/sidebar';
import { SidebarProvider } from './shell/sidebar-state';
import { TopBar } from './shell/top-bar';

// The federation runtime and the section outlet load only when a remote section is opened (or preloaded).
// Only an account whose trial ended without a subscription loads the banner (its texts are section texts).
const PlanBanner = lazy(() =>
  Promise.all([import('./shell/plan-banner'), loadSectionTexts()]).then(([module]) => module),
);
const LazySectionOutlet = lazy(() => importSectionLoader().then((m) => ({ default: m.SectionOutlet })));

const hostPageCache = new Map<string, ComponentType>();
function hostPage(section: DashboardSection): ComponentType | null {
  if (section.source.kind !== 'host' || !section.source.page) return null;
  let page = hostPageCache.get(section.id);
  if (!page) {
    page = lazy(section.source.page);
    hostPageCache.set(section.id, page);
  }
  return page;
}

function RemoteSection({ name }: { name: RemoteName }) {
  // Once a preload has brought the loader, its outlet renders directly (no Suspense round on the click).
  const [Outlet] = useState(() => loadedSectionLoader()?.SectionOutlet ?? LazySectionOutlet);
  return <Outlet name={name} />;
}

/** Routes of the sections that exist; others (and unknown paths) get the in-shell not-found panel. */
const AVAILABLE = SECTION_GROUPS.flatMap((group) => group.sections).filter(isAvailable);

/** Starts loading the host page of the section at `path` (`/dashboard/…`), if the host has one. */
export function preloadHostPage(path: string) {
  const trim = (p: string) => p.replace(/\/$/, '');
  const section = AVAILABLE.find((s) => trim(`/dashboard/${s.path}`) === trim(path));
  return section?.source.kind === 'host' ? section.source.page?.() : undefined;
}

/**
 * The signed-in shell at /dashboard/* (spec §2): skip link, sidebar, top bar and the current section in
 * `<main>`. Sections load lazily: host pages as their own chunks, remote sections through the federation
 * runtime; Clients and Projects are preloaded when idle once they exist.
 */
export default function DashboardFrame() {
  const auth = useAuth();
  useProfileLanguage();
  useProfileTimeZoneDefault();
  useEffect(() => scheduleIdlePreload(), []);
  if (auth.status !== 'signedIn') return null;
  const { user } = auth;
  // Sections (remotes too: the module is shared) open this account's outbox.
  setOutboxAccount(user.id);
  // Keyed by the account: another account gets a new shell, with its own socket.
  return <SignedInDashboard key={user.id} user={user} />;
}

/** The shell of a signed-in provider, with their live connection (`/api/realtime`) while it is mounted. */
function SignedInDashboard({ user }: { user: User }) {
  const { t } = useTranslation();
  useDashboardRealtime();
  useExpireOnPlanRequired();
  const expired = planBadge(user).kind === 'expired';
  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-canvas px-4 py-2 font-medium shadow-md focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('app.skipToContent')}
      </a>
      <div className="flex min-h-dvh bg-canvas">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar user={user} />
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            {expired ? (
              <Suspense fallback={null}>
                <PlanBanner />
              </Suspense>
            ) : null}
            <Suspense fallback={<PageFallback label={t('app.loading')} />}>
              <Routes>
                {AVAILABLE.map((section) => {
                  const Page = hostPage(section);
                  const element = Page ? (
                    <Page key={section.id} />
                  ) : section.source.kind === 'remote' ? (
                    <RemoteSection key={section.id} name={section.source.remote} />
                  ) : null;
                  return section.path === '' ? (
                    <Route key={section.id} index element={element} />
                  ) : (
                    <Route key={section.id} path={`${section.path}/*`} element={element} />
                  );
                })}
                <Route path="*" element={<SectionNotFound />} />
              </Routes>
            </Suspense>
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}

function SectionNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="grid max-w-md gap-4 py-12">
      <p className="font-mono text-sm font-semibold text-primary">404</p>
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-muted">{t('notFound.body')}</p>
      <div>
        <Link to="/dashboard" className={buttonClass('primary', 'md')}>
          {t('shell.backToOverview')}
        </Link>
      </div>
    </div>
  );
}
