import type { StripeCheck } from '../../../shared/contracts/integrations';
import type { ProviderScope } from '../../auth/scope';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { activeConnection, stripeApiError } from '../../payments/connection';
import { PaymentSecretsUnavailable } from '../../payments/secrets';
import { stripeClient } from '../../payments/stripe-client';

/** Checks of one provider's connection: each reads the account at Stripe. */
export const STRIPE_CHECK_LIMIT = { name: 'stripe-check:provider', limit: 10, windowMs: 60_000 };

/**
 * The Integrations page's test of the Stripe connection: reads the connected account at Stripe with the
 * stored key (through the SDK), so a revoked key or an unreachable Stripe shows now and not at the next
 * invoice.
 * @throws 409 `stripe_not_connected`, 422 `stripe_key_invalid` (Stripe refuses the stored key), 502
 * `stripe_unavailable`, 503 when the stored secrets cannot be read
 */
export async function checkStripeConnection(
  deps: Pick<AppDeps, 'config' | 'sql' | 'log' | 'now'>,
  scope: ProviderScope,
): Promise<StripeCheck> {
  let connection: Awaited<ReturnType<typeof activeConnection>>;
  try {
    connection = await activeConnection(deps, deps.sql, scope.providerId);
  } catch (err) {
    if (err instanceof PaymentSecretsUnavailable) throw new ApiError('service_unavailable', { cause: err });
    deps.log.warn({ err }, 'the stored Stripe key could not be read');
    throw new ApiError('stripe_key_invalid', { cause: err });
  }
  if (!connection) throw new ApiError('stripe_not_connected');
  try {
    const account = await stripeClient(deps.config, connection.secretKey).accounts.retrieveCurrent();
    return {
      accountId: account.id,
      accountName:
        account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? account.email ?? null,
      livemode: /^(sk|rk)_live_/.test(connection.secretKey),
      checkedAt: deps.now().toISOString(),
    };
  } catch (err) {
    throw stripeApiError(err);
  }
}
