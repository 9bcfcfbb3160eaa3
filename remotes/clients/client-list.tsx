import { PanelsTopLeft, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ListPage } from '../../shared/ui/list-page';
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
  const params = useListParams({ filters: { portal: 'uuid' }, sorts: SORT_FIELDS, defaultSort: 'name' });
  const portalId = params.filters.portal;
  const portals = usePortals();
  const list = useClientList({
    ...(params.search ? { search: params.search } : {}),
    ...(portalId ? { portalId } : {}),
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
        columns={clientColumns(t, lang)}
        rowKey={(client) => client.id}
        card={(client) => <ClientCard client={client} />}
        create={{
          onCreate: () => setCreating(true),
          needs: { list: portals, icon: PanelsTopLeft, to: '/dashboard/portals' },
        }}
        empty={{ icon: Users }}
        filters={
          (portals.data?.length ?? 0) > 1
            ? [
                {
                  key: 'portal',
                  label: t('filter.portal'),
                  allLabel: t('filter.allPortals'),
                  options: (portals.data ?? []).map((portal) => ({
                    value: portal.id,
                    label: portal.portalName,
                  })),
                },
              ]
            : []
        }
        sortFields={SORT_FIELDS.map((field) => ({ value: field, label: t(`sort.${field}`) }))}
      />
      {creating ? (
        <Suspense fallback={null}>
          <ClientFormDialog
            portals={portals.data ?? []}
            defaultPortalId={portalId}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
