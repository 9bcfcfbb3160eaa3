import { useTranslation } from '../../shared/i18n/react';
import { Link } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { PublicLayout } from '../layout/public-layout';

/** Any path without a route (spec §2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <PublicLayout>
      <div className="mx-auto grid max-w-md gap-4 py-16 text-center">
        <p className="font-mono text-sm font-semibold text-primary">404</p>
        <h1 className="text-3xl font-semibold">{t('notFound.title')}</h1>
        <p className="text-muted">{t('notFound.body')}</p>
        <div>
          <Link to="/" className={buttonClass('primary', 'md')}>
            {t('notFound.home')}
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
