// Icons shared with the sidebar registry, so the overview adds none of its own to the first load.
import { BarChart3, FolderKanban, Receipt, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { describeFailure } from '../../../shared/api/describe';
import { getJson } from '../../../shared/api/get-json';
import type { Overview } from '../../../shared/contracts/overview';
import { formatMoney } from '../../../shared/format/money';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useAuth } from '../../auth/auth-provider';
import { useCachedQuery } from '../../lib/use-cached-query';
import { dashboardKeys } from '../dashboard-keys';
import { FirstSteps } from './first-steps';

/** /dashboard: the totals of spec §3 in the provider's currency and language, or the first-steps guide. */
export default function OverviewPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  useDocumentTitle(t('nav.overview'));
  const overview = useCachedQuery(dashboardKeys.overview, () => getJson('/api/overview'));
  const name = auth.status === 'signedIn' ? auth.user.fullName || auth.user.email : '';

  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t('overview.title')}</h1>
        <p className="text-muted">{t('dashboard.welcome', { name })}</p>
      </div>
      {overview.error ? (
        <div
          role="alert"
          className="grid justify-items-start gap-3 rounded-2xl border border-danger/30 bg-danger-soft p-6"
        >
          <p className="font-medium text-danger">{t('overview.loadFailed')}</p>
          <p className="text-sm text-muted">{describeFailure(t, overview.error)}</p>
          <Button variant="secondary" onClick={overview.refetch} loading={overview.isFetching}>
            {t('dashboard.retry')}
          </Button>
        </div>
      ) : (
        <StatCards data={overview.data} />
      )}
      {overview.data?.isEmpty ? <FirstSteps /> : null}
    </div>
  );
}

function StatCards({ data }: { data: Overview | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const number = (value: number) => new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US').format(value);
  return (
    <section
      aria-label={t('overview.totals')}
      aria-busy={!data}
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
    >
      <StatCard
        icon={<Users className="size-4" />}
        label={t('overview.totalClients')}
        value={data && number(data.totalClients)}
      />
      <StatCard
        icon={<FolderKanban className="size-4" />}
        label={t('overview.activeProjects')}
        value={data && number(data.activeProjects)}
      />
      <StatCard
        icon={<Receipt className="size-4" />}
        label={t('overview.pendingInvoices')}
        value={data && number(data.pendingInvoices)}
      />
      <StatCard
        icon={<BarChart3 className="size-4" />}
        label={t('overview.totalRevenue')}
        value={data && formatMoney(data.totalRevenue.amountCents, lang, data.totalRevenue.currency)}
      >
        {data && data.otherRevenue.length > 0 ? (
          <ul aria-label={t('overview.otherCurrencies')} className="mt-2 grid gap-0.5 text-sm text-muted">
            {data.otherRevenue.map((money) => (
              <li key={money.currency}>+ {formatMoney(money.amountCents, lang, money.currency)}</li>
            ))}
          </ul>
        ) : null}
      </StatCard>
    </section>
  );
}

function StatCard({
  icon,
  label,
  value,
  children,
}: {
  icon: ReactNode;
  label: string;
  value: string | undefined;
  children?: ReactNode;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2 text-sm font-medium text-muted">
        <h2>{label}</h2>
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-lg bg-primary-soft text-primary-strong"
        >
          {icon}
        </span>
      </div>
      {value === undefined ? (
        <div aria-hidden="true" className="mt-3 h-8 w-24 animate-pulse rounded-md bg-line" />
      ) : (
        <p className="mt-3 text-2xl font-semibold tabular-nums tracking-tight">{value}</p>
      )}
      {children}
    </Card>
  );
}
