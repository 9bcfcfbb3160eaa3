import type { SessionResponse } from '../../shared/contracts/auth';
import type { ValidatedSession } from './session';

/**
 * The wire shape of the signed-in state. `expiresAt` is ISO 8601 like every time of the API; the
 * dashboard compares it against "now + 5 minutes" (spec §4) to decide whether to refresh.
 */
export function toSessionResponse(
  result: Pick<ValidatedSession, 'session' | 'user'> | null,
): SessionResponse {
  if (!result) return { user: null, session: null };
  const { session, user } = result;
  return {
    user: {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      emailVerified: user.emailVerified,
      preferredLanguage: user.preferredLanguage,
      trialEndsAt: user.trialEndsAt.toISOString(),
      plan: user.plan,
      createdAt: user.createdAt.toISOString(),
    },
    session: {
      id: session.id,
      expiresAt: session.expiresAt.toISOString(),
      createdAt: session.createdAt.toISOString(),
    },
  };
}

/** Example for the OpenAPI document. */
export const SESSION_EXAMPLE: SessionResponse = {
  user: {
    id: '2b1f0c3e-7d4a-4f7e-9d7e-0a1b2c3d4e5f',
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
    emailVerified: true,
    preferredLanguage: 'en',
    trialEndsAt: '2026-12-05T10:00:00.000Z',
    plan: 'trial',
    createdAt: '2026-11-21T10:00:00.000Z',
  },
  session: {
    id: 'k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6',
    expiresAt: '2027-01-01T00:00:00.000Z',
    createdAt: '2026-12-02T00:00:00.000Z',
  },
};
