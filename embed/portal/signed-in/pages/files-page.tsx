import { FileText } from 'lucide-react';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { usePageTitle } from '../../ui/use-page-title';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { PageHeader } from '../ui/page-header';

/**
 * Files shared with the client. The platform has no file sharing yet, so this page says what will appear
 * here rather than listing anything.
 */
export default function FilesPage() {
  const { t } = useI18n();
  const { branding } = useSignedIn();
  usePageTitle(t('nav.files'), branding?.name);
  return (
    <>
      <PageHeader title={t('files.title')} description={t('files.subtitle')} />
      <Card>
        <EmptyState icon={FileText} title={t('files.empty')} body={t('files.emptyBody')} />
      </Card>
    </>
  );
}
