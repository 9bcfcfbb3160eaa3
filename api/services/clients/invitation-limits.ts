import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { type AddressLimits, type Refusal, waitText } from '../../http/rate-limit';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * How many invitations go out (`POST /api/clients/{id}/invite`), in the tiers of `enforceAddressLimits`
 * with the provider as the source: per provider (a fresh trial account cannot mail strangers in bulk), per
 * recipient from one provider (a client is not flooded by their provider), and per recipient from every
 * provider together, looser (nobody's inbox is flooded by many accounts, and one account cannot use up
 * another provider's invitations to the same person). Hour and day windows each. A product limit:
 * `RATE_LIMIT_DISABLED` (load tests) leaves it on.
 */
export const INVITATION_LIMITS = {
  perSource: [
    { name: 'invite:provider-hour', limit: 20, windowMs: HOUR },
    { name: 'invite:provider-day', limit: 100, windowMs: DAY },
  ],
  perAddressAndSource: [
    { name: 'invite:client-hour', limit: 3, windowMs: HOUR },
    { name: 'invite:client-day', limit: 10, windowMs: DAY },
  ],
  perAddress: [
    { name: 'invite:address-hour', limit: 10, windowMs: HOUR },
    { name: 'invite:address-day', limit: 30, windowMs: DAY },
  ],
} as const satisfies AddressLimits;

const SCOPE: Record<Refusal['tier'], string> = {
  perSource: 'provider',
  perAddressAndSource: 'client',
  perAddress: 'address',
};

/**
 * The 429 of an invitation over a limit: `invitation_limit` with the limit, its window and the wait in
 * words of `lang` ("You can send at most 20 invitations per hour. Please try again in 12 minutes."), and
 * `Retry-After`. The message's variant is chosen by i18next's context (`errors.invitation_limit_<scope>_<window>`).
 */
export function invitationLimitError(lang: Lang) {
  return ({ tier, rule, retryAfter }: Refusal): ApiError => {
    const window = rule.windowMs >= DAY ? 'day' : 'hour';
    const context = tier === 'perAddress' ? 'address' : `${SCOPE[tier]}_${window}`;
    return new ApiError('invitation_limit', {
      headers: { 'Retry-After': String(retryAfter) },
      vars: { context, limit: rule.limit, wait: waitText(lang, retryAfter) },
    });
  };
}
