import { BarChart3, Briefcase, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { describeFailure } from '../../shared/api/describe';
import { Link } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { ClampedText } from '../../shared/ui/data-table';
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
import { type Format, useFormat } from './format';
import { useAnalyticsTexts } from './i18n';
import { ReportCard } from './report-table';
import type { View } from './section';

type Texts = ReturnType<typeof useAnalyticsTexts>;

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

function Stat({ label, value, note, to }: { label: string; value: string; note?: string; to?: string }) {
  const body = (
    <>
      <span className="text-sm text-muted">{label}</span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      {note ? <span className="text-xs text-muted">{note}</span> : null}
    </>
  );
  return to ? (
    <Link to={to} className="grid content-start gap-1 rounded-2xl border border-line p-4 hover:bg-surface">
      {body}
    </Link>
  ) : (
    <div className="grid content-start gap-1 rounded-2xl border border-line p-4">{body}</div>
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

function change(current: number, previous: number, f: Format): string {
  if (previous === 0) return f.t('compare.none');
  return f.t('compare.change', { value: f.percent((current - previous) / previous) });
}

function Overview({ params, linkSuffix }: { params: AnalyticsParams; linkSuffix: string }) {
  const f = useFormat(params.currency);
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
              value={f.money(m.totals.revenueCents)}
              note={change(m.totals.revenueCents, m.totals.previousRevenueCents, f)}
              to={`${base}/money${linkSuffix}`}
            />
            <Stat
              label={f.t('money.outstanding')}
              value={f.money(m.totals.outstandingCents)}
              note={f.t('money.overdueNote', { amount: f.money(m.totals.overdueCents) })}
              to={`${base}/money${linkSuffix}`}
            />
            <Stat
              label={f.t('money.daysToPay')}
              value={f.days(m.totals.averageDaysToPay)}
              to={`${base}/money${linkSuffix}`}
            />
            <Stat
              label={f.t('work.approvalMedian')}
              value={f.hours(work.data?.approvals.medianHours ?? null)}
              to={`${base}/work${linkSuffix}`}
            />
            <Stat
              label={f.t('work.firstResponse')}
              value={f.duration(work.data?.firstResponse.medianMinutes ?? null)}
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
  const f = useFormat(params.currency);
  const query = useMoney(params);
  const currency = params.currency;
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
                value={f.money(m.totals.revenueCents)}
                note={change(m.totals.revenueCents, m.totals.previousRevenueCents, f)}
              />
              <Stat
                label={f.t('money.invoiced')}
                value={f.money(m.totals.invoicedCents)}
                note={change(m.totals.invoicedCents, m.totals.previousInvoicedCents, f)}
              />
              <Stat
                label={f.t('money.outstanding')}
                value={f.money(m.totals.outstandingCents)}
                note={f.t('money.overdueNote', { amount: f.money(m.totals.overdueCents) })}
              />
              <Stat
                label={f.t('money.daysToPay')}
                value={f.days(m.totals.averageDaysToPay)}
                note={f.t('money.paidInvoices', { count: m.totals.paidInvoiceCount })}
              />
            </div>
            <ReportCard
              title={f.t('money.byMonth')}
              fileName="revenue-by-month"
              currency={currency}
              rows={m.months}
              rowKey={(r) => r.month}
              columns={(c) => [
                c.text('month', f.t('columns.month'), (r) => f.monthLong(r.month), { value: (r) => r.month }),
                c.money('invoiced', f.t('money.invoiced'), (r) => r.invoicedCents),
                c.money('paid', f.t('money.paid'), (r) => r.paidCents),
              ]}
              chart={{
                label: f.t('money.chartLabel'),
                series: [
                  { name: f.t('money.invoiced'), className: 'fill-primary/35' },
                  { name: f.t('money.paid'), className: 'fill-primary' },
                ],
                group: (r) => ({ label: f.month(r.month), values: [r.invoicedCents, r.paidCents] }),
                format: 'money',
              }}
            />
            <ReportCard
              title={f.t('money.ageing')}
              note={
                <p className="text-sm text-muted">
                  {f.t('money.asOf', { day: f.day(m.period.today), zone: m.period.timeZone })}
                </p>
              }
              fileName="ageing"
              currency={currency}
              rows={m.ageing}
              rowKey={(r) => r.bucket}
              initialSort={{ field: 'bucket', order: 'asc' }}
              columns={(c) => [
                c.text('bucket', f.t('columns.bucket'), (r) => f.t(`buckets.${r.bucket}`), {
                  sortValue: (r) => AGEING_ORDER.indexOf(r.bucket),
                }),
                c.count('count', f.t('columns.invoices'), (r) => r.count),
                c.money('cents', f.t('columns.balance'), (r) => r.cents),
              ]}
              chart={{
                series: [{ name: f.t('columns.balance'), className: 'fill-warning' }],
                group: (r) => ({ label: f.t(`buckets.${r.bucket}`), values: [r.cents] }),
                format: 'money',
              }}
            />
            <ReportCard
              title={f.t('money.upcoming')}
              fileName="upcoming"
              currency={currency}
              rows={m.upcoming}
              rowKey={(r) => r.window}
              initialSort={{ field: 'window', order: 'asc' }}
              columns={(c) => [
                c.text('window', f.t('columns.window'), (r) => f.t(`windows.${r.window}`), {
                  sortValue: (r) => UPCOMING_ORDER.indexOf(r.window),
                }),
                c.count('count', f.t('columns.invoices'), (r) => r.count),
                c.money('cents', f.t('columns.due'), (r) => r.cents),
                c.money('scheduled', f.t('columns.scheduled'), (r) => r.scheduledCents, {
                  cell: (r) => `${f.money(r.scheduledCents)} (${f.n(r.scheduledCount)})`,
                }),
              ]}
            />
            <ReportCard
              title={f.t('money.topClients')}
              fileName="top-clients"
              currency={currency}
              rows={m.topClients}
              rowKey={(r) => r.clientId}
              initialSort={{ field: 'paid', order: 'desc' }}
              columns={(c) => [
                c.text('name', f.t('columns.client'), (r) => r.name, { long: true }),
                c.money('paid', f.t('money.paid'), (r) => r.paidCents),
                c.money('invoiced', f.t('money.invoiced'), (r) => r.invoicedCents),
              ]}
            />
          </div>
        )
      }
    </Loading>
  );
}

