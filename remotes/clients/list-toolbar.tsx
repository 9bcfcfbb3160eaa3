import { FilterSelect, LIST_SELECT_CLASS, SearchBox, SortControls } from '../../shared/ui/list-controls';
import type { PortalSummary } from './api';
import { useClientTexts } from './i18n';
import { SORT_FIELDS, type useListParams } from './use-list-params';

const selectClass = LIST_SELECT_CLASS;

/** Search (debounced into `?q=`), portal filter and sort controls of the list. */
export function ListToolbar({
  params,
  portals,
}: {
  params: ReturnType<typeof useListParams>;
  portals: PortalSummary[];
}) {
  const { t } = useClientTexts();
  const { update } = params;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchBox
        value={params.q}
        onSearch={(q) => update({ q }, true)}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        className="relative min-w-0 flex-1 basis-64"
      />
      {portals.length > 1 ? (
        <div className="flex items-center gap-2">
          <FilterSelect
            label={t('filter.portal')}
            allLabel={t('filter.allPortals')}
            value={params.portalId}
            options={portals.map((portal) => ({ value: portal.id, label: portal.portalName }))}
            onChange={(portal) => update({ portal })}
            className={selectClass}
          />
        </div>
      ) : null}
      <SortControls
        fields={SORT_FIELDS}
        sort={params.sort}
        order={params.order}
        onSort={(sort) => update({ sort })}
        onOrder={(order) => update({ order })}
        t={(key) => t(key)}
        selectClassName={selectClass}
      />
    </div>
  );
}
