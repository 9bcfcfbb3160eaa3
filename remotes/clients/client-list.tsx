import { PanelsTopLeft, Plus, SearchX, Users } from 'lucide-react';
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
import { useClientList, usePortals } from './api';
import { ClientCard, clientColumns } from './client-columns';
import { useClientTexts } from './i18n';

/** The create/edit form carries zod and the contracts: loaded when the dialog first opens. */
const ClientFormDialog = lazy(() => import('./client-form-dialog'));

export const SORT_FIELDS = ['name', 'email', 'company', 'createdAt'] as const;
export const PAGE_SIZE = 50;

/**
 * The client list: search, portal filter and sort in the URL, 50 a page with "Load more"; a table on
 * desktop, cards on phones (the kit's `ListTable`).
 */
export function ClientList() {
  const { t, lang } = useClientTexts();
  useDocumentTitle(t('title'));
  const params = useListParams({ filters: { portal: 'uuid' }, sorts: SORT_FIELDS, defaultSort: 'name' });
  const portalId = params.filters.portal;
  const portals = usePortals();
  const list = useClientList({
    ...(params.search ? { search: params.search } : {}),
    ...(portalId ? { portalId } : {}),
    sort: params.sort,
    order: params.order,
    limit: PAGE_SIZE,
  });
  const [creating, setCreating] = useState(false);

  const hasPortal = (portals.data?.length ?? 0) > 0;
  const canAdd = portals.isSuccess && hasPortal;
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
          {t('empty.clearSearch')}
        </Button>
      </StatePanel>
    );
  } else if (portals.isSuccess && !hasPortal) {
    empty = (
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
  } else {
    empty = (
      <StatePanel
        icon={<Users aria-hidden="true" className="size-6" />}
        title={t('empty.title')}
        body={t('empty.body')}
      >
        {add}
      </StatePanel>
    );
  }

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
        filters={
          (portals.data?.length ?? 0) > 1
            ? [
                {
                  label: t('filter.portal'),
                  allLabel: t('filter.allPortals'),
                  value: portalId,
                  options: (portals.data ?? []).map((portal) => ({
                    value: portal.id,
                    label: portal.portalName,
                  })),
                  onChange: (portal) => params.update({ portal }),
                },
              ]
            : []
        }
        sort={{
          fields: SORT_FIELDS.map((field) => ({ value: field, label: t(`sort.${field}`) })),
          field: params.sort,
          order: params.order,
          onField: (sort) => params.update({ sort }),
          onOrder: (order) => params.update({ order }),
        }}
      />
      {portals.isPending ? (
        <TableSkeleton />
      ) : (
        <ListTable
          label={t('title')}
          columns={clientColumns(t, lang)}
          rowKey={(client) => client.id}
          card={(client) => <ClientCard client={client} />}
          sort={{
            field: params.sort,
            order: params.order,
            onSort: (sort, order) => params.update({ sort, order }),
          }}
          query={list}
          empty={empty}
          errorTitle={t('error.title')}
        />
      )}
      {creating ? (
        <Suspense fallback={null}>
          <ClientFormDialog
            portals={portals.data ?? []}
            defaultPortalId={portalId}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