const AGEING_ORDER = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'];
const UPCOMING_ORDER = ['days0to30', 'days31to60', 'days61to90'];
const revisionLabel = (n: number) => (n === 3 ? '3+' : String(n));

function WorkView({ params }: { params: AnalyticsParams }) {
  const f = useFormat(params.currency);
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
                value={f.duration(w.firstResponse.medianMinutes)}
                note={f.t('work.unanswered', { count: w.firstResponse.unanswered })}
              />
              <Stat label={f.t('work.revisionsAverage')} value={f.n(w.revisions.averagePerFile)} />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <StatusCard rows={w.projectsByStatus} f={f} kind="projectStatus" file="projects-by-status" />
              <StatusCard rows={w.filesByStatus} f={f} kind="fileStatus" file="files-by-status" />
            </div>
            <ReportCard
              title={f.t('work.approvals')}
              fileName="approval-turnaround"
              rows={w.approvals.byClient}
              rowKey={(r) => r.clientId}
              initialSort={{ field: 'count', order: 'desc' }}
              columns={(c) => [
                c.text('name', f.t('columns.client'), (r) => r.name, { long: true }),
                c.count('count', f.t('columns.decisions'), (r) => r.count),
                c.hours('median', f.t('columns.median'), (r) => r.medianHours),
                c.hours('p90', f.t('columns.p90'), (r) => r.p90Hours),
              ]}
            />
            <ReportCard
              title={f.t('work.revisions')}
              fileName="revisions-per-file"
              rows={w.revisions.fileCount === 0 ? [] : w.revisions.histogram}
              rowKey={(r) => String(r.revisions)}
              initialSort={{ field: 'revisions', order: 'asc' }}
              columns={(c) => [
                c.text('revisions', f.t('columns.revisions'), (r) => revisionLabel(r.revisions), {
                  value: (r) => r.revisions,
                }),
                c.count('files', f.t('columns.files'), (r) => r.files),
              ]}
              chart={{
                series: [{ name: f.t('columns.files'), className: 'fill-primary' }],
                group: (r) => ({ label: revisionLabel(r.revisions), values: [r.files] }),
                format: 'count',
              }}
            />
            <ReportCard
              title={f.t('work.messages')}
              fileName="messages-per-project"
              rows={w.messages.byProject}
              rowKey={(r) => r.projectId}
              initialSort={{ field: 'count', order: 'desc' }}
              columns={(c) => [
                c.text('name', f.t('columns.project'), (r) => r.name, { long: true }),
                c.text('client', f.t('columns.client'), (r) => r.clientName, { long: true }),
                c.count('count', f.t('columns.messages'), (r) => r.count),
                c.count('fromClient', f.t('columns.fromClient'), (r) => r.fromClient),
              ]}
            />
          </div>
        )
      }
    </Loading>
  );
}

