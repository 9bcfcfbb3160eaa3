import { FolderKanban, Plus, SearchX, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../shared/router';
import { Button, buttonClass } from '../../shared/ui/button';
import { LoadFailedPanel } from '../../shared/ui/load-failed';
import { StatePanel } from '../../shared/ui/state-panel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useClientOptions, useProjectList } from './api';
import { useProjectTexts } from './i18n';
import { ListToolbar } from './list-toolbar';
import { ProjectTable } from './project-table';
import { RowsSkeleton } from './skeletons';
import { useListParams } from './use-list-params';

/** The create/edit form carries zod and the contracts: loaded when the dialog first opens. */
const ProjectFormDialog = lazy(() => import('./project-form-dialog'));

/** The project list: search, filters, sort and pages in the URL; a table on desktop, cards on phones. */
export function ProjectList() {
  const { t } = useProjectTexts();
  useDocumentTitle(t('title'));
  const params = useListParams();
  const clients = useClientOptions();
  const list = useProjectList(params.query);
  const [creating, setCreating] = useState(false);

  const hasClients = (clients.data?.length ?? 0) > 0;
  const canAdd = clients.isSuccess && hasClients;

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
  } else if (!list.data || clients.isPending) {
    body = <RowsSkeleton />;
  } else if (list.data.total === 0 && !params.filtered && clients.isSuccess && !hasClients) {
    body = (
      <StatePanel
        icon={<Users aria-hidden="true" className="size-6" />}
        title={t('empty.noClientsTitle')}
        body={t('empty.noClientsBody')}
      >
        <Link to="/dashboard/clients" className={buttonClass('primary')}>
          {t('empty.addClient')}
        </Link>
      </StatePanel>
    );
  } else if (list.data.total === 0 && !params.filtered) {
    body = (
      <StatePanel
        icon={<FolderKanban aria-hidden="true" className="size-6" />}
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
        <Button variant="secondary" onClick={() => params.update({ q: '', status: '', client: '' })}>
          {t('empty.clearFilters')}
        </Button>
      </StatePanel>
    );
  } else {
    body = (
      <ProjectTable
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
      <ListToolbar params={params} clients={clients.data ?? []} />
      {body}
      {creating ? (
        <Suspense fallback={null}>
          <ProjectFormDialog
            clients={clients.data ?? []}
            defaultClientId={params.clientId}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
