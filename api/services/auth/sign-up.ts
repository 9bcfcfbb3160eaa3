import { hashPassword } from '../../auth/password';
import { issueVerificationToken } from '../../auth/verification';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { queueVerificationMail } from './send-verification';

/** Validated sign-up input (the contract's output: e-mail trimmed and lower-cased). */
export interface SignUpData {
  email: string;
  password: string;
  fullName?: string | undefined;
  language?: Lang | undefined;
}

const TRIAL_MS = 14 * 86_400_000;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/**
 * Creates an unverified provider with their profile and first verification token in one transaction,
 * and the mail with its link queued, in one transaction. The name defaults to the e-mail when empty (spec §3).
 *
 * An address that is registered but still UNVERIFIED is taken over by the new sign-up: its password, name
 * and language are replaced, its older links stop working and a new one is mailed; the answer is that of a
 * fresh sign-up. Whoever signed up first never proved they own the address, so their credentials are not
 * worth keeping (issue 17, pre-account takeover) — and the owner, who gets the mail, decides at the link
 * which password stays.
 * @throws ApiError `email_taken` (409) when the address belongs to a verified account
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
  const account = { email: input.email, passwordHash, fullName, language, now };
  try {
    const userId = await deps.sql.begin(async (tx) => {
      const id = (await insertAccount(tx, account)) ?? (await replacePendingAccount(tx, account));
      const token = await issueVerificationToken(tx, id, now);
      await queueVerificationMail(deps, tx, { userId: id, email: input.email, fullName, language }, token);
      return id;
    });
    return { userId };
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('email_taken', { cause: err });
    throw err;
  }
}

interface PendingAccount {
  email: string;
  passwordHash: string;
  fullName: string;
  language: Lang;
  now: Date;
}

/** A new user with their profile; undefined when the address is registered already. */
async function insertAccount(tx: Tx, a: PendingAccount): Promise<string | undefined> {
  const [user] = await tx<{ id: string }[]>`
    INSERT INTO users (email, password_hash, trial_ends_at, created_at, updated_at)
    VALUES (${a.email}, ${a.passwordHash}, ${new Date(a.now.getTime() + TRIAL_MS)}, ${a.now}, ${a.now})
    ON CONFLICT (email) DO NOTHING
    RETURNING id`;
  if (!user) return undefined;
  await tx`
    INSERT INTO profiles (user_id, full_name, preferred_language, created_at, updated_at)
    VALUES (${user.id}, ${a.fullName}, ${a.language}, ${a.now}, ${a.now})`;
  return user.id;
}

/**
 * Replaces the credentials of a registered, unverified account (row-locked, so concurrent sign-ups of the
 * same address apply one after the other). Its trial starts again: it never began for anyone.
 * @throws ApiError `email_taken` when the account is verified
 */
async function replacePendingAccount(tx: Tx, a: PendingAccount): Promise<string> {
  const [user] = await tx<{ id: string; email_verified_at: Date | null }[]>`
    SELECT id, email_verified_at FROM users WHERE email = ${a.email} FOR UPDATE`;
  if (!user || user.email_verified_at) throw new ApiError('email_taken');
  await tx`
    UPDATE users SET password_hash = ${a.passwordHash}, trial_ends_at = ${new Date(a.now.getTime() + TRIAL_MS)},
                     updated_at = ${a.now}
    WHERE id = ${user.id}`;
  await tx`
    INSERT INTO profiles (user_id, full_name, preferred_language, created_at, updated_at)
    VALUES (${user.id}, ${a.fullName}, ${a.language}, ${a.now}, ${a.now})
    ON CONFLICT (user_id) DO UPDATE SET
      full_name = EXCLUDED.full_name, preferred_language = EXCLUDED.preferred_language,
      updated_at = EXCLUDED.updated_at`;
  // An unverified account cannot sign in, so it should have no sessions; end any all the same.
  await tx`DELETE FROM user_sessions WHERE user_id = ${user.id}`;
  return user.id;
}
