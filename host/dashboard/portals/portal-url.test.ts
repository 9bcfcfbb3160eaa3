import { describe, expect, it } from 'vitest';
import { platformAddress, portalAddress } from './portal-url';

const id = '3f1c2a9e-0b5d-4e8f-9a7b-1c2d3e4f5a6b';
const base = { portalUrl: `https://app.example.com/portal/${id}`, customDomain: null };
const domain = (status: 'pending' | 'verified' | 'failed' | 'taken') => ({
  domain: 'portal.example-agency.com',
  status,
  records: [],
  checkedAt: null,
  error: null,
  expiresAt: null,
  revokedAt: null,
});

describe('portal address', () => {
  it('is the standalone login page while there is no verified domain', () => {
    expect(portalAddress(base)).toBe(`https://app.example.com/portal/${id}/login`);
    expect(portalAddress({ ...base, customDomain: domain('pending') })).toBe(
      `https://app.example.com/portal/${id}/login`,
    );
    expect(portalAddress({ ...base, customDomain: domain('failed') })).toBe(
      `https://app.example.com/portal/${id}/login`,
    );
    expect(portalAddress({ ...base, customDomain: domain('taken') })).toBe(
      `https://app.example.com/portal/${id}/login`,
    );
  });

  it('is the root of the verified custom domain, with the platform scheme and port', () => {
    expect(portalAddress({ ...base, customDomain: domain('verified') })).toBe(
      'https://portal.example-agency.com/',
    );
    expect(
      portalAddress({ portalUrl: `http://localhost:4502/portal/${id}`, customDomain: domain('verified') }),
    ).toBe('http://portal.example-agency.com:4502/');
  });

  it('keeps the platform address available beside a custom domain', () => {
    expect(platformAddress(base)).toBe(`https://app.example.com/portal/${id}/login`);
  });
});
