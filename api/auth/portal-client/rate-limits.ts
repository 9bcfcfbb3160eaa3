import type { AddressLimits, RateLimitRule } from '../../http/rate-limit';

const MINUTES_15 = 15 * 60_000;
const HOUR = 60 * 60_000;

/**
 * The portal sign-in limits, counted in the shared `rate_limits` table (`http/rate-limit.ts`) like the
 * provider's. The answers of sign-in, the magic-link request and the password check tell a known address
 * from an unknown one (the spec words them), so each is limited per address as well as per source, in the
 * three tiers of `enforceAddressLimits`: per source (against sweeping many addresses from one place), per
 * address from one source (tight: against guessing one client's password or flooding their inbox, without
 * letting a stranger elsewhere use up the client's own budget) and per address from everywhere (a looser
 * ceiling against attempts spread over many sources).
 */
export const PORTAL_ADDRESS_LIMITS = {
  signIn: {
    perSource: [{ name: 'portal-sign-in:ip', limit: 50, windowMs: MINUTES_15 }],
    perAddressAndSource: [{ name: 'portal-sign-in:email-source', limit: 10, windowMs: MINUTES_15 }],
    perAddress: [{ name: 'portal-sign-in:email', limit: 100, windowMs: HOUR }],
  },
  magicLink: {
    perSource: [{ name: 'portal-magic-link:ip', limit: 30, windowMs: MINUTES_15 }],
    perAddressAndSource: [{ name: 'portal-magic-link:email-source', limit: 5, windowMs: MINUTES_15 }],
    perAddress: [{ name: 'portal-magic-link:email', limit: 30, windowMs: HOUR }],
  },
  /** `client_has_password` is asked while the e-mail is typed, so it allows more. */
  passwordStatus: {
    perSource: [{ name: 'portal-password-status:ip', limit: 120, windowMs: MINUTES_15 }],
    perAddressAndSource: [{ name: 'portal-password-status:email-source', limit: 30, windowMs: MINUTES_15 }],
    perAddress: [{ name: 'portal-password-status:email', limit: 300, windowMs: HOUR }],
  },
} as const satisfies Record<string, AddressLimits>;

/** The portal's other limits, on one key each. */
export const PORTAL_RATE_LIMITS = {
  consumeIp: { name: 'portal-magic-link-consume:ip', limit: 30, windowMs: MINUTES_15 },
  /** Re-checks of a signed-in client's current password (password change). */
  passwordCheckClient: { name: 'portal-password-check:client', limit: 10, windowMs: MINUTES_15 },
} satisfies Record<string, RateLimitRule>;
