import { API_KEY_SECRET_PREFIX } from '../../../shared/contracts/api-keys';
import { hashToken } from '../token';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters: 43 × log2(62) ≈ 256 bits. */
export const API_KEY_RANDOM_LENGTH = 43;
/** Random characters of the secret shown in lists after `cp_live_`. */
export const API_KEY_PREFIX_CHARS = 6;
const SHAPE = new RegExp(`^${API_KEY_SECRET_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`);

/** `length` uniformly random base62 characters (rejection sampling: bytes ≥ 248 are dropped, no bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/**
 * A new API key: the secret to show once (`cp_live_` + 43 base62 characters), its sha256 (the only form
 * stored) and the prefix shown in lists.
 */
export function newApiKeySecret(): { secret: string; secretHash: Buffer; prefix: string } {
  const secret = `${API_KEY_SECRET_PREFIX}${randomBase62(API_KEY_RANDOM_LENGTH)}`;
  return {
    secret,
    secretHash: hashToken(secret),
    prefix: secret.slice(0, API_KEY_SECRET_PREFIX.length + API_KEY_PREFIX_CHARS),
  };
}

/** Whether a bearer value has the shape of a key (checked before any query: a malformed one costs nothing). */
export const looksLikeApiKey = (value: string): boolean => SHAPE.test(value);
