import { call } from '../api/portal-api';
import { useI18n } from '../i18n/i18n-context';
import { useData, useIdle } from './data-store';
import { invoiceRead } from './invoices/invoice-events';

/** Query keys of the signed-in portal, per portal (a client belongs to one). */
export const portalKeys = {
  session: (portalId: string) => ['portal', portalId, 'session'] as const,
  dashboard: (portalId: string) => ['portal', portalId, 'dashboard'] as const,
  projects: (portalId: string) => ['portal', portalId, 'projects'] as const,
  invoices: (portalId: string) => ['portal', portalId, 'invoices'] as const,
  /** One invoice (under `invoices`: what reloads the list reloads it too). */
  invoice: (portalId: string, invoiceId: string) =>
    ['portal', portalId, 'invoices', 'invoice', invoiceId] as const,
  /** The client's quotes (issue 28; under `invoices`: an invoice or quote event reloads them too). */
  quotes: (portalId: string) => ['portal', portalId, 'invoices', 'quotes'] as const,
  project: (portalId: string, projectId: string) => ['portal', portalId, 'project', projectId] as const,
  projectActivity: (portalId: string, projectId: string) =>
    ['portal', portalId, 'project', projectId, 'activity'] as const,
  notifications: (portalId: string) => ['portal', portalId, 'notifications', 'list'] as const,
  unreadCount: (portalId: string) => ['portal', portalId, 'notifications', 'unread'] as const,
  conversations: (portalId: string) => ['portal', portalId, 'conversations'] as const,
  messages: (portalId: string, projectId: string) =>
    ['portal', portalId, 'project', projectId, 'messages'] as const,
  /** Everything of the client's files (lists and single files): what a file event loads again. */
  files: (portalId: string) => ['portal', portalId, 'files'] as const,
  /** A list of files under filters (a project, a status; '' for none). */
  fileList: (portalId: string, projectId: string, status: string) =>
    ['portal', portalId, 'files', 'list', projectId, status] as const,
  file: (portalId: string, fileId: string) => ['portal', portalId, 'files', 'file', fileId] as const,
};

const params = (portalId: string) => ({ params: { path: { portalId } } });
const projectParams = (portalId: string, projectId: string) => ({
  params: { path: { portalId, projectId } },
});

/**
 * The session as the server sees it (a revoked or expired one answers 401), asked once the first screen
 * is up: the stored session already renders it, and the check (with the API client's chunk) on the first
 * screen's critical path cost the signed-in dashboard ~300 ms of LCP in Lighthouse's mobile simulation.
 */
export function useServerSession(portalId: string) {
  const { t } = useI18n();
  const idle = useIdle();
  return useData(
    portalKeys.session(portalId),
    () => call((api) => api.GET('/api/portal/{portalId}/session', params(portalId)), t('errors.network')),
    { staleMs: 60_000, enabled: idle },
  );
}

export function useDashboard(portalId: string) {
  const { t } = useI18n();
  return useData(portalKeys.dashboard(portalId), () =>
    call((api) => api.GET('/api/portal/{portalId}/dashboard', params(portalId)), t('errors.network')),
  );
}

/** Every page of a list of the client's, one after the other (the API answers 100 a page at most). */
async function everyPage<Item>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor: string | null }>,
) {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { items, nextCursor: null };
}

const pageQuery = (portalId: string, cursor: string | undefined) => ({
  params: { path: { portalId }, query: { limit: 100, ...(cursor ? { cursor } : {}) } },
});

export function useProjects(portalId: string) {
  const { t } = useI18n();
  return useData(portalKeys.projects(portalId), () =>
    everyPage((cursor) =>
      call(
        (api) => api.GET('/api/portal/{portalId}/projects', pageQuery(portalId, cursor)),
        t('errors.network'),
      ),
    ),
  );
}

export function useInvoices(portalId: string) {
  const { t } = useI18n();
  return useData(portalKeys.invoices(portalId), async () => {
    const list = await everyPage((cursor) =>
      call(
        (api) => api.GET('/api/portal/{portalId}/invoices', pageQuery(portalId, cursor)),
        t('errors.network'),
      ),
    );
    // An invoice read unpaid before and paid now: inside the widget, the page hears `invoice.paid`.
    for (const invoice of list.items) invoiceRead(invoice.id, invoice.status);
    return list;
  });
}

/** The client's sent quotes, with their lines (issue 28). */
export function useQuotes(portalId: string) {
  const { t } = useI18n();
  return useData(portalKeys.quotes(portalId), () =>
    everyPage((cursor) =>
      call(
        (api) => api.GET('/api/portal/{portalId}/quotes', pageQuery(portalId, cursor)),
        t('errors.network'),
      ),
    ),
  );
}

/** One of the client's projects (another client's answers 404). */
export function useProject(portalId: string, projectId: string) {
  const { t } = useI18n();
  return useData(portalKeys.project(portalId, projectId), () =>
    call(
      (api) => api.GET('/api/portal/{portalId}/projects/{projectId}', projectParams(portalId, projectId)),
      t('errors.network'),
    ),
  );
}

/** The newest page of a project's activity (older pages: `loadOlderActivity`). */
export function useProjectActivity(portalId: string, projectId: string) {
  const { t } = useI18n();
  return useData(portalKeys.projectActivity(portalId, projectId), () =>
    loadActivity(portalId, projectId, undefined, t('errors.network')),
  );
}

/** A page of a project's activity, newest first: the newest, or the one a page's `nextCursor` names. */
export function loadActivity(
  portalId: string,
  projectId: string,
  cursor: string | undefined,
  network: string,
) {
  return call(
    (api) =>
      api.GET('/api/portal/{portalId}/projects/{projectId}/activity', {
        params: {
          path: { portalId, projectId },
          query: { limit: ACTIVITY_PAGE, ...(cursor ? { cursor } : {}) },
        },
      }),
    network,
  );
}

/** Activity items per page on a project's page. */
export const ACTIVITY_PAGE = 20;

/**
 * The client's unread messages over every conversation (the Messages item's badge): the conversation list,
 * read once the page is idle, kept in step live (a provider's message adds one, opening its conversation
 * clears it) and by the notifications' 30-second refresh.
 */
export function useUnreadMessages(portalId: string): number {
  const { t } = useI18n();
  const idle = useIdle();
  const { data } = useData(
    portalKeys.conversations(portalId),
    () =>
      call((api) => api.GET('/api/portal/{portalId}/conversations', params(portalId)), t('errors.network')),
    { enabled: idle },
  );
  return data?.items.reduce((sum, row) => sum + row.unread, 0) ?? 0;
}

/** Every conversation of the client (one per project), the most recent first. */
export function useConversations(portalId: string) {
  const { t } = useI18n();
  return useData(portalKeys.conversations(portalId), () =>
    call((api) => api.GET('/api/portal/{portalId}/conversations', params(portalId)), t('errors.network')),
  );
}
