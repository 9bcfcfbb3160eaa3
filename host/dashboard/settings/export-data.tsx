import { Download } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/react';
import { buttonClass } from '../../../shared/ui/button';
import { EXPORT_PATH } from '../shell/plan-state';

/**
 * "Export your data": everything of the account as one JSON file (`GET /api/account/export`). A plain link
 * with `download`: the answer is an attachment, streamed by the server, so the browser saves it without
 * the page holding it in memory. Always available, also after the trial (spec §1).
 */
export function ExportData() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="max-w-md text-sm text-muted">{t('settings:export.body')}</p>
      <a href={EXPORT_PATH} download className={buttonClass('secondary', 'md')}>
        <Download aria-hidden="true" className="size-4" />
        {t('settings:export.button')}
      </a>
    </div>
  );
}
