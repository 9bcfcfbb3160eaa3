import Stripe from 'stripe';
import type { Config } from '../config';

/*
 * The one place a Stripe client is made (the provider's account with their key, the platform's with
 * STRIPE_SECRET_KEY). STRIPE_API_BASE points it elsewhere (the tests' stand-in, tests/stripe/stand-in.ts).
 */

/**
 * Requests the SDK retries itself on network errors and 409/429/5xx, with its own backoff, where a person
 * waits for the answer (connecting, the pay button, the plan). Jobs pass `retries: 0`: their retries are
 * the queue's (the delivery rule, `api/jobs/backoff.ts`).
 */
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/** Per request; a route that waits on Stripe answers within a few of these at most. */
export const STRIPE_TIMEOUT_MS = 15_000;

/**
 * A Stripe client for `secretKey`, on the SDK's own API version.
 * @example const stripe = stripeClient(deps.config, key); await stripe.accounts.retrieveCurrent()
 */
export function stripeClient(
  config: Pick<Config, 'STRIPE_API_BASE'>,
  secretKey: string,
  opts: { retries?: number } = {},
): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(secretKey, {
    apiVersion: Stripe.API_VERSION,
    maxNetworkRetries: opts.retries ?? STRIPE_MAX_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Client Portal' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** How a failed Stripe call failed, for the answer to give. */
export type StripeFailure = 'auth' | 'network' | 'invalid' | 'other';

export function stripeFailure(err: unknown): StripeFailure {
  if (err instanceof Stripe.errors.StripeAuthenticationError) return 'auth';
  if (err instanceof Stripe.errors.StripePermissionError) return 'auth';
  if (err instanceof Stripe.errors.StripeConnectionError) return 'network';
  if (err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError)
    return 'network';
  if (
    err instanceof Stripe.errors.StripeInvalidRequestError ||
    err instanceof Stripe.errors.StripeIdempotencyError
  )
    return 'invalid';
  return 'other';
}

/** Whether `err` came from Stripe (or from not reaching it), as opposed to a bug or the database. */
export const isStripeError = (err: unknown): boolean => err instanceof Stripe.errors.StripeError;

/** The events our webhook endpoint in a provider's account listens to. */
export const PROVIDER_WEBHOOK_EVENTS = [
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.voided',
  'checkout.session.completed',
  // A payment for part of a Stripe invoice (issue 28, partial payments).
  'invoice_payment.paid',
  // Automatic payment of recurring invoices (issue 28): the saved card, and an off-session charge's result.
  'payment_intent.succeeded',
] as const;
