import { describe, expect, it } from 'vitest';
import { returnPathOf } from './require-auth';

describe('where sign-in returns to', () => {
  it('is the guarded page asked for, with its query and fragment', () => {
    expect(returnPathOf('/dashboard/clients?status=active#top')).toBe('/dashboard/clients?status=active#top');
    expect(returnPathOf('/integrations/callback?state=abc&code=xyz')).toBe(
      '/integrations/callback?state=abc&code=xyz',
    );
    expect(returnPathOf('/dashboard')).toBe('/dashboard');
  });

  it('is the dashboard for anything else: another site, a public page, a look-alike path, no state', () => {
    for (const from of [
      '//evil.example/dashboard',
      'https://evil.example/dashboard',
      '/dashboardx',
      '/integrations/callbackx?state=1',
      '/privacy',
      '/\\evil.example',
      undefined,
      42,
    ]) {
      expect(returnPathOf(from), String(from)).toBe('/dashboard');
    }
  });
});
