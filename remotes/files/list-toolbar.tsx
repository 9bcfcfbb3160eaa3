import { FILE_STATUSES, type FileStatus } from '../../shared/contracts/files';
import { FilterSelect, LIST_SELECT_CLASS, SearchBox, SortControls } from '../../shared/ui/list-controls';
import type { ProjectOption } from './api';
import { useFilesTexts } from './i18n';
import { SORT_FIELDS, type useListParams } from './use-list-params';

/** The native selects of the toolbar: full width on a phone, their own width from `sm`. */
const SELECT = `${LIST_SELECT_CLASS} w-full min-w-0 sm:w-auto sm:max-w-56`;

type Params = ReturnType<typeof useListParams>;

/** Search (debounced into `?q=`), the project and uploader filters, and the sort of the list. */
export function ListToolbar({ params, projects }: { params: Params; projects: ProjectOption[] }) {
  const { t } = useFilesTexts();
  const { update } = params;
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-center">
      <SearchBox
        value={params.q}
        onSearch={(q) => update({ q }, true)}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        className="relative min-w-0 sm:flex-1 sm:basis-56"
      />
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <FilterSelect
          label={t('filter.project')}
          allLabel={t('filter.allProjects')}
          value={params.projectId}
          options={projects.map((project) => ({ value: project.id, label: project.name }))}
          onChange={(project) => update({ project })}
          className={SELECT}
        />
        <FilterSelect
          label={t('filter.uploadedBy')}
          allLabel={t('filter.anyone')}
          value={params.by}
          options={[
            { value: 'provider', label: t('filter.provider') },
            { value: 'client', label: t('filter.client') },
          ]}
          onChange={(by) => update({ by })}
          className={SELECT}
        />
      </div>
      <SortControls
        fields={SORT_FIELDS}
        sort={params.sort}
        order={params.order}
        onSort={(sort) => update({ sort, order: '' })}
        onOrder={(order) => update({ order })}
        t={(key) => t(key)}
        selectClassName={`${SELECT} max-sm:flex-1`}
      />
    </div>
  );
}

/**
 * The status filter as chips with the number of files in each (under the other filters, from the API's
 * `statusCounts`); "All" sums them. A row that scrolls sideways on a phone.
 */
export function StatusChips({
  params,
  counts,
  statusLabel,
}: {
  params: Params;
  counts: Partial<Record<FileStatus, number>> | undefined;
  statusLabel: (status: FileStatus) => string;
}) {
  const { t } = useFilesTexts();
  const total = FILE_STATUSES.reduce((sum, status) => sum + (counts?.[status] ?? 0), 0);
  const chip = (active: boolean) =>
    `inline-flex h-8 shrink-0 items-center rounded-full border px-3 text-sm whitespace-nowrap transition-colors ${
      active
        ? 'border-primary bg-primary-soft font-medium text-primary-strong'
        : 'border-line bg-canvas text-muted hover:bg-surface hover:text-ink'
    }`;
  return (
    <fieldset className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1">
      <legend className="sr-only">{t('filter.status')}</legend>
      <button
        type="button"
        aria-pressed={params.status === ''}
        className={chip(params.status === '')}
        onClick={() => params.update({ status: '' })}
      >
        {t('filter.allStatuses', { count: total })}
      </button>
      {FILE_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={params.status === status}
          className={chip(params.status === status)}
          onClick={() => params.update({ status: params.status === status ? '' : status })}
        >
          {t('filter.statusCount', { status: statusLabel(status), count: counts?.[status] ?? 0 })}
        </button>
      ))}
    </fieldset>
  );
}
