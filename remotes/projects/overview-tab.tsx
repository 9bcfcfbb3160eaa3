import { EyeOff, Lock } from 'lucide-react';
import { formatDate, formatRelativeTime } from '../../shared/format/date';
import { Link } from '../../shared/router';
import { DetailItem, TitledCard } from '../../shared/ui/card';
import { StatusBadge } from '../../shared/ui/status-badge';
import type { Project } from './api';
import { formatBudget, formatDay } from './format';
import { useProjectTexts } from './i18n';
import { PROJECT_STATUS } from './status';

/** The project page's Overview tab: details, client, budget, dates, description and internal notes. */
export function OverviewTab({ project }: { project: Project }) {
  const { t, lang } = useProjectTexts();
  const budget = formatBudget(project, lang);
  const day = (value: string | null) =>
    value ? formatDay(value, lang) : <span className="text-subtle">{t('detail.notSet')}</span>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TitledCard title={t('detail.details')}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <DetailItem label={t('detail.client')}>
            <Link to={`/dashboard/clients/${project.client.id}`} className="text-primary hover:underline">
              {project.client.name}
            </Link>
          </DetailItem>
          <DetailItem label={t('detail.status')}>
            <StatusBadge status={project.status} map={PROJECT_STATUS} t={t} />
          </DetailItem>
          <DetailItem label={t('detail.startDate')}>{day(project.startDate)}</DetailItem>
          <DetailItem label={t('detail.endDate')}>{day(project.endDate)}</DetailItem>
          <DetailItem label={t('detail.budget')}>
            {budget ? (
              <span className="grid gap-0.5">
                <span className="font-medium tabular-nums">{budget}</span>
                <span className="inline-flex items-center gap-1 text-xs text-subtle">
                  {project.budgetVisibleToClient ? null : <EyeOff aria-hidden="true" className="size-3" />}
                  {t(project.budgetVisibleToClient ? 'detail.budgetShared' : 'detail.budgetHidden')}
                </span>
              </span>
            ) : (
              <span className="text-subtle">{t('detail.noBudget')}</span>
            )}
          </DetailItem>
          <DetailItem label={t('detail.updated')}>
            <time dateTime={project.updatedAt} title={formatDate(project.updatedAt, lang)}>
              {formatRelativeTime(project.updatedAt, lang)}
            </time>
          </DetailItem>
          <DetailItem label={t('detail.created')}>
            <time dateTime={project.createdAt}>{formatDate(project.createdAt, lang)}</time>
          </DetailItem>
        </dl>
      </TitledCard>
      <div className="grid content-start gap-4">
        <TitledCard title={t('detail.description')} className="gap-3">
          {project.description ? (
            <p className="text-sm break-words whitespace-pre-line">{project.description}</p>
          ) : (
            <p className="text-sm text-muted">{t('detail.noDescription')}</p>
          )}
        </TitledCard>
        <section className="grid content-start gap-3 rounded-2xl border border-dashed border-warning/40 bg-warning-soft/40 p-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold">{t('detail.internalNotes')}</h2>
            <span className="inline-flex items-center gap-1 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning ring-1 ring-warning/25 ring-inset">
              <Lock aria-hidden="true" className="size-3" />
              {t('detail.internalBadge')}
            </span>
          </div>
          {project.internalNotes ? (
            <p className="text-sm break-words whitespace-pre-line">{project.internalNotes}</p>
          ) : (
            <p className="text-sm text-muted">{t('detail.noInternalNotes')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
