import { CloudOff, RefreshCw } from 'lucide-react';
import { createContext, useContext, useState } from 'react';
import type { RemoteName } from '../../shared/contracts/platform';
import { useTranslation } from '../../shared/i18n/react';
import { Button } from '../../shared/ui/button';
import { useDocumentTitle } from '../../shared/ui/use-document-title';

/** Which section a "section unavailable" screen stands in for, and how it asks its outlet to retry. */
export type SectionOutletContext = { name: RemoteName; retry: () => void };

export const SectionRetryContext = createContext<SectionOutletContext | null>(null);

/**
 * Shown in place of a dashboard section whose remote could not be loaded (down, too slow) or crashed: the
 * section's title, what happened, and a retry that loads the remote again. The shell around it keeps working.
 */
export function SectionUnavailable() {
  const { t } = useTranslation();
  const outlet = useContext(SectionRetryContext);
  const [retrying, setRetrying] = useState(false);
  const title = outlet ? t(`nav.${outlet.name}`) : '';
  useDocumentTitle(title);
  return (
    <div className="grid gap-6">
      {title ? <h1 className="text-2xl font-semibold tracking-tight">{title}</h1> : null}
      <div
        role="alert"
        className="grid justify-items-center gap-4 rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center"
      >
        <span className="grid size-12 place-items-center rounded-full bg-canvas text-subtle shadow-xs ring-1 ring-line">
          <CloudOff aria-hidden="true" className="size-6" />
        </span>
        <div className="grid max-w-sm gap-1">
          <p className="font-medium">{t('dashboard.sectionUnavailable')}</p>
          <p className="text-sm text-muted">{t('dashboard.sectionUnavailableBody')}</p>
        </div>
        {outlet ? (
          <Button
            variant="secondary"
            loading={retrying}
            onClick={() => {
              setRetrying(true);
              outlet.retry();
            }}
          >
            {retrying ? null : <RefreshCw aria-hidden="true" className="size-4" />}
            {t('dashboard.retry')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
