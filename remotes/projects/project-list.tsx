import { FolderKanban, Plus, SearchX, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../shared/router';
import { Button, buttonClass } from '../../shared/ui/button';
import { TableSkeleton } from '../../shared/ui/data-table';
import { ListTable } from '../../shared/ui/list-table';
import { ListToolbar } from '../../shared/ui/list-toolbar';
import { PageHeader } from '../../shared/ui/page-header';
import { StatePanel } from '../../shared/ui/state-panel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useListParams } from '../../shared/ui/use-list-url';
import { PROJECT_STATUSES, useClientOptions, useProjectList } from './api';
import { useProjectTexts } from './i18n';
import { ProjectCard, projectColumns } from './project-columns';

/** The create/edit form carries zod and the contracts: loaded when the dialog first opens. */
const ProjectFormDialog = lazy(() => import('./project-form-dialog'));

export const SORT_FIELDS = ['updatedAt', 'name', 'status', 'startDate', 'endDate', 'createdAt'] as const;
type SortField = (typeof SORT_FIELDS)[number];
export const PAGE_SIZE = 50;

/** The API's default order per field: newest first for times, A→Z for the rest. */
export const defaultOrder = (field: SortField) =>
  field === 'updatedAt' || field === 'createdAt' ? 'desc' : 'asc';

/**
 * The project list: search, status and client filters and the sort in the URL, 50 a page with "Load
 * more"; a table on desktop, cards on phones (the kit's `ListTable`).
 */
export function ProjectList() {
  const { t, lang } = useProjectTexts();
  useDocumentTitle(t('title'));
  const params = useListParams({
    filters: { status: PROJECT_STATUSES, client: 'uuid' },
    sorts: SORT_FIELDS,
    defaultSort: 'updatedAt',
    defaultOrder,
  });
  const { status, client } = params.filters;
  const clients = useClientOptions();
  const list = useProjectList({
    ...(params.search ? { search: params.search } : {}),
    ...(status ? { status } : {}),
    ...(client ? { clientId: client } : {}),
    sort: params.sort,
    order: params.order,
    limit: PAGE_SIZE,
  });
  const [creating, setCreating] = useState(false);

  const hasClients = (clients.data?.length ?? 0) > 0;
  const canAdd = clients.isSuccess && hasClients;
  const add = (
    <Button onClick={() => setCreating(true)} disabled={!canAdd}>
      <Plus aria-hidden="true" className="size-4" />
      {t('add')}
    </Button>
  );

  let empty: React.ReactNode;
  if (params.filtered) {
    empty = (
      <StatePanel
        role="status"
        icon={<SearchX aria-hidden="true" className="size-6" />}
        title={t('empty.noResults')}
        body={t('empty.noResultsBody')}
      >
        <Button variant="secondary" onClick={params.clear}>
          {t('empty.clearFilters')}
        </Button>
      </StatePanel>
    );
  } else if (clients.isSuccess && !hasClients) {
    empty = (
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
  } else {
    empty = (
      <StatePanel
        icon={<FolderKanban aria-hidden="true" className="size-6" />}
        title={t('empty.title')}
        body={t('empty.body')}
      >
        {add}
      </StatePanel>
    );
  }

  const sort = {
    field: params.sort,
    order: params.order,
    onSort: (sort: SortField, order: 'asc' | 'desc') => params.update({ sort, order }),
    defaultOrder,
  };
  return (
    <div className="grid gap-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={canAdd ? add : null} />
      <ListToolbar
        search={{
          value: params.q,
          onSearch: (q) => params.update({ q }, true),
          label: t('search.label'),
          placeholder: t('search.placeholder'),
        }}
        filters={[
          {
            label: t('filter.status'),
            allLabel: t('filter.allStatuses'),
            value: status,
            options: PROJECT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
            onChange: (value) => params.update({ status: value }),
          },
          {
            label: t('filter.client'),
            allLabel: t('filter.allClients'),
            value: client,
            options: (clients.data ?? []).map((option) => ({ value: option.id, label: option.name })),
            onChange: (value) => params.update({ client: value }),
          },
        ]}
        sort={{
          fields: SORT_FIELDS.map((field) => ({ value: field, label: t(`sort.${field}`) })),
          field: params.sort,
          order: params.order,
          onField: (field) => params.update({ sort: field, order: '' }),
          onOrder: (order) => params.update({ order }),
        }}
      />
      {clients.isPending ? (
        <TableSkeleton />
      ) : (
        <ListTable
          label={t('title')}
          columns={projectColumns(t, lang)}
          rowKey={(project) => project.id}
          card={(project) => <ProjectCard project={project} />}
          sort={sort}
          query={list}
          empty={empty}
          errorTitle={t('error.title')}
        />
      )}
      {creating ? (
        <Suspense fallback={null}>
          <ProjectFormDialog
            clients={clients.data ?? []}
            defaultClientId={client}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
