import type { ComponentType } from 'react';
import { ApiKeysIntegration } from './api-keys-card';
import { GoogleCalendarIntegration } from './google-calendar-card';
import { MailDomainIntegration } from './mail-domain-card';
import { StripeIntegration } from './stripe-card';
import { WebhooksIntegration } from './webhooks-card';

/** One integration of the page: a stable id and the card that shows its state and its test action. */
export interface IntegrationCardRecord {
  readonly id: string;
  readonly Card: ComponentType;
}

/**
 * Every integration the page shows, in order, one record each: a new integration (API keys, webhooks, a
 * calendar) is its card component plus one line here.
 */
export const INTEGRATION_CARDS: readonly IntegrationCardRecord[] = [
  { id: 'stripe', Card: StripeIntegration },
  { id: 'google-calendar', Card: GoogleCalendarIntegration },
  { id: 'mail-domain', Card: MailDomainIntegration },
  { id: 'api-keys', Card: ApiKeysIntegration },
  { id: 'webhooks', Card: WebhooksIntegration },
];
