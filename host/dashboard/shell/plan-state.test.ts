import { describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/locales/de.json' with { type: 'json' };
import en from '../../../shared/i18n/locales/en.json' with { type: 'json' };
import settingsDe from '../../../shared/i18n/locales/settings.de.json' with { type: 'json' };
import settingsEn from '../../../shared/i18n/locales/settings.en.json' with { type: 'json' };
import { planBadge, withExpiredPlan } from './plan-state';

describe('the paid plan’s one name', () => {
  it('is the same in the top bar and on the settings’ plan card, in English and German: Professional (spec §1)', () => {
    for (const [main, settings] of [
      [en, settingsEn],
      [de, settingsDe],
    ] as const) {
      expect(main.dashboard.premium).toBe(settings.plan.state.premium);
      expect(main.dashboard.premium).toBe('Professional');
    }
  });
});

describe('planBadge', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString();

  it('shows the trial’s days left, rounded up', () => {
    expect(planBadge({ plan: 'trial', trialEndsAt: inDays(13.5) }, now)).toEqual({ kind: 'trial', days: 14 });
    expect(planBadge({ plan: 'trial', trialEndsAt: inDays(0.01) }, now)).toEqual({ kind: 'trial', days: 1 });
  });

  it('is expired once the trial’s end has passed, even when the session still said trial', () => {
    expect(planBadge({ plan: 'trial', trialEndsAt: inDays(-0.01) }, now)).toEqual({ kind: 'expired' });
    expect(planBadge({ plan: 'trial', trialEndsAt: inDays(0) }, now)).toEqual({ kind: 'expired' });
  });

  it('believes the server’s expired over the local clock', () => {
    expect(planBadge({ plan: 'expired', trialEndsAt: inDays(2) }, now)).toEqual({ kind: 'expired' });
  });

  it('is premium while subscribed, whatever the trial says', () => {
    expect(planBadge({ plan: 'premium', trialEndsAt: inDays(-30) }, now)).toEqual({ kind: 'premium' });
  });

  it('shows nothing on a self-hosted server, however long ago the trial would have ended', () => {
    expect(planBadge({ plan: 'self_hosted', trialEndsAt: inDays(-300) }, now)).toEqual({ kind: 'none' });
  });
});

describe('withExpiredPlan', () => {
  it('marks the session user expired, keeping everything else', () => {
    const user = { plan: 'trial' as const, email: 'a@example.com' };
    expect(withExpiredPlan(user)).toEqual({ plan: 'expired', email: 'a@example.com' });
    const expired = { plan: 'expired' as const };
    expect(withExpiredPlan(expired)).toBe(expired);
  });
});
