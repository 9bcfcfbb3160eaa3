import type { PortalProject } from '../../../../../shared/contracts/portal-client';
import { formatMoney } from '../../../../../shared/format/money';
import { Card } from '../../../../../shared/ui/card';
import { useI18n } from '../../../i18n/i18n-context';
import { formatCalendarDate } from '../../format';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** A project's facts: dates, the budget only when the provider shares it, and its description. */
export function ProjectOverview({ project }: { project: PortalProject }) {
  const { t, lang } = useI18n();
  return (
    <section aria-labelledby="project-overview" className="grid content-start gap-3">
      <h2 id="project-overview" className="text-lg font-semibold">
        {t('project.overview')}
      </h2>
      <Card className="grid gap-5 p-4 sm:p-5">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Fact
            label={t('project.startDate')}
            value={project.startDate ? formatCalendarDate(project.startDate, lang) : t('project.notSet')}
          />
          <Fact
            label={t('project.endDate')}
            value={project.endDate ? formatCalendarDate(project.endDate, lang) : t('project.notSet')}
          />
          {project.budget ? (
            <Fact
              label={t('project.budget')}
              value={formatMoney(project.budget.amountCents, lang, project.budget.currency)}
            />
          ) : null}
        </dl>
        <div className="grid gap-1 border-t border-line pt-4">
          <h3 className="text-sm text-muted">{t('project.description')}</h3>
          {project.description ? (
            <p className="break-words whitespace-pre-line">{project.description}</p>
          ) : (
            <p className="text-muted">{t('project.noDescription')}</p>
          )}
        </div>
      </Card>
    </section>
  );
}
