import { Plus, Receipt } from 'lucide-react';
import type { InvoiceStatus } from '../../shared/contracts/invoices';
import { INVOICE_STATUSES } from '../../shared/invoices/status';
import { Link } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { ListPage } from '../../shared/ui/list-page';
import { StatusChips } from '../../shared/ui/list-toolbar';
import { useListParams } from '../../shared/ui/use-list-url';
import { useClientOptions, useInvoiceList, useProjectOptions } from './api';
import { money } from './format';
import { useInvoiceTexts } from './i18n';
import { INVOICES_BASE, InvoiceCard, invoiceColumns } from './invoice-table';
import { clientFilter } from './list-parts';
import { SectionNav } from './section-nav';

/**
 * Every invoice of the provider (`/dashboard/invoices`): search, client / project filters and status chips
 * with their counts and sums in the URL, newest first with "Load more" by the API's cursor; a table on
 * desktop, cards on phones (the kit's `ListTable`). Live: an invoice event refetches it
 * (`applyInvoiceActivity`).
 */
export function InvoiceList() {
  const { t, lang } = useInvoiceTexts();
  const params = useListParams({
    filters: { status: INVOICE_STATUSES, client: 'uuid', project: 'uuid' },
  });
  const { status, client, project } = params.filters;
  const clients = useClientOptions();
  const projects = useProjectOptions('');
  const list = useInvoiceList({
    ...(status ? { status } : {}),
    ...(client ? { clientId: client } : {}),
    ...(project ? { projectId: project } : {}),
    ...(params.search ? { q: params.search } : {}),
  });
  const totals = list.first?.totals;
  const byStatus = new Map(totals?.map((total) => [total.status, total]));
  const anyInvoice = (totals ?? []).some((total) => total.count > 0);
  /** Every match: the chosen status's count, or all of them (the totals ignore the status filter). */
  const matches = totals
    ? status
      ? (byStatus.get(status)?.count ?? 0)
      : totals.reduce((sum, total) => sum + total.count, 0)
    : undefined;
  const newHref = `${INVOICES_BASE}/new${client ? `?client=${client}${project ? `&project=${project}` : ''}` : ''}`;
  const shownProjects = client
    ? (projects.data ?? []).filter((option) => option.clientId === client)
    : (projects.data ?? []);
  /** The sums of a status per currency (never added across currencies). */
  const sums = (value: InvoiceStatus) =>
    (byStatus.get(value)?.amounts ?? [])
      .filter((amount) => amount.amountCents !== 0)
      .map((amount) => money(amount.amountCents, amount.currency, lang))
      .join(' + ');

  const newInvoice = (
    <Link to={newHref} className={buttonClass('primary')}>
      <Plus aria-hidden="true" className="size-4" />
      {t('new')}
    </Link>
  );
  return (
    <ListPage
      t={t}
      params={params}
      query={{ ...list, total: matches }}
      sortable={false}
      columns={invoiceColumns(t, lang)}
      rowKey={(invoice) => invoice.id}
      card={(invoice) => <InvoiceCard invoice={invoice} />}
      actions={newInvoice}
      above={<SectionNav />}
      filters={[
        {
          ...clientFilter(t, clients.data),
          onChange: (value) => {
            // A chosen client narrows the projects: a project of another client goes.
            const keep = (projects.data ?? []).some(
              (option) => option.id === project && (!value || option.clientId === value),
            );
            params.update({ client: value, ...(keep ? {} : { project: '' }) });
          },
        },
        {
          key: 'project',
          label: t('filter.project'),
          allLabel: t('filter.allProjects'),
          options: shownProjects.map((option) => ({ value: option.id, label: option.name })),
        },
      ]}
      chips={
        <StatusChips
          label={t('filter.status')}
          value={status}
          onChange={(value) => params.update({ status: value })}
          chips={INVOICE_STATUSES.map((value) => ({
            value,
            label: t(`status.${value}`),
            count: byStatus.get(value)?.count ?? 0,
            detail: sums(value),
          }))}
        />
      }
      empty={{
        icon: Receipt,
        action: newInvoice,
        ...(anyInvoice && status ? { noResultsBody: t('empty.noResultsStatus') } : {}),
      }}
    />
  );
}
