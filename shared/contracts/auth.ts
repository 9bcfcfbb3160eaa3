import { z } from 'zod';
import { Email, Language, text, Uuid } from './common';

/** Spec §5: at least 6 characters. The upper bound keeps argon2 input sane. */
export const Password = text({ error: 'validation.passwordRequired' })
  .min(6, { error: 'validation.passwordTooShort' })
  .max(256, { error: 'validation.passwordTooLong' })
  .meta({ example: 'correct horse battery' });

export const SignUpInput = z
  .object({
    fullName: text()
      .trim()
      .max(120, { error: 'validation.nameTooLong' })
      .optional()
      .meta({ description: 'Defaults to the e-mail when empty (spec §3).', example: 'Ada Lovelace' }),
    email: Email,
    password: Password,
    confirmPassword: text({ error: 'validation.passwordRequired' }).max(256, {
      error: 'validation.passwordTooLong',
    }),
    language: Language.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: 'validation.passwordsDoNotMatch',
    path: ['confirmPassword'],
  })
  .meta({ id: 'SignUpInput' });
export type SignUpInput = z.input<typeof SignUpInput>;

export const SignInInput = z
  .object({
    email: Email,
    password: text({ error: 'validation.passwordRequired' })
      .min(1, { error: 'validation.passwordRequired' })
      .max(256),
  })
  .meta({ id: 'SignInInput' });
export type SignInInput = z.input<typeof SignInInput>;

/** A token from a mailed link (verification or password reset): 43 base64url characters today. */
const LinkToken = text().min(10).max(200);

/** A password typed to prove it is known (not a new one: no minimum beyond "not empty"). */
const CurrentPassword = text({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .max(256, { error: 'validation.passwordTooLong' });

/**
 * Finishing sign-up from the mailed link (issue 17, pre-account takeover): the link alone never signs in.
 * Either `currentPassword` (the one chosen at sign-up) or a `newPassword` with `confirmPassword`, which
 * replaces whatever password the account had (someone else may have signed up with this address).
 */
export const VerifyEmailInput = z
  .object({
    token: LinkToken.meta({ description: 'Token from the verification e-mail.' }),
    currentPassword: CurrentPassword.optional().meta({
      description: 'The password chosen at sign-up. Give this OR `newPassword`.',
    }),
    newPassword: Password.optional().meta({
      description:
        'A new password that replaces the sign-up one and ends every other session of the account.',
    }),
    confirmPassword: text().max(256).optional().meta({ description: 'Repeats `newPassword`.' }),
  })
  .superRefine((v, ctx) => {
    if (v.currentPassword === undefined && v.newPassword === undefined) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'validation.passwordRequired' });
    } else if (v.currentPassword !== undefined && v.newPassword !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.passwordChoiceAmbiguous' });
    } else if (v.newPassword !== undefined && v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordsDoNotMatch' });
    }
  })
  .meta({ id: 'VerifyEmailInput' });
export type VerifyEmailInput = z.input<typeof VerifyEmailInput>;

export const VerificationStatusInput = z
  .object({ token: LinkToken.meta({ description: 'Token from the verification e-mail.' }) })
  .meta({ id: 'VerificationStatusInput' });

export const VerificationStatus = z
  .object({
    state: z.enum(['pending', 'verified']).meta({
      description:
        '`pending`: the link can finish the sign-up. `verified`: the address is verified already (the link was used, replaced or is no longer needed); sign in instead.',
    }),
    email: text().meta({ description: 'The address the link was sent to.' }),
  })
  .meta({ id: 'VerificationStatus', example: { state: 'pending', email: 'ada@example.com' } });
export type VerificationStatus = z.infer<typeof VerificationStatus>;

export const ForgotPasswordInput = z.object({ email: Email }).meta({ id: 'ForgotPasswordInput' });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .object({
    token: LinkToken.meta({ description: 'Token from the password-reset e-mail.' }),
    newPassword: Password,
    confirmPassword: text({ error: 'validation.passwordRequired' }).max(256),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'validation.passwordsDoNotMatch',
    path: ['confirmPassword'],
  })
  .meta({ id: 'ResetPasswordInput' });
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

export const ResetPasswordResponse = z
  .object({
    ok: z.literal(true),
    email: text().meta({ description: 'The account’s address, to fill in the sign-in form.' }),
  })
  .meta({ id: 'ResetPasswordResponse', example: { ok: true, email: 'ada@example.com' } });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

export const ResendVerificationInput = z.object({ email: Email }).meta({ id: 'ResendVerificationInput' });

export const User = z
  .object({
    id: Uuid(),
    email: text(),
    fullName: text(),
    emailVerified: z.boolean(),
    preferredLanguage: Language,
    trialEndsAt: z.iso.datetime().meta({ description: '14-day trial end (spec §1).' }),
    plan: z.enum(['trial', 'premium', 'expired', 'self_hosted']).meta({
      description:
        'trial: inside the 14 days; premium: an active subscription; expired: read-only until subscribed; self_hosted: this server has no platform billing, nothing is ever gated (as `GET /api/plan`).',
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({
    id: 'User',
    example: {
      id: '2b1f0c3e-7d4a-4f7e-9d7e-0a1b2c3d4e5f',
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
      emailVerified: true,
      preferredLanguage: 'en',
      trialEndsAt: '2026-12-05T10:00:00.000Z',
      plan: 'trial',
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  });
export type User = z.infer<typeof User>;

export const Session = z
  .object({
    id: text().meta({ description: 'Public session id (the part before the dot of the token).' }),
    expiresAt: z.iso.datetime().max(40).meta({
      description: 'When the session expires (ISO 8601, UTC).',
      example: '2027-01-01T00:00:00.000Z',
    }),
    createdAt: z.iso.datetime().max(40).meta({ example: '2026-12-02T00:00:00.000Z' }),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

export const SessionResponse = z
  .object({ user: User.nullable(), session: Session.nullable() })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const SignUpResponse = z
  .object({ email: text(), verificationSent: z.literal(true) })
  .meta({ id: 'SignUpResponse', example: { email: 'ada@example.com', verificationSent: true } });
