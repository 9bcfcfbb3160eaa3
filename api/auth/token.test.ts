import { describe, expect, it } from 'vitest';
import { hashToken, newSessionToken, parseSessionToken, randomToken, secretMatches } from './token';

describe('the token module', () => {
  it('makes session tokens whose secret only matches its own hash', () => {
    const { id, token, secretHash } = newSessionToken();
    const parts = parseSessionToken(token);
    expect(parts?.id).toBe(id);
    expect(secretMatches(secretHash, parts?.secret ?? '')).toBe(true);
    expect(secretMatches(secretHash, newSessionToken().token.split('.')[1] ?? '')).toBe(false);
    expect(token).toMatch(/^[a-z2-7]{32}\.[a-z2-7]{32}$/);
  });

  it('refuses what cannot be a session token before any lookup', () => {
    for (const bad of ['', 'nodot', '.secret', 'id.', `${'a'.repeat(150)}.${'b'.repeat(60)}`]) {
      expect(parseSessionToken(bad), bad).toBeNull();
    }
  });

  it('makes 256-bit link tokens, stored only as their sha256', () => {
    const token = randomToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(token);
    expect(hashToken(token)).toHaveLength(32);
    expect(hashToken(token).equals(hashToken(token))).toBe(true);
  });
});
