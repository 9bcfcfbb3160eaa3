import { MessageSquare } from 'lucide-react';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { usePageTitle } from '../../ui/use-page-title';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { PageHeader } from '../ui/page-header';

/**
 * The client's conversations with the provider. The platform has no messages yet, so this page says what
 * will appear here rather than listing anything.
 */
export default function MessagesPage() {
  const { t } = useI18n();
  const { branding } = useSignedIn();
  usePageTitle(t('nav.messages'), branding?.name);
  return (
    <>
      <PageHeader title={t('messages.title')} description={t('messages.subtitle')} />
      <Card>
        <EmptyState icon={MessageSquare} title={t('messages.empty')} body={t('messages.emptyBody')} />
      </Card>
    </>
  );
}
