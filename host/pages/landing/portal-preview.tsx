import { Check, CreditCard, FileText } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/react';

/**
 * An illustration of a branded client portal, drawn with HTML (no image to download, so no layout shift).
 * Decorative: the text beside it says the same, so it is hidden from screen readers.
 */
export function PortalPreview() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-primary/15 via-transparent to-secondary/20 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border border-line bg-canvas shadow-2xl shadow-slate-900/10">
        <div className="flex items-center gap-2 border-b border-line bg-surface px-4 py-3">
          <span className="size-2.5 rounded-full bg-red-300" />
          <span className="size-2.5 rounded-full bg-amber-300" />
          <span className="size-2.5 rounded-full bg-emerald-300" />
          <span className="ml-3 truncate text-xs font-medium text-subtle">{t('landing:mock.portal')}</span>
        </div>
        <div className="grid gap-3 p-5">
          <div className="flex items-center justify-between rounded-xl border border-line p-4">
            <div>
              <p className="text-sm font-semibold">{t('landing:mock.project')}</p>
              <div className="mt-2 h-1.5 w-40 overflow-hidden rounded-full bg-surface">
                <div className="h-full w-2/3 rounded-full bg-primary" />
              </div>
            </div>
            <span className="rounded-full bg-primary-soft px-2.5 py-1 text-xs font-medium text-primary-strong">
              {t('landing:mock.status')}
            </span>
          </div>
          <div className="flex items-center justify-between gap-3 rounded-xl border border-line p-4">
            <span className="flex min-w-0 items-center gap-3">
              <FileText className="size-5 shrink-0 text-secondary" />
              <span className="truncate text-sm">{t('landing:mock.fileName')}</span>
            </span>
            <span className="inline-flex items-center gap-1 rounded-lg bg-success-soft px-2.5 py-1 text-xs font-medium text-success">
              <Check className="size-3.5" />
              {t('landing:mock.approve')}
            </span>
          </div>
          <div className="rounded-xl bg-surface p-4 text-sm text-muted">“{t('landing:mock.message')}”</div>
          <div className="flex items-center justify-between rounded-xl border border-line p-4">
            <span className="text-sm font-medium">{t('landing:mock.invoice')}</span>
            <span className="inline-flex items-center gap-1.5 rounded-lg bg-primary px-3 py-1.5 text-xs font-medium text-on-primary">
              <CreditCard className="size-3.5" />
              {t('landing:mock.pay')}
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
