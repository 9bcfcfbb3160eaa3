import type { RateLimitRule } from '../../http/rate-limit';

/**
 * The portal sign-in limits, counted in the shared `rate_limits` table (`http/rate-limit.ts`) like the
 * provider's: per e-mail address (against guessing one client's password or flooding their inbox) and per
 * IP address (against sweeping many addresses from one place).
 */
export const PORTAL_RATE_LIMITS = {
  signInEmail: { name: 'portal-sign-in:email', limit: 10, windowMs: 15 * 60_000 },
  signInIp: { name: 'portal-sign-in:ip', limit: 50, windowMs: 15 * 60_000 },
  magicLinkEmail: { name: 'portal-magic-link:email', limit: 5, windowMs: 15 * 60_000 },
  magicLinkIp: { name: 'portal-magic-link:ip', limit: 30, windowMs: 15 * 60_000 },
  /** `client_has_password` is asked while the e-mail is typed, so it allows more. */
  passwordStatusIp: { name: 'portal-password-status:ip', limit: 120, windowMs: 15 * 60_000 },
  consumeIp: { name: 'portal-magic-link-consume:ip', limit: 30, windowMs: 15 * 60_000 },
  /** Re-checks of a signed-in client's current password (password change). */
  passwordCheckClient: { name: 'portal-password-check:client', limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;
