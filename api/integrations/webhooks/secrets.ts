import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { decryptSecret, encryptSecret, paymentSecretsKey } from '../../payments/secrets';

/*
 * Endpoint signing secrets: `whsec_` + base64 of 32 random bytes (the Standard Webhooks format, which
 * `standardwebhooks` and Svix-style verifiers take as is). Stored only encrypted, as the Stripe secrets are
 * (AES-256-GCM under PAYMENT_SECRETS_KEY, `payments/secrets.ts`), bound by the associated data to the
 * provider, the endpoint and the slot, so a ciphertext copied to another row or slot does not decrypt.
 */

const SECRET_BYTES = 32;

export type SecretSlot = 'current' | 'previous';

type KeyConfig = Pick<Config, 'PAYMENT_SECRETS_KEY' | 'DATA_DIR' | 'isProduction'>;

/** A new signing secret (shown to the provider once). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

const context = (providerId: string, endpointId: string, slot: SecretSlot) =>
  `webhook:${providerId}:${endpointId}:${slot}`;

/** The stored form of an endpoint's secret. */
export function sealSecret(
  config: KeyConfig,
  ids: { providerId: string; endpointId: string },
  slot: SecretSlot,
  secret: string,
): Buffer {
  return encryptSecret(paymentSecretsKey(config), secret, context(ids.providerId, ids.endpointId, slot));
}

/** The secret `sealSecret` stored for the same endpoint and slot. */
export function openSecret(
  config: KeyConfig,
  ids: { providerId: string; endpointId: string },
  slot: SecretSlot,
  stored: Uint8Array,
): string {
  return decryptSecret(paymentSecretsKey(config), stored, context(ids.providerId, ids.endpointId, slot));
}
