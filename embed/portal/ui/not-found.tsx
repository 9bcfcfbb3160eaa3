import { buttonClass } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { useEmbed, useFrameContent } from '../embedded/embed-state';
import { useI18n } from '../i18n/i18n-context';
import { Link } from '../navigation/link';
import { usePageTitle } from './use-page-title';

/**
 * An unknown portal ("Portal not found") or an unknown page of a known portal ("Page not found", with a
 * way back to its dashboard).
 */
export function NotFound({ kind, home }: { kind: 'portal' | 'page'; home?: string }) {
  const { t } = useI18n();
  const title = t(kind === 'portal' ? 'notFound.portalTitle' : 'notFound.pageTitle');
  usePageTitle(title, null);
  useFrameContent();
  const inline = useEmbed()?.mode === 'inline';
  return (
    <main
      id="main"
      className={cn(
        'mx-auto grid max-w-md content-center gap-5 px-6 text-center',
        inline ? 'py-10' : 'min-h-dvh py-16',
      )}
    >
      <p className="font-mono text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="text-muted">{t(kind === 'portal' ? 'notFound.portalBody' : 'notFound.pageBody')}</p>
      {home ? (
        <div>
          <Link to={home} className={buttonClass('primary', 'md')}>
            {t('notFound.toDashboard')}
          </Link>
        </div>
      ) : null}
    </main>
  );
}
