import { PanelsTopLeft, Plus, SearchX, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../shared/router';
import { Button, buttonClass } from '../../shared/ui/button';
import { LoadFailedPanel } from '../../shared/ui/load-failed';
import { StatePanel } from '../../shared/ui/state-panel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useClientList, usePortals } from './api';
import { ClientTable } from './client-table';
import { useClientTexts } from './i18n';
import { ListToolbar } from './list-toolbar';
import { RowsSkeleton } from './skeletons';
import { useListParams } from './use-list-params';

/** The create/edit form carries zod and the contracts: loaded when the dialog first opens. */
const ClientFormDialog = lazy(() => import('./client-form-dialog'));

/** The client list: search, filter, sort and pages in the URL; a table on desktop, cards on phones. */
export function ClientList() {
  const { t } = useClientTexts();
  useDocumentTitle(t('title'));
  const params = useListParams();
  const portals = usePortals();
  const list = useClientList(params.query);
  const [creating, setCreating] = useState(false);

  const hasPortal = (portals.data?.length ?? 0) > 0;
  const filtered = Boolean(params.q.trim() || params.portalId);
  const canAdd = portals.isSuccess && hasPortal;

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = (
      <LoadFailedPanel
        title={t('error.title')}
        body={t('error.body')}
        retry={t('error.retry')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!list.data || portals.isPending) {
    body = <RowsSkeleton />;
  } else if (list.data.total === 0 && !filtered && portals.isSuccess && !hasPortal) {
    body = (
      <StatePanel
        icon={<PanelsTopLeft aria-hidden="true" className="size-6" />}
        title={t('empty.noPortalTitle')}
        body={t('empty.noPortalBody')}
      >
        <Link to="/dashboard/portals" className={buttonClass('primary')}>
          {t('empty.createPortal')}
        </Link>
      </StatePanel>
    );
  } else if (list.data.total === 0 && !filtered) {
    body = (
      <StatePanel
        icon={<Users aria-hidden="true" className="size-6" />}
        title={t('empty.title')}
        body={t('empty.body')}
      >
        <Button onClick={() => setCreating(true)} disabled={!canAdd}>
          <Plus aria-hidden="true" className="size-4" />
          {t('add')}
        </Button>
      </StatePanel>
    );
  } else if (list.data.total === 0) {
    body = (
      <StatePanel
        role="status"
        icon={<SearchX aria-hidden="true" className="size-6" />}
        title={t('empty.noResults')}
        body={t('empty.noResultsBody')}
      >
        <Button variant="secondary" onClick={() => params.update({ q: '', portal: '' })}>
          {t('empty.clearSearch')}
        </Button>
      </StatePanel>
    );
  } else {
    body = (
      <ClientTable
        data={list.data}
        sort={params.sort}
        order={params.order}
        fetching={list.isFetching}
        onSort={(sort, order) => params.update({ sort, order })}
        onPage={(page) => params.update({ page: String(page) })}
      />
    );
  }

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted">{t('subtitle')}</p>
        </div>
        {canAdd ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t('add')}
          </Button>
        ) : null}
      </header>
      <ListToolbar params={params} portals={portals.data ?? []} />
      {body}
      {creating ? (
        <Suspense fallback={null}>
          <ClientFormDialog
            portals={portals.data ?? []}
            defaultPortalId={params.portalId}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
