import { dummyHash, verifyPassword } from '../../auth/password';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { resendOnSignIn } from './send-verification';

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  email_verified_at: Date | null;
  full_name: string | null;
  preferred_language: 'en' | 'de' | null;
}

/**
 * Checks e-mail and password. An unknown e-mail still runs argon2 against a dummy hash so the answer
 * takes as long as for a real account (no enumeration by timing).
 * @throws `invalid_credentials` (401) for a wrong pair; `email_not_verified` (403) for a right password on
 * an unverified account, after resending the link (at most once per 10 minutes)
 * @returns the user id to start a session for
 */
export async function checkCredentials(deps: AppDeps, email: string, password: string): Promise<string> {
  const [user] = await deps.sql<UserRow[]>`
    SELECT u.id, u.email, u.password_hash, u.email_verified_at, p.full_name, p.preferred_language
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE u.email = ${email}`;
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
  if (!user || !ok) throw new ApiError('invalid_credentials');
  if (!user.email_verified_at) {
    await resendOnSignIn(deps, deps.sql, {
      userId: user.id,
      email: user.email,
      fullName: user.full_name ?? user.email,
      language: user.preferred_language ?? 'en',
    });
    throw new ApiError('email_not_verified');
  }
  return user.id;
}
