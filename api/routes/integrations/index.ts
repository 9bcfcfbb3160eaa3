import { operations } from '../operation';
import { registerAuthorisationCallback } from './callback';
import { registerMailDomain } from './mail-domain';
import { registerStripeCheck } from './stripe-check';

/** The Integrations page's operations (issue 27): the sending domain, the Stripe check, the callback. */
export const registerIntegrationRoutes = operations(
  registerMailDomain,
  registerStripeCheck,
  registerAuthorisationCallback,
);
