import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/**
 * The one token module: every secret the service hands out (provider and portal-client sessions,
 * verification, password-reset and magic links, and every later token) is made, hashed and checked here.
 * Only a token's sha256 is stored, so a database leak yields no usable token; a lookup goes by the hash
 * (links: the hash is the key) or by a public id with a constant-time compare of the secret's hash
 * (sessions: `<id>.<secret>`).
 */

/** 20 random bytes as lower-case base32 (160 bits): a session's public id and its secret part. */
export function randomId(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/** 32 random bytes as base64url (256 bits): the secret of every mailed link. */
export function randomToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

/** sha256 of a token or secret: the only form in which one is stored or looked up. */
export function hashToken(token: string): Buffer {
  return Buffer.from(sha256(new TextEncoder().encode(token)));
}

/** A new `<id>.<secret>` session token, with what to store (the id and the secret's hash). */
export function newSessionToken(): { id: string; token: string; secretHash: Buffer } {
  const id = randomId();
  const secret = randomId();
  return { id, token: `${id}.${secret}`, secretHash: hashToken(secret) };
}

/** The parts of an `<id>.<secret>` token, or null when it cannot be one (checked before any query). */
export function parseSessionToken(token: string): { id: string; secret: string } | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot === token.length - 1 || token.length > 200) return null;
  return { id: token.slice(0, dot), secret: token.slice(dot + 1) };
}

/** Whether `secret` hashes to the stored hash, compared in constant time. */
export function secretMatches(storedHash: Uint8Array, secret: string): boolean {
  return constantTimeEqual(new Uint8Array(storedHash), new Uint8Array(hashToken(secret)));
}
