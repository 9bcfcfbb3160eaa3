import { Button } from '../../../../shared/ui/button';
import { useI18n } from '../../i18n/i18n-context';

const ROW_IDS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Placeholder rows while a list loads (same height as the rows, so nothing jumps). */
export function LoadingRows({ rows = 3 }: { rows?: number }) {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">{t('common.loading')}</span>
      {ROW_IDS.slice(0, rows).map((id) => (
        <div key={id} aria-hidden="true" className="h-16 animate-pulse rounded-xl bg-line/60" />
      ))}
    </div>
  );
}

/** A failed load, with the server's message and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-line bg-canvas p-5">
      <p className="font-medium">{t('common.loadFailed')}</p>
      <p className="text-sm text-muted">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
