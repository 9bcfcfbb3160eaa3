import { PageHeader } from '../../shared/ui/page-header';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { INTEGRATION_CARDS } from './cards';
import { useIntegrationTexts } from './i18n';

/** `/dashboard/integrations`: the header and one card per integration (`cards.tsx`), each loading its own state. */
export function IntegrationsPage() {
  const { t } = useIntegrationTexts();
  useDocumentTitle(t('title'));
  return (
    <div className="grid gap-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ul className="grid gap-6" aria-label={t('listLabel')}>
        {INTEGRATION_CARDS.map(({ id, Card }) => (
          <li key={id} className="min-w-0">
            <Card />
          </li>
        ))}
      </ul>
    </div>
  );
}
