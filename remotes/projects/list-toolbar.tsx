import { useId } from 'react';
import { SearchBox, SortControls } from '../../shared/ui/list-controls';
import { type ClientOption, PROJECT_STATUSES } from './api';
import { useProjectTexts } from './i18n';
import { SORT_FIELDS, type useListParams } from './use-list-params';

const selectClass =
  'h-10 w-full min-w-0 appearance-none rounded-lg border border-line bg-canvas px-3 text-base text-ink shadow-xs hover:border-slate-300 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20 sm:w-auto sm:text-sm';

/** Search (debounced into `?q=`), status and client filters and the sort of the list. */
export function ListToolbar({
  params,
  clients,
}: {
  params: ReturnType<typeof useListParams>;
  clients: ClientOption[];
}) {
  const { t } = useProjectTexts();
  const id = useId();
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
        <label htmlFor={`${id}-status`} className="sr-only">
          {t('filter.status')}
        </label>
        <select
          id={`${id}-status`}
          value={params.status}
          onChange={(event) => update({ status: event.target.value })}
          className={selectClass}
        >
          <option value="">{t('filter.allStatuses')}</option>
          {PROJECT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-client`} className="sr-only">
          {t('filter.client')}
        </label>
        <select
          id={`${id}-client`}
          value={params.clientId}
          onChange={(event) => update({ client: event.target.value })}
          className={selectClass}
        >
          <option value="">{t('filter.allClients')}</option>
          {clients.map((client) => (
            <option key={client.id} value={client.id}>
              {client.name}
            </option>
          ))}
        </select>
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
