import { hashPassword } from '../../auth/password';
import { issueVerificationToken } from '../../auth/verification';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { deliverVerificationMail } from './send-verification';

/** Validated sign-up input (the contract's output: e-mail trimmed and lower-cased). */
export interface SignUpData {
  email: string;
  password: string;
  fullName?: string | undefined;
  language?: Lang | undefined;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/**
 * Creates an unverified provider with their profile and first verification token in one transaction,
 * then mails the link. The name defaults to the e-mail when empty (spec §3).
 * @throws ApiError `email_taken` (409) when the address is registered, including a concurrent sign-up
 */
export async function signUp(
  deps: AppDeps,
  input: SignUpData,
  requestLang: Lang,
): Promise<{ userId: string }> {
  const fullName = input.fullName?.trim() || input.email;
  const language = input.language ?? requestLang;
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  let created: { userId: string; token: string };
  try {
    created = await deps.sql.begin(async (tx) => {
      const [user] = await tx<{ id: string }[]>`
        INSERT INTO users (email, password_hash, trial_ends_at, created_at, updated_at)
        VALUES (${input.email}, ${passwordHash}, ${new Date(now.getTime() + 14 * 86_400_000)}, ${now}, ${now})
        ON CONFLICT (email) DO NOTHING
        RETURNING id`;
      if (!user) throw new ApiError('email_taken');
      await tx`
        INSERT INTO profiles (user_id, full_name, preferred_language, created_at, updated_at)
        VALUES (${user.id}, ${fullName}, ${language}, ${now}, ${now})`;
      const token = await issueVerificationToken(tx, user.id, now);
      return { userId: user.id, token };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('email_taken', { cause: err });
    throw err;
  }
  await deliverVerificationMail(
    deps,
    { userId: created.userId, email: input.email, fullName, language },
    created.token,
  );
  return { userId: created.userId };
}
