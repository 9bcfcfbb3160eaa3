import type { PortalProject } from '../../../../shared/contracts/portal-client';
import { useI18n } from '../../i18n/i18n-context';
import { formatCalendarDate } from '../format';

/** A project's dates as "start – end", "Starts …", "Ends …" or "No dates yet". */
export function ProjectDates({ project }: { project: Pick<PortalProject, 'startDate' | 'endDate'> }) {
  const { t, lang } = useI18n();
  const start = project.startDate ? formatCalendarDate(project.startDate, lang) : null;
  const end = project.endDate ? formatCalendarDate(project.endDate, lang) : null;
  const text =
    start && end
      ? t('projects.dates', { start, end })
      : start
        ? t('projects.startsOn', { date: start })
        : end
          ? t('projects.endsOn', { date: end })
          : t('projects.noDates');
  return <span className="text-sm text-muted">{text}</span>;
}
