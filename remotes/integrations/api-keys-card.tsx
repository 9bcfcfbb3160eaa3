import i18next from 'i18next';
import { KeyRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { CardSkeleton } from './card-states';
import { useIntegrationTexts } from './i18n';
import { IntegrationCard } from './integration-card';

/**
 * Settings' API keys panel (`shared/integrations/api-keys-panel.tsx`), the same component, on the page of
 * everything a developer wires up. Its texts are the settings' (`settings:apiKeys.*`): loaded through the
 * shared i18next instance with the panel's code, only when the card shows.
 */
const ApiKeysPanel = lazy(() =>
  Promise.all([import('../../shared/integrations/api-keys-panel'), i18next.loadNamespaces('settings')]).then(
    ([module]) => ({ default: module.ApiKeysPanel }),
  ),
);

export function ApiKeysIntegration() {
  const { t } = useIntegrationTexts();
  return (
    <IntegrationCard
      id="api-keys"
      icon={KeyRound}
      title={t('apiKeys.title')}
      description={t('apiKeys.description')}
    >
      <Suspense fallback={<CardSkeleton />}>
        <ApiKeysPanel />
      </Suspense>
    </IntegrationCard>
  );
}
