import type { LucideIcon } from 'lucide-react';
import { FolderKanban, PanelsTopLeft, Users } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { Card } from '../../../shared/ui/card';
import { isAvailable, SECTION_GROUPS, sectionHref } from '../sections';

/** `page`: where in the section the step starts (e.g. the portal editor), else the section's root. */
type Step = { id: 'portal' | 'client' | 'project'; section: string; icon: LucideIcon; page?: string };

/** Spec: an empty workspace gets the first steps (create a portal, add a client, start a project). */
const STEPS: Step[] = [
  { id: 'portal', section: 'portals', icon: PanelsTopLeft, page: 'new' },
  { id: 'client', section: 'clients', icon: Users },
  { id: 'project', section: 'projects', icon: FolderKanban },
];

const sections = SECTION_GROUPS.flatMap((group) => group.sections);

/**
 * The first-steps checklist of an empty workspace. A step links to its section only once that section
 * exists (no links to pages that are not there yet); until then it says what the step will be.
 */
export function FirstSteps() {
  const { t } = useTranslation();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('overview.firstSteps.title')}</h2>
      <p className="mt-1 text-sm text-muted">{t('overview.firstSteps.subtitle')}</p>
      <ol className="mt-5 grid gap-3">
        {STEPS.map((step, index) => {
          const section = sections.find((s) => s.id === step.section);
          const available = section && isAvailable(section);
          const Icon = step.icon;
          return (
            <li key={step.id} className="flex gap-4 rounded-xl border border-line p-4">
              <span
                aria-hidden="true"
                className="grid size-6 shrink-0 place-items-center rounded-full border border-line text-xs font-semibold text-muted"
              >
                {index + 1}
              </span>
              <div className="grid min-w-0 flex-1 gap-1">
                <h3 className="flex items-center gap-2 font-medium">
                  <span className="sr-only">{t('overview.firstSteps.step', { number: index + 1 })}</span>
                  <Icon aria-hidden="true" className="size-4 text-primary" />
                  {section && available ? (
                    <Link
                      to={step.page ? `${sectionHref(section)}/${step.page}` : sectionHref(section)}
                      className="text-primary-strong underline-offset-4 hover:underline"
                    >
                      {t(`overview.firstSteps.${step.id}.title`)}
                    </Link>
                  ) : (
                    t(`overview.firstSteps.${step.id}.title`)
                  )}
                </h3>
                <p className="text-sm text-muted">{t(`overview.firstSteps.${step.id}.body`)}</p>
                {available ? null : (
                  <p className="text-xs font-medium text-subtle">{t('overview.firstSteps.comingSoon')}</p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