function StatusCard({
  rows,
  f,
  kind,
  file,
}: {
  rows: readonly { status: string; count: number }[];
  f: Format;
  kind: 'projectStatus' | 'fileStatus';
  file: string;
}) {
  const label = (r: { status: string }) => f.t(`${kind}.${r.status}`);
  return (
    <ReportCard
      title={f.t(kind === 'projectStatus' ? 'work.projects' : 'work.files')}
      fileName={file}
      rows={rows}
      rowKey={(r) => r.status}
      initialSort={{ field: 'count', order: 'desc' }}
      columns={(c) => [
        c.text('status', f.t('columns.status'), label),
        c.count('count', f.t('columns.count'), (r) => r.count),
      ]}
      chart={{
        series: [{ name: f.t('columns.count'), className: 'fill-primary' }],
        group: (r) => ({ label: label(r), values: [r.count] }),
        format: 'count',
        layout: 'rows',
      }}
    />
  );
}

function ClientsView({ params }: { params: AnalyticsParams }) {
  const f = useFormat(params.currency);
  const query = useEngagement(params);
  return (
    <Loading query={query}>
      {(e: Engagement) =>
        e.clients.length === 0 ? (
          <Empty t={f.t} kind="clients" />
        ) : (
          <ReportCard
            title={f.t('clients.title')}
            fileName="client-engagement"
            currency={params.currency}
            rows={e.clients}
            rowKey={(r) => r.clientId}
            initialSort={{ field: 'lastSeen', order: 'asc' }}
            columns={(c) => [
              c.text(
                'name',
                f.t('columns.client'),
                (r) => (r.company ? `${r.name} (${r.company})` : r.name),
                {
                  long: true,
                  value: (r) => r.name,
                  // The company under the name: the name keeps the width the figures leave.
                  cell: (r) => (
                    <span className="grid">
                      <ClampedText>{r.name}</ClampedText>
                      {r.company ? <span className="truncate text-xs text-muted">{r.company}</span> : null}
                    </span>
                  ),
                },
              ),
              c.count('signIns', f.t('columns.signIns'), (r) => r.signIns),
              c.date('lastSeen', f.t('columns.lastSeen'), (r) => r.lastSeenAt, f.t('clients.never')),
              c.count('unread', f.t('columns.unread'), (r) => r.unreadMessages),
              c.count('files', f.t('columns.filesWaiting'), (r) => r.filesWaiting),
              c.money('due', f.t('columns.invoicesDue'), (r) => r.dueCents, {
                cell: (r) => (r.invoicesDue === 0 ? '–' : `${f.money(r.dueCents)} (${f.n(r.invoicesDue)})`),
              }),
            ]}
          />
        )
      }
    </Loading>
  );
}
