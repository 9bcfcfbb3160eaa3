import { Download, Sparkles } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { buttonClass } from '../../../shared/ui/button';
import { EXPORT_PATH, SUBSCRIBE_PATH } from './plan-state';

/**
 * Spec §1, after the trial (its own chunk: only an expired account loads it) without a subscription: over the dashboard's content, what happened (read-only),
 * the way out (subscribe, in the settings' plan card) and the export of the data.
 */
export default function PlanBanner() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="plan-banner-title"
      className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-warning/40 bg-warning-soft p-4"
    >
      <div className="grid min-w-0 flex-1 basis-64 gap-1">
        <h2 id="plan-banner-title" className="font-semibold text-ink">
          {t('dashboard.planExpiredTitle')}
        </h2>
        <p className="text-sm text-muted">{t('dashboard.planExpiredBody')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={SUBSCRIBE_PATH} className={buttonClass('primary', 'md')}>
          <Sparkles aria-hidden="true" className="size-4" />
          {t('dashboard.subscribe')}
        </Link>
        {/* A plain link: the answer is an attachment, so the browser downloads it and the page stays. */}
        <a href={EXPORT_PATH} download className={buttonClass('secondary', 'md')}>
          <Download aria-hidden="true" className="size-4" />
          {t('dashboard.exportData')}
        </a>
      </div>
    </section>
  );
}
