import { FolderKanban, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ListPage } from '../../shared/ui/list-page';
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
    ...params.sortBy,
    limit: PAGE_SIZE,
  });
  const [creating, setCreating] = useState(false);

  return (
    <>
      <ListPage
        t={t}
        params={params}
        query={list}
        columns={projectColumns(t, lang)}
        rowKey={(project) => project.id}
        card={(project) => <ProjectCard project={project} />}
        create={{
          onCreate: () => setCreating(true),
          needs: { list: clients, icon: Users, to: '/dashboard/clients' },
        }}
        empty={{ icon: FolderKanban }}
        filters={[
          {
            key: 'status',
            label: t('filter.status'),
            allLabel: t('filter.allStatuses'),
            options: PROJECT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
          },
          {
            key: 'client',
            label: t('filter.client'),
            allLabel: t('filter.allClients'),
            options: (clients.data ?? []).map((option) => ({ value: option.id, label: option.name })),
          },
        ]}
        sortFields={SORT_FIELDS.map((field) => ({ value: field, label: t(`sort.${field}`) }))}
      />
      {creating ? (
        <Suspense fallback={null}>
          <ProjectFormDialog
            clients={clients.data ?? []}
            defaultClientId={client}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
