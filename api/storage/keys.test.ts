import { describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  isStorageKey,
  logoVersion,
  portalLogoKey,
  providerPrefix,
  StorageKeyError,
} from './keys';

const provider = '0b8f3a52-3a4e-4d0f-9f5e-1c2d3e4f5a6b';
const portal = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('storage keys', () => {
  it('puts a portal’s logo under its provider’s prefix, with a fresh version each time', () => {
    const key = portalLogoKey(provider, portal);
    expect(key).toMatch(new RegExp(`^providers/${provider}/portals/${portal}/logo-[\\w-]{16}\\.webp$`));
    expect(key.startsWith(providerPrefix(provider))).toBe(true);
    expect(isStorageKey(key)).toBe(true);
    expect(portalLogoKey(provider, portal)).not.toBe(key);
  });

  it('refuses ids that are not UUIDs, so no request text can shape a key', () => {
    expect(() => providerPrefix('../../etc')).toThrow(StorageKeyError);
    expect(() => portalLogoKey(provider, `${portal}/../x`)).toThrow(StorageKeyError);
  });

  it('reads the version of current and pre-0010 logo keys alike', () => {
    expect(logoVersion(`providers/${provider}/portals/${portal}/logo-AbCdEfGhIjKlMn_-.webp`)).toBe(
      'AbCdEfGhIjKlMn_-',
    );
    expect(logoVersion(`logos/${portal}-AbCdEfGhIjKlMnOp.webp`)).toBe('AbCdEfGhIjKlMnOp');
  });

  it('names the content type by extension, octet-stream when unknown', () => {
    expect(contentTypeOf('a/logo-x.webp')).toBe('image/webp');
    expect(contentTypeOf('a/brief.pdf')).toBe('application/pdf');
    expect(contentTypeOf('a/archive.tar.unknown')).toBe('application/octet-stream');
    expect(contentTypeOf('a/no-extension')).toBe('application/octet-stream');
  });
});
