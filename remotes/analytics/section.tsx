import { lazy, Suspense } from 'react';
import { periodProblem } from '../../shared/contracts/analytics-period';
import { browserTimeZone } from '../../shared/contracts/time-zone';
import { DEFAULT_CURRENCY, formatLanguage } from '../../shared/format/locale';
import { Navigate, NavLink, Route, Routes, useSearchParams } from '../../shared/router';
import { cn } from '../../shared/ui/cn';
import { DateField } from '../../shared/ui/date-field';
import { PageHeader } from '../../shared/ui/page-header';
import { DetailSkeleton, ListPageSkeleton } from '../../shared/ui/page-skeletons';
import { SelectField } from '../../shared/ui/select-field';
import type { AnalyticsParams } from './api';
import { useAnalyticsTexts } from './i18n';
import { isPreset, PRESETS, type Preset, presetRange, todayIn } from './period';

/** The views and their charts and tables are one chunk after this one (the first chunk stays small). */
const Views = lazy(() => import('./views'));

export const ANALYTICS_BASE = '/dashboard/analytics';
const VIEWS = ['overview', 'money', 'work', 'clients'] as const;
export type View = (typeof VIEWS)[number];
const CURRENCIES = ['EUR', 'USD'] as const;

/** The period and currency of the URL (`?range=&from=&to=&currency=`), with the defaults filled in. */
function usePeriod() {
  const { lang } = useAnalyticsTexts();
  const [search, setSearch] = useSearchParams();
  const range: Preset = isPreset(search.get('range')) ? (search.get('range') as Preset) : 'last12';
  const today = todayIn(browserTimeZone());
  const { from, to } = presetRange(range, today, { from: search.get('from'), to: search.get('to') });
  const currencyParam = search.get('currency');
  const currency =
    CURRENCIES.find((c) => c === currencyParam) ?? (DEFAULT_CURRENCY[formatLanguage(lang)] as 'EUR');
  const set = (changes: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return { range, params: { from, to, currency } satisfies AnalyticsParams, set, query: search.toString() };
}

/**
 * The Analytics section (issue 29), exposed as `analytics/Section` and mounted by the host under
 * `/dashboard/analytics/*`: the period and currency above four views (overview, money, work, clients) at
 * their own paths, the choice kept in the URL so a link or a reload shows the same figures.
 */
export default function AnalyticsSection() {
  const { ready } = useAnalyticsTexts();
  if (!ready) return <ListPageSkeleton />;
  return (
    <Routes>
      <Route index element={<AnalyticsPage view="overview" />} />
      <Route path="money" element={<AnalyticsPage view="money" />} />
      <Route path="work" element={<AnalyticsPage view="work" />} />
      <Route path="clients" element={<AnalyticsPage view="clients" />} />
      <Route path="*" element={<Navigate to={ANALYTICS_BASE} replace />} />
    </Routes>
  );
}

function AnalyticsPage({ view }: { view: View }) {
  const { t, lang } = useAnalyticsTexts();
  const { range, params, set, query } = usePeriod();
  const suffix = query ? `?${query}` : '';
  // A custom range the server would refuse is said at its field, and nothing is asked (no stale figures).
  const problem = periodProblem(params.from, params.to);
  return (
    <div className="grid gap-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t('period.label')}
          name="range"
          value={range}
          onChange={(event) => {
            const next = event.target.value as Preset;
            set(
              next === 'custom'
                ? { range: next, from: params.from, to: params.to }
                : { range: next, from: null, to: null },
            );
          }}
          options={PRESETS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
        />
        <SelectField
          label={t('currency')}
          name="currency"
          value={params.currency}
          onChange={(event) => set({ currency: event.target.value })}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
        {range === 'custom' ? (
          <>
            <DateField
              label={t('period.from')}
              name="from"
              lang={lang}
              value={params.from}
              onChange={(value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && set({ from: value })}
            />
            <DateField
              label={t('period.to')}
              name="to"
              lang={lang}
              value={params.to}
              error={problem ? t(problem) : undefined}
              onChange={(value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && set({ to: value })}
            />
          </>
        ) : null}
      </div>
      <nav
        aria-label={t('views.label')}
        className="-mx-1 flex gap-1 overflow-x-auto border-b border-line px-1"
      >
        {VIEWS.map((v) => (
          <NavLink
            key={v}
            end
            to={`${v === 'overview' ? ANALYTICS_BASE : `${ANALYTICS_BASE}/${v}`}${suffix}`}
            className={({ isActive }) =>
              cn(
                '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
                isActive ? 'border-primary text-ink' : 'border-transparent text-muted hover:text-ink',
              )
            }
          >
            {t(`views.${v}`)}
          </NavLink>
        ))}
      </nav>
      {problem ? null : (
        <Suspense fallback={<DetailSkeleton />}>
          <Views view={view} params={params} linkSuffix={suffix} />
        </Suspense>
      )}
    </div>
  );
}
