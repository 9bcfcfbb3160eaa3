import { SectionRoutes } from '../../shared/ui/section-routes';
import { INTEGRATIONS_BASE } from './base';
import { CallbackPage } from './callback-page';
import { useIntegrationTexts } from './i18n';
import { IntegrationsPage } from './integrations-page';

/**
 * The Integrations section (issue 27), exposed as `integrations/Section` and mounted by the host under
 * `/dashboard/integrations/*`: the page of integration cards at the root, and the return page of an
 * integration's authorisation at `callback` (the host forwards `/integrations/callback` there).
 */
export default function IntegrationsSection() {
  const { ready } = useIntegrationTexts();
  return (
    <SectionRoutes
      ready={ready}
      base={INTEGRATIONS_BASE}
      list={<IntegrationsPage />}
      pages={{ callback: <CallbackPage /> }}
    />
  );
}
