import type { InvoiceList, InvoiceStatus } from '../../shared/contracts/invoices';
import { FilterSelect, LIST_SELECT_CLASS, SearchBox } from '../../shared/ui/list-controls';
import type { ClientOption, ProjectOption } from './api';
import { money } from './format';
import { useInvoiceTexts } from './i18n';
import { STATUSES } from './status-badge';
import type { useListParams } from './use-list-params';

/** The native selects of the toolbar: full width on a phone, their own width from `sm`. */
const SELECT = `${LIST_SELECT_CLASS} w-full min-w-0 sm:w-auto sm:max-w-56`;

type Params = ReturnType<typeof useListParams>;

/** Search (debounced into `?q=`), and the client and project filters (a chosen client narrows the projects). */
export function ListToolbar({
  params,
  clients,
  projects,
}: {
  params: Params;
  clients: ClientOption[];
  projects: ProjectOption[];
}) {
  const { t } = useInvoiceTexts();
  const { update } = params;
  const shownProjects = params.clientId
    ? projects.filter((project) => project.clientId === params.clientId)
    : projects;
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
          label={t('filter.client')}
          allLabel={t('filter.allClients')}
          value={params.clientId}
          options={clients.map((client) => ({ value: client.id, label: client.name }))}
          onChange={(client) => {
            const keep = projects.some(
              (p) => p.id === params.projectId && (!client || p.clientId === client),
            );
            update({ client, ...(keep ? {} : { project: '' }) });
          }}
          className={SELECT}
        />
        <FilterSelect
          label={t('filter.project')}
          allLabel={t('filter.allProjects')}
          value={params.projectId}
          options={shownProjects.map((project) => ({ value: project.id, label: project.name }))}
          onChange={(project) => update({ project })}
          className={SELECT}
        />
      </div>
    </div>
  );
}

type Totals = InvoiceList['totals'];

/**
 * The status filter as chips, each with its number of invoices and their sum per currency (the API's
 * `totals`, under the other filters; currencies are never added together). A row that scrolls sideways on
 * a phone.
 */
export function StatusChips({ params, totals }: { params: Params; totals: Totals | undefined }) {
  const { t, lang } = useInvoiceTexts();
  const byStatus = new Map(totals?.map((total) => [total.status, total]));
  const all = totals?.reduce((sum, total) => sum + total.count, 0) ?? 0;
  const chip = (active: boolean) =>
    `inline-flex min-h-8 shrink-0 items-center gap-1.5 rounded-full border px-3 py-1 text-sm whitespace-nowrap transition-colors ${
      active
        ? 'border-primary bg-primary-soft font-medium text-primary-strong'
        : 'border-line bg-canvas text-muted hover:bg-surface hover:text-ink'
    }`;
  const sums = (status: InvoiceStatus) =>
    (byStatus.get(status)?.amounts ?? [])
      .filter((amount) => amount.amountCents !== 0)
      .map((amount) => money(amount.amountCents, amount.currency, lang))
      .join(' + ');
  return (
    <fieldset className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1">
      <legend className="sr-only">{t('filter.status')}</legend>
      <button
        type="button"
        aria-pressed={params.status === ''}
        className={chip(params.status === '')}
        onClick={() => params.update({ status: '' })}
      >
        {t('filter.allStatuses', { count: all })}
      </button>
      {STATUSES.map((status) => {
        const sum = sums(status);
        return (
          <button
            key={status}
            type="button"
            aria-pressed={params.status === status}
            className={chip(params.status === status)}
            onClick={() => params.update({ status: params.status === status ? '' : status })}
          >
            <span>
              {t('filter.statusCount', {
                status: t(`status.${status}`),
                count: byStatus.get(status)?.count ?? 0,
              })}
            </span>
            {sum ? <span className="text-xs tabular-nums opacity-80">{sum}</span> : null}
          </button>
        );
      })}
    </fieldset>
  );
}
