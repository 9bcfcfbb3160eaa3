import { FilterSelect, LIST_SELECT_CLASS, SearchBox, SortControls } from '../../shared/ui/list-controls';
import { type ClientOption, PROJECT_STATUSES } from './api';
import { useProjectTexts } from './i18n';
import { SORT_FIELDS, type useListParams } from './use-list-params';

const selectClass = `${LIST_SELECT_CLASS} w-full min-w-0 sm:w-auto`;

/** Search (debounced into `?q=`), status and client filters and the sort of the list. */
export function ListToolbar({
  params,
  clients,
}: {
  params: ReturnType<typeof useListParams>;
  clients: ClientOption[];
}) {
  const { t } = useProjectTexts();
  const { update } = params;
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-center">
      <SearchBox
        value={params.q}
        onSearch={(q) => update({ q }, true)}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        className="relative min-w-0 sm:flex-1 sm:basis-64"
      />
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <FilterSelect
          label={t('filter.status')}
          allLabel={t('filter.allStatuses')}
          value={params.status}
          options={PROJECT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          onChange={(status) => update({ status })}
          className={selectClass}
        />
        <FilterSelect
          label={t('filter.client')}
          allLabel={t('filter.allClients')}
          value={params.clientId}
          options={clients.map((client) => ({ value: client.id, label: client.name }))}
          onChange={(client) => update({ client })}
          className={selectClass}
        />
      </div>
      <SortControls
        fields={SORT_FIELDS}
        sort={params.sort}
        order={params.order}
        onSort={(sort) => update({ sort, order: '' })}
        onOrder={(order) => update({ order })}
        t={(key) => t(key)}
        selectClassName={`${selectClass} max-sm:flex-1`}
      />
    </div>
  );
}
