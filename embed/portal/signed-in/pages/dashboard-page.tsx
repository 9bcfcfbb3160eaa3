import { ArrowRight, FolderKanban, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PortalDashboard } from '../../../../shared/contracts/portal-client';
import { formatMoney } from '../../../../shared/format/money';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { formatCalendarDate } from '../format';
import { localToday, shownStatus } from '../invoices/invoice-list';
import { useDashboard } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { UnreadMessages } from '../ui/unread-messages';
import { ProjectDates } from './project-dates';

/** A dashboard section: a heading with a link to the full page, and its rows or its empty state. */
function Section({
  title,
  to,
  linkLabel,
  children,
}: {
  title: string;
  to: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="grid content-start gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        <Link
          to={to}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          {linkLabel}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <Card className="divide-y divide-line overflow-hidden">{children}</Card>
    </section>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string | undefined }) {
  return (
    <Card className="grid content-start gap-1 p-4 sm:p-5">
      <p className="text-sm text-muted">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {detail ? <p className="text-sm text-muted tabular-nums">{detail}</p> : null}
    </Card>
  );
}

function Overview({ data }: { data: PortalDashboard }) {
  const { t, lang } = useI18n();
  const { pathTo, projectPathTo, invoicePathTo } = useSignedIn();
  const today = localToday();
  const totals = data.unpaidTotals
    .map((total) => formatMoney(total.amountCents, lang, total.currency))
    .join(' · ');
  return (
    <div className="grid gap-8">
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Stat label={t('dashboard.activeProjects')} value={String(data.activeProjectCount)} />
        <Stat
          label={t('dashboard.unpaidInvoices')}
          value={String(data.unpaidInvoiceCount)}
          detail={totals ? t('dashboard.openAmount', { amount: totals }) : undefined}
        />
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <Section
          title={t('dashboard.activeProjects')}
          to={pathTo('projects')}
          linkLabel={t('dashboard.allProjects')}
        >
          {data.activeProjects.length === 0 ? (
            <EmptyState
              icon={FolderKanban}
              title={t('dashboard.noProjects')}
              body={t('dashboard.noProjectsBody')}
            />
          ) : (
            data.activeProjects.map((project) => (
              <Link
                key={project.id}
                to={projectPathTo(project.id)}
                className="flex items-center justify-between gap-3 p-4 hover:bg-surface"
              >
                <span className="grid min-w-0 gap-0.5">
                  <span className="truncate font-medium">{project.name}</span>
                  <ProjectDates project={project} />
                  {project.budget ? (
                    <span className="text-sm text-muted tabular-nums">
                      {t('projects.budget', {
                        amount: formatMoney(project.budget.amountCents, lang, project.budget.currency),
                      })}
                    </span>
                  ) : null}
                </span>
                <span className="grid shrink-0 justify-items-end gap-1">
                  <StatusBadge kind="project" status={project.status} />
                  <UnreadMessages count={project.unreadMessages} />
                </span>
              </Link>
            ))
          )}
        </Section>
        <Section
          title={t('dashboard.unpaidInvoices')}
          to={pathTo('invoices')}
          linkLabel={t('dashboard.allInvoices')}
        >
          {data.unpaidInvoices.length === 0 ? (
            <EmptyState icon={Receipt} title={t('dashboard.noUnpaid')} body={t('dashboard.noUnpaidBody')} />
          ) : (
            data.unpaidInvoices.map((invoice) => (
              <Link
                key={invoice.id}
                to={invoicePathTo(invoice.id)}
                className="flex items-center justify-between gap-3 p-4 hover:bg-surface"
              >
                <span className="grid min-w-0 gap-0.5">
                  <span className="truncate font-medium">{invoice.number}</span>
                  <span className="text-sm text-muted">
                    {invoice.dueDate
                      ? t('invoices.dueOn', { date: formatCalendarDate(invoice.dueDate, lang) })
                      : t('invoices.noDueDate')}
                  </span>
                </span>
                <span className="grid justify-items-end gap-1">
                  <span className="font-medium tabular-nums">
                    {formatMoney(invoice.amountCents, lang, invoice.currency)}
                  </span>
                  <StatusBadge kind="invoice" status={shownStatus(invoice, today)} />
                </span>
              </Link>
            ))
          )}
        </Section>
      </div>
    </div>
  );
}

/** The client's dashboard: active projects and unpaid invoices at a glance (spec §2). */
export default function DashboardPage() {
  const { t } = useI18n();
  const { portalId, session, branding } = useSignedIn();
  const dashboard = useDashboard(portalId);
  usePageTitle(t('nav.dashboard'), branding?.name);
  useFirstContentMark(dashboard.data !== undefined);
  return (
    <>
      <PageHeader
        title={t('dashboard.greeting', { name: session.client.name })}
        description={t('dashboard.subtitle')}
      />
      {dashboard.data ? (
        <Overview data={dashboard.data} />
      ) : dashboard.error ? (
        <LoadFailed message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
      ) : (
        <LoadingRows rows={4} />
      )}
    </>
  );
}
