import { BarChart3, Briefcase, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { describeFailure } from '../../shared/api/describe';
import { formatCalendarDay, formatDateTime } from '../../shared/format/date';
import { formatLanguage, LOCALE } from '../../shared/format/locale';
import { formatMoney } from '../../shared/format/money';
import { Link } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { LoadFailedPanel } from '../../shared/ui/load-failed';
import { DetailSkeleton } from '../../shared/ui/page-skeletons';
import { StatePanel } from '../../shared/ui/state-panel';
import {
  type AnalyticsParams,
  type Engagement,
  type Money,
  useEngagement,
  useMoney,
  useWork,
  type Work,
} from './api';
import { BarChart } from './bar-chart';
import { units } from './csv';
import { useAnalyticsTexts } from './i18n';
import { ReportTable } from './report-table';
import type { View } from './section';

type Texts = ReturnType<typeof useAnalyticsTexts>;

/** Number, money, percentage, day and month formatting in the interface language. */
function useFormat() {
  const texts = useAnalyticsTexts();
  const locale = LOCALE[formatLanguage(texts.lang)];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  return {
    ...texts,
    n: (value: number | null) => (value === null ? '–' : number.format(value)),
    money: (cents: number, currency: string) => formatMoney(cents, texts.lang, currency),
    month: (key: string) => monthFormat.format(new Date(`${key}-01T00:00:00Z`)),
    day: (day: string) => formatCalendarDay(day, texts.lang),
    hours: (value: number | null) =>
      value === null ? '–' : texts.t('units.hours', { value: number.format(value) }),
  };
}

export default function Views({
  view,
  params,
  linkSuffix,
}: {
  view: View;
  params: AnalyticsParams;
  linkSuffix: string;
}) {
  if (view === 'money') return <MoneyView params={params} />;
  if (view === 'work') return <WorkView params={params} />;
  if (view === 'clients') return <ClientsView params={params} />;
  return <Overview params={params} linkSuffix={linkSuffix} />;
}

function Loading<T>({
  query,
  children,
}: {
  query: {
    data?: T | undefined;
    error: unknown;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  const { t } = useAnalyticsTexts();
  if (query.isError && !query.data)
    return (
      <LoadFailedPanel
        title={t('loadFailed')}
        body={describeFailure(t, query.error)}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <DetailSkeleton />;
  return <>{children(query.data)}</>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

function Stat({ label, value, note, to }: { label: string; value: string; note?: string; to?: string }) {
  const body = (
    <>
      <span className="text-sm text-muted">{label}</span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      {note ? <span className="text-xs text-muted">{note}</span> : null}
    </>
  );
  return to ? (
    <Link to={to} className="grid gap-1 rounded-2xl border border-line p-4 hover:bg-surface">
      {body}
    </Link>
  ) : (
    <div className="grid gap-1 rounded-2xl border border-line p-4">{body}</div>
  );
}

const moneyIsEmpty = (m: Money) =>
  m.totals.revenueCents === 0 &&
  m.totals.invoicedCents === 0 &&
  m.totals.outstandingCents === 0 &&
  m.totals.previousRevenueCents === 0;

function Empty({ t, kind }: { t: Texts['t']; kind: 'money' | 'work' | 'clients' }) {
  const icon = { money: BarChart3, work: Briefcase, clients: Users }[kind];
  const Icon = icon;
  const to = { money: '/dashboard/invoices/new', work: '/dashboard/projects', clients: '/dashboard/clients' }[
    kind
  ];
  return (
    <StatePanel
      icon={<Icon aria-hidden="true" className="size-6" />}
      title={t(`empty.${kind}.title`)}
      body={t(`empty.${kind}.body`)}
    >
      <Link to={to} className={buttonClass('primary')}>
        {t(`empty.${kind}.action`)}
      </Link>
    </StatePanel>
  );
}

function change(current: number, previous: number, f: ReturnType<typeof useFormat>): string {
  if (previous === 0) return f.t('compare.none');
  const pct = ((current - previous) / previous) * 100;
  return f.t('compare.change', { value: `${pct >= 0 ? '+' : ''}${f.n(Math.round(pct))}` });
}

function Overview({ params, linkSuffix }: { params: AnalyticsParams; linkSuffix: string }) {
  const f = useFormat();
  const money = useMoney(params);
  const work = useWork(params);
  const clients = useEngagement(params);
  const base = '/dashboard/analytics';
  return (
    <Loading query={money}>
      {(m) =>
        moneyIsEmpty(m) && (clients.data?.clients.length ?? 0) === 0 ? (
          <Empty t={f.t} kind="clients" />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Stat
              label={f.t('money.revenue')}
              value={f.money(m.totals.revenueCents, params.currency)}
              note={change(m.totals.revenueCents, m.totals.previousRevenueCents, f)}
              to={`${base}/money${linkSuffix}`}
            />
            <Stat
              label={f.t('money.outstanding')}
              value={f.money(m.totals.outstandingCents, params.currency)}
              note={f.t('money.overdueNote', { amount: f.money(m.totals.overdueCents, params.currency) })}
              to={`${base}/money${linkSuffix}`}
            />
            <Stat
              label={f.t('money.daysToPay')}
              value={
                m.totals.averageDaysToPay === null
                  ? '–'
                  : f.t('units.days', { value: f.n(m.totals.averageDaysToPay) })
              }
              to={`${base}/money${linkSuffix}`}
            />
            <Stat
              label={f.t('work.approvalMedian')}
              value={f.hours(work.data?.approvals.medianHours ?? null)}
              to={`${base}/work${linkSuffix}`}
            />
            <Stat
              label={f.t('work.firstResponse')}
              value={
                work.data?.firstResponse.medianMinutes == null
                  ? '–'
                  : f.t('units.minutes', { value: f.n(work.data.firstResponse.medianMinutes) })
              }
              to={`${base}/work${linkSuffix}`}
            />
            <Stat
              label={f.t('clients.quiet')}
              value={f.n(
                clients.data?.clients.filter(
                  (c) => c.signIns === 0 && (c.invoicesDue > 0 || c.filesWaiting > 0),
                ).length ?? 0,
              )}
              note={f.t('clients.quietNote')}
              to={`${base}/clients${linkSuffix}`}
            />
          </div>
        )
      }
    </Loading>
  );
}

function MoneyView({ params }: { params: AnalyticsParams }) {
  const f = useFormat();
  const query = useMoney(params);
  const cur = params.currency;
  return (
    <Loading query={query}>
      {(m) =>
        moneyIsEmpty(m) ? (
          <Empty t={f.t} kind="money" />
        ) : (
          <div className="grid gap-6">
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Stat
                label={f.t('money.revenue')}
                value={f.money(m.totals.revenueCents, cur)}
                note={change(m.totals.revenueCents, m.totals.previousRevenueCents, f)}
              />
              <Stat
                label={f.t('money.invoiced')}
                value={f.money(m.totals.invoicedCents, cur)}
                note={change(m.totals.invoicedCents, m.totals.previousInvoicedCents, f)}
              />
              <Stat
                label={f.t('money.outstanding')}
                value={f.money(m.totals.outstandingCents, cur)}
                note={f.t('money.overdueNote', { amount: f.money(m.totals.overdueCents, cur) })}
              />
              <Stat
                label={f.t('money.daysToPay')}
                value={
                  m.totals.averageDaysToPay === null
                    ? '–'
                    : f.t('units.days', { value: f.n(m.totals.averageDaysToPay) })
                }
                note={f.t('money.paidInvoices', { count: m.totals.paidInvoiceCount })}
              />
            </div>
            <Section title={f.t('money.byMonth')}>
              <ReportTable
                title={f.t('money.byMonth')}
                fileName="revenue-by-month"
                rows={m.months}
                rowKey={(r) => r.month}
                columns={[
                  {
                    id: 'month',
                    header: f.t('columns.month'),
                    cell: (r) => f.month(r.month),
                    value: (r) => r.month,
                  },
                  {
                    id: 'invoiced',
                    header: f.t('money.invoiced'),
                    align: 'right',
                    className: 'tabular-nums',
                    cell: (r) => f.money(r.invoicedCents, cur),
                    value: (r) => units(r.invoicedCents),
                  },
                  {
                    id: 'paid',
                    header: f.t('money.paid'),
                    align: 'right',
                    className: 'tabular-nums',
                    cell: (r) => f.money(r.paidCents, cur),
                    value: (r) => units(r.paidCents),
                  },
                ]}
              >
                <BarChart
                  label={f.t('money.chartLabel')}
                  series={[
                    { name: f.t('money.invoiced'), className: 'fill-primary/35' },
                    { name: f.t('money.paid'), className: 'fill-primary' },
                  ]}
                  groups={m.months.map((r) => ({
                    key: r.month,
                    label: f.month(r.month),
                    values: [r.invoicedCents, r.paidCents],
                  }))}
                  format={(v) => f.money(v, cur)}
                />
              </ReportTable>
            </Section>
            <Section title={f.t('money.ageing')}>
              <p className="text-sm text-muted">
                {f.t('money.asOf', { day: f.day(m.period.today), zone: m.period.timeZone })}
              </p>
              <ReportTable
                title={f.t('money.ageing')}
                fileName="ageing"
                rows={m.ageing}
                rowKey={(r) => r.bucket}
                initialSort={{ field: 'bucket', order: 'asc' }}
                columns={[
                  {
                    id: 'bucket',
                    header: f.t('columns.bucket'),
                    cell: (r) => f.t(`buckets.${r.bucket}`),
                    value: (r) => f.t(`buckets.${r.bucket}`),
                    sortValue: (r) =>
                      ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'].indexOf(r.bucket),
                  },
                  {
                    id: 'count',
                    header: f.t('columns.invoices'),
                    align: 'right',
                    cell: (r) => f.n(r.count),
                    value: (r) => r.count,
                  },
                  {
                    id: 'cents',
                    header: f.t('columns.balance'),
                    align: 'right',
                    className: 'tabular-nums',
                    cell: (r) => f.money(r.cents, cur),
                    value: (r) => units(r.cents),
                  },
                ]}
              >
                <BarChart
                  label={f.t('money.ageing')}
                  series={[{ name: f.t('columns.balance'), className: 'fill-warning' }]}
                  groups={m.ageing.map((r) => ({
                    key: r.bucket,
                    label: f.t(`buckets.${r.bucket}`),
                    values: [r.cents],
                  }))}
                  format={(v) => f.money(v, cur)}
                />
              </ReportTable>
            </Section>
            <Section title={f.t('money.upcoming')}>
              <ReportTable
                title={f.t('money.upcoming')}
                fileName="upcoming"
                rows={m.upcoming}
                rowKey={(r) => r.window}
                initialSort={{ field: 'window', order: 'asc' }}
                columns={[
                  {
                    id: 'window',
                    header: f.t('columns.window'),
                    cell: (r) => f.t(`windows.${r.window}`),
                    value: (r) => f.t(`windows.${r.window}`),
                    sortValue: (r) => ['days0to30', 'days31to60', 'days61to90'].indexOf(r.window),
                  },
                  {
                    id: 'count',
                    header: f.t('columns.invoices'),
                    align: 'right',
                    cell: (r) => f.n(r.count),
                    value: (r) => r.count,
                  },
                  {
                    id: 'cents',
                    header: f.t('columns.due'),
                    align: 'right',
                    className: 'tabular-nums',
                    cell: (r) => f.money(r.cents, cur),
                    value: (r) => units(r.cents),
                  },
                  {
                    id: 'scheduled',
                    header: f.t('columns.scheduled'),
                    align: 'right',
                    className: 'tabular-nums',
                    cell: (r) => `${f.money(r.scheduledCents, cur)} (${f.n(r.scheduledCount)})`,
                    value: (r) => units(r.scheduledCents),
                  },
                ]}
              />
            </Section>
            <Section title={f.t('money.topClients')}>
              <ReportTable
                title={f.t('money.topClients')}
                fileName="top-clients"
                rows={m.topClients}
                rowKey={(r) => r.clientId}
                initialSort={{ field: 'paid', order: 'desc' }}
                columns={[
                  {
                    id: 'name',
                    header: f.t('columns.client'),
                    long: (r) => r.name,
                    cell: (r) => r.name,
                    value: (r) => r.name,
                  },
                  {
                    id: 'paid',
                    header: f.t('money.paid'),
                    align: 'right',
                    className: 'tabular-nums',
                    cell: (r) => f.money(r.paidCents, cur),
                    value: (r) => units(r.paidCents),
                  },
                  {
                    id: 'invoiced',
                    header: f.t('money.invoiced'),
                    align: 'right',
                    className: 'tabular-nums',
                    cell: (r) => f.money(r.invoicedCents, cur),
                    value: (r) => units(r.invoicedCents),
                  },
                ]}
              />
            </Section>
          </div>
        )
      }
    </Loading>
  );
}

function WorkView({ params }: { params: AnalyticsParams }) {
  const f = useFormat();
  const query = useWork(params);
  return (
    <Loading query={query}>
      {(w: Work) =>
        w.projectsByStatus.length === 0 ? (
          <Empty t={f.t} kind="work" />
        ) : (
          <div className="grid gap-6">
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Stat label={f.t('work.approvalMedian')} value={f.hours(w.approvals.medianHours)} />
              <Stat label={f.t('work.approvalP90')} value={f.hours(w.approvals.p90Hours)} />
              <Stat
                label={f.t('work.firstResponse')}
                value={
                  w.firstResponse.medianMinutes === null
                    ? '–'
                    : f.t('units.minutes', { value: f.n(w.firstResponse.medianMinutes) })
                }
                note={f.t('work.unanswered', { count: w.firstResponse.unanswered })}
              />
              <Stat label={f.t('work.revisionsAverage')} value={f.n(w.revisions.averagePerFile)} />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <Section title={f.t('work.projects')}>
                <StatusTable rows={w.projectsByStatus} f={f} kind="projectStatus" file="projects-by-status" />
              </Section>
              <Section title={f.t('work.files')}>
                <StatusTable rows={w.filesByStatus} f={f} kind="fileStatus" file="files-by-status" />
              </Section>
            </div>
            <Section title={f.t('work.approvals')}>
              <ReportTable
                title={f.t('work.approvals')}
                fileName="approval-turnaround"
                rows={w.approvals.byClient}
                rowKey={(r) => r.clientId}
                initialSort={{ field: 'count', order: 'desc' }}
                columns={[
                  {
                    id: 'name',
                    header: f.t('columns.client'),
                    long: (r) => r.name,
                    cell: (r) => r.name,
                    value: (r) => r.name,
                  },
                  {
                    id: 'count',
                    header: f.t('columns.decisions'),
                    align: 'right',
                    cell: (r) => f.n(r.count),
                    value: (r) => r.count,
                  },
                  {
                    id: 'median',
                    header: f.t('columns.median'),
                    align: 'right',
                    cell: (r) => f.hours(r.medianHours),
                    value: (r) => r.medianHours,
                  },
                  {
                    id: 'p90',
                    header: f.t('columns.p90'),
                    align: 'right',
                    cell: (r) => f.hours(r.p90Hours),
                    value: (r) => r.p90Hours,
                  },
                ]}
              />
            </Section>
            <Section title={f.t('work.revisions')}>
              <ReportTable
                title={f.t('work.revisions')}
                fileName="revisions-per-file"
                rows={w.revisions.fileCount === 0 ? [] : w.revisions.histogram}
                rowKey={(r) => String(r.revisions)}
                initialSort={{ field: 'revisions', order: 'asc' }}
                columns={[
                  {
                    id: 'revisions',
                    header: f.t('columns.revisions'),
                    cell: (r) => (r.revisions === 3 ? '3+' : String(r.revisions)),
                    value: (r) => r.revisions,
                  },
                  {
                    id: 'files',
                    header: f.t('columns.files'),
                    align: 'right',
                    cell: (r) => f.n(r.files),
                    value: (r) => r.files,
                  },
                ]}
              >
                <BarChart
                  label={f.t('work.revisions')}
                  series={[{ name: f.t('columns.files'), className: 'fill-primary' }]}
                  groups={w.revisions.histogram.map((r) => ({
                    key: String(r.revisions),
                    label: r.revisions === 3 ? '3+' : String(r.revisions),
                    values: [r.files],
                  }))}
                  format={(v) => f.n(v)}
                />
              </ReportTable>
            </Section>
            <Section title={f.t('work.messages')}>
              <ReportTable
                title={f.t('work.messages')}
                fileName="messages-per-project"
                rows={w.messages.byProject}
                rowKey={(r) => r.projectId}
                initialSort={{ field: 'count', order: 'desc' }}
                columns={[
                  {
                    id: 'name',
                    header: f.t('columns.project'),
                    long: (r) => r.name,
                    cell: (r) => r.name,
                    value: (r) => r.name,
                  },
                  {
                    id: 'client',
                    header: f.t('columns.client'),
                    long: (r) => r.clientName,
                    cell: (r) => r.clientName,
                    value: (r) => r.clientName,
                  },
                  {
                    id: 'count',
                    header: f.t('columns.messages'),
                    align: 'right',
                    cell: (r) => f.n(r.count),
                    value: (r) => r.count,
                  },
                  {
                    id: 'fromClient',
                    header: f.t('columns.fromClient'),
                    align: 'right',
                    cell: (r) => f.n(r.fromClient),
                    value: (r) => r.fromClient,
                  },
                ]}
              />
            </Section>
          </div>
        )
      }
    </Loading>
  );
}

function StatusTable({
  rows,
  f,
  kind,
  file,
}: {
  rows: readonly { status: string; count: number }[];
  f: ReturnType<typeof useFormat>;
  kind: 'projectStatus' | 'fileStatus';
  file: string;
}) {
  return (
    <ReportTable
      title={f.t(kind === 'projectStatus' ? 'work.projects' : 'work.files')}
      fileName={file}
      rows={rows}
      rowKey={(r) => r.status}
      initialSort={{ field: 'count', order: 'desc' }}
      columns={[
        {
          id: 'status',
          header: f.t('columns.status'),
          cell: (r) => f.t(`${kind}.${r.status}`),
          value: (r) => f.t(`${kind}.${r.status}`),
        },
        {
          id: 'count',
          header: f.t('columns.count'),
          align: 'right',
          cell: (r) => f.n(r.count),
          value: (r) => r.count,
        },
      ]}
    >
      <BarChart
        label={f.t(kind === 'projectStatus' ? 'work.projects' : 'work.files')}
        series={[{ name: f.t('columns.count'), className: 'fill-primary' }]}
        groups={rows.map((r) => ({ key: r.status, label: f.t(`${kind}.${r.status}`), values: [r.count] }))}
        format={(v) => f.n(v)}
      />
    </ReportTable>
  );
}

function ClientsView({ params }: { params: AnalyticsParams }) {
  const f = useFormat();
  const query = useEngagement(params);
  const cur = params.currency;
  return (
    <Loading query={query}>
      {(e: Engagement) =>
        e.clients.length === 0 ? (
          <Empty t={f.t} kind="clients" />
        ) : (
          <Section title={f.t('clients.title')}>
            <ReportTable
              title={f.t('clients.title')}
              fileName="client-engagement"
              rows={e.clients}
              rowKey={(r) => r.clientId}
              initialSort={{ field: 'lastSeen', order: 'asc' }}
              columns={[
                {
                  id: 'name',
                  header: f.t('columns.client'),
                  long: (r) => (r.company ? `${r.name} (${r.company})` : r.name),
                  cell: (r) => (r.company ? `${r.name} (${r.company})` : r.name),
                  value: (r) => r.name,
                },
                {
                  id: 'signIns',
                  header: f.t('columns.signIns'),
                  align: 'right',
                  cell: (r) => f.n(r.signIns),
                  value: (r) => r.signIns,
                },
                {
                  id: 'lastSeen',
                  header: f.t('columns.lastSeen'),
                  cell: (r) => (r.lastSeenAt ? formatDateTime(r.lastSeenAt, f.lang) : f.t('clients.never')),
                  value: (r) => r.lastSeenAt,
                },
                {
                  id: 'unread',
                  header: f.t('columns.unread'),
                  align: 'right',
                  cell: (r) => f.n(r.unreadMessages),
                  value: (r) => r.unreadMessages,
                },
                {
                  id: 'files',
                  header: f.t('columns.filesWaiting'),
                  align: 'right',
                  cell: (r) => f.n(r.filesWaiting),
                  value: (r) => r.filesWaiting,
                },
                {
                  id: 'due',
                  header: f.t('columns.invoicesDue'),
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (r) =>
                    r.invoicesDue === 0 ? '–' : `${f.money(r.dueCents, cur)} (${f.n(r.invoicesDue)})`,
                  value: (r) => units(r.dueCents),
                },
              ]}
            />
          </Section>
        )
      }
    </Loading>
  );
}
