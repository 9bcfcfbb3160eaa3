import { Card } from '../../shared/ui/card';
import { WebhooksPanel } from './webhooks/webhooks-panel';

/**
 * Outgoing webhooks on the Integrations page: the panel brings its own heading, list, dialogs, delivery
 * log and test event (`webhooks/`), framed as a card like the others.
 */
export function WebhooksIntegration() {
  return (
    <Card data-integration="webhooks" className="grid min-w-0 gap-5 p-5 sm:p-6">
      <WebhooksPanel />
    </Card>
  );
}
