import './messages';
import { type ComponentType, createElement, lazy, Suspense, useMemo } from 'react';
import type { PortalBranding, PortalSession } from '../../../shared/contracts/portal-client';
import { PageFallback } from '../../../shared/ui/spinner';
import { useI18n } from '../i18n/i18n-context';
import {
  filePath,
  invoicePath,
  type PortalMode,
  type PortalPage,
  pagePath,
  projectPath,
  quotePath,
} from '../navigation/paths';
import DashboardPage from './pages/dashboard-page';
import { PortalShell } from './portal-shell';
import { type SignedIn, SignedInContext } from './signed-in-context';

export { seedPrefetched } from './seed-prefetched';

/**
 * The dashboard (the first page after sign-in) comes with this chunk; every other page is its own chunk,
 * so the dashboard does not carry the profile's forms and their contracts.
 */
const PAGES: Record<PortalPage, ComponentType> = {
  dashboard: DashboardPage,
  projects: lazy(() => import('./pages/projects-page')),
  files: lazy(() => import('./pages/files-page')),
  messages: lazy(() => import('./pages/messages-page')),
  invoices: lazy(() => import('./pages/invoices-page')),
  bookings: lazy(() => import('./pages/bookings-page')),
  profile: lazy(() => import('./pages/profile-page')),
  'payment-success': lazy(() => import('./pages/payment-success-page')),
};
const ProjectPage = lazy(() => import('./pages/project-page'));
const FilePage = lazy(() => import('./pages/file-page'));
const InvoicePage = lazy(() => import('./pages/invoice-page'));
const QuotePage = lazy(() => import('./pages/quote-page'));

/** The portal behind sign-in (spec §2): the shell with its navigation and the current page. */
export default function SignedInApp({
  mode,
  portalId,
  page,
  projectId,
  fileId,
  invoiceId,
  quoteId,
  session,
  branding,
}: {
  mode: PortalMode;
  portalId: string;
  page: PortalPage;
  /** One project's page (under Projects). */
  projectId?: string | undefined;
  /** One file's page (under Files). */
  fileId?: string | undefined;
  /** One invoice's page (under Invoices). */
  invoiceId?: string | undefined;
  /** One quote's page (under Invoices, issue 28). */
  quoteId?: string | undefined;
  session: PortalSession;
  branding: PortalBranding | undefined;
}) {
  const { t } = useI18n();
  const value = useMemo<SignedIn>(
    () => ({
      mode,
      portalId,
      session,
      branding,
      pathTo: (to) => pagePath(mode, portalId, to),
      projectPathTo: (id) => projectPath(mode, portalId, id),
      filePathTo: (id) => filePath(mode, portalId, id),
      invoicePathTo: (id) => invoicePath(mode, portalId, id),
      quotePathTo: (id) => quotePath(mode, portalId, id),
    }),
    [mode, portalId, session, branding],
  );
  const content =
    page === 'projects' && projectId ? (
      <ProjectPage key={projectId} projectId={projectId} />
    ) : page === 'files' && fileId ? (
      <FilePage key={fileId} fileId={fileId} />
    ) : page === 'invoices' && quoteId ? (
      <QuotePage key={quoteId} quoteId={quoteId} />
    ) : page === 'invoices' && invoiceId ? (
      <InvoicePage key={invoiceId} invoiceId={invoiceId} />
    ) : (
      createElement(PAGES[page])
    );
  return (
    <SignedInContext.Provider value={value}>
      <PortalShell page={page}>
        <Suspense fallback={<PageFallback label={t('common.loading')} />}>{content}</Suspense>
      </PortalShell>
    </SignedInContext.Provider>
  );
}
