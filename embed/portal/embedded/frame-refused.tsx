import { ExternalLink, ShieldAlert } from 'lucide-react';
import { buttonClass } from '../../../shared/ui/button';
import { useI18n } from '../i18n/i18n-context';
import { usePageTitle } from '../ui/use-page-title';

/**
 * The frame of a page this portal does not allow (its `parent` is not one of the portal's allowed
 * website origins, or the frame URL is broken): nothing of the portal and no message to the page, only a
 * way to the standalone portal. (Browsers that honour `frame-ancestors` do not even get this far.)
 */
export function FrameRefused({ portalId }: { portalId: string | null }) {
  const { t } = useI18n();
  usePageTitle(t('frame.refusedTitle'), null);
  const href = portalId ? `/portal/${portalId}/login` : '/portal/login';
  return (
    <main
      id="main"
      className="mx-auto grid min-h-dvh max-w-md content-center justify-items-center gap-4 px-6 py-10 text-center"
    >
      <span className="grid size-12 place-items-center rounded-full bg-warning-soft text-warning">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-xl font-semibold">{t('frame.refusedTitle')}</h1>
      <p className="text-muted">{t('frame.refusedBody')}</p>
      <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'md')}>
        {t('frame.openInNewTab')}
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    </main>
  );
}
