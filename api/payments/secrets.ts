import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, decodeSecretsKey } from '../config';

/*
 * Payment secrets at rest (a provider's Stripe secret key and webhook signing secret): AES-256-GCM with the
 * key from PAYMENT_SECRETS_KEY. Each value is bound to where it belongs by the GCM associated data
 * (`stripe:<providerId>:secret_key`), so a ciphertext copied into another provider's row, or from the key
 * column into the webhook column, does not decrypt. Layout of the stored bytes:
 * version (1 byte, 1) | IV (12) | tag (16) | ciphertext.
 *
 * Without PAYMENT_SECRETS_KEY outside production, a random key is generated once and kept in
 * `<DATA_DIR>/secrets/payment-secrets.key` (mode 0600), beside the embedded database it protects; in
 * production it is required as soon as a secret is stored or read (`PaymentSecretsUnavailable`).
 */

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Production without PAYMENT_SECRETS_KEY: payment connections are unavailable (503), never unencrypted. */
export class PaymentSecretsUnavailable extends Error {
  constructor() {
    super('PAYMENT_SECRETS_KEY is not set: payment secrets cannot be stored or read in production');
  }
}

const keys = new WeakMap<object, Buffer>();

type KeyConfig = Pick<Config, 'PAYMENT_SECRETS_KEY' | 'DATA_DIR' | 'isProduction'>;

/** The 32-byte key for this configuration (read or generated once per config object). */
export function paymentSecretsKey(config: KeyConfig): Buffer {
  const cached = keys.get(config);
  if (cached) return cached;
  let key: Buffer | null;
  if (config.PAYMENT_SECRETS_KEY) key = decodeSecretsKey(config.PAYMENT_SECRETS_KEY);
  else if (config.isProduction) throw new PaymentSecretsUnavailable();
  else key = localKey(config.DATA_DIR);
  if (!key) throw new Error('PAYMENT_SECRETS_KEY is not a 32-byte key');
  keys.set(config, key);
  return key;
}

/** The development key under DATA_DIR: created with O_EXCL, so concurrent first starts agree on one. */
function localKey(dataDir: string): Buffer {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, 'payment-secrets.key');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = decodeSecretsKey(readFileSync(file, 'utf8').trim());
  if (!key) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

/** What a secret is and whose: the associated data of its encryption. */
export const secretContext = (providerId: string, name: 'secret_key' | 'webhook_secret') =>
  `stripe:${providerId}:${name}`;

/** Encrypts `plaintext` for the row and column `context` names. */
export function encryptSecret(key: Buffer, plaintext: string, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

/**
 * Decrypts what `encryptSecret` wrote for the same `context`.
 * @throws when the bytes were changed, belong to another context, or another key wrote them
 */
export function decryptSecret(key: Buffer, stored: Uint8Array, context: string): string {
  const bytes = Buffer.from(stored);
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION)
    throw new Error('not an encrypted payment secret');
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
