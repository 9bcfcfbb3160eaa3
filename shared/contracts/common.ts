import { z } from 'zod';

// In a browser zod must not probe `new Function` for its fast path: the pages' Content-Security-Policy has
// no 'unsafe-eval', and the probe would be reported as a violation (the server keeps the fast path).
if (typeof window !== 'undefined') z.config({ jitless: true });

const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * Every text of a contract (`z.string` refusing NUL, U+0000): no form sends it, PostgreSQL cannot store it,
 * so a body, query or path value with one fails validation (422 `validation.invalidCharacters`) instead
 * of reaching the database.
 * @example const Name = text({ error: 'validation.nameRequired' }).trim().min(1)
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNul, { error: 'validation.invalidCharacters' });

/**
 * Messages in contracts are i18n keys (see `shared/i18n/locales/*.json`), so the same schema yields a
 * translated message in the browser and in the API's validation errors.
 */
export const Email = text({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(254, { error: 'validation.emailTooLong' })
  .pipe(z.email({ error: 'validation.emailInvalid' }))
  .transform((email) => email.toLowerCase())
  .meta({ description: 'E-mail address (case-insensitive).', example: 'ada@example.com' });

export const Language = z.enum(['en', 'de']).meta({ description: 'Interface language.', example: 'en' });
export type Language = z.infer<typeof Language>;

/** The rejections of a widget handoff token, each its own error code (`HandoffErrorCode`). */
export const HANDOFF_ERROR_CODES = [
  'handoff_invalid',
  'handoff_not_configured',
  'handoff_bad_signature',
  'handoff_wrong_audience',
  'handoff_expired',
  'handoff_replayed',
  'handoff_unknown_client',
] as const;

export const ErrorCode = z.enum([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'unsupported_media_type',
  'payload_too_large',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  // domain codes (translated as `errors.<code>`)
  'invalid_credentials',
  'email_taken',
  'email_not_verified',
  'invalid_token',
  'email_already_verified',
  'session_not_found',
  'csrf_rejected',
  'wrong_password',
  'profile_not_found',
  'client_email_taken',
  'domain_taken',
  'unsupported_image_type',
  // portal sign-in (spec §8 "Access Denied" with and without a portal; the magic-link fallback)
  // a project with messages keeps its client (the new client would read the old one's conversation)
  'project_client_locked',
  'portal_account_not_found',
  'account_not_found',
  'magic_link_failed',
  // invitations over their hourly or daily limit (per provider, per recipient)
  'invitation_limit',
  // files (issue 20): a type not allowed by its bytes, an empty file, a decision the caller may not take
  // now, a decision or pin on a version that is no longer the latest, a preview a file does not have
  'file_type_not_allowed',
  'file_empty',
  'file_decision_not_allowed',
  'file_version_outdated',
  'file_preview_unavailable',
  // invoices and payments (issue 21): a change to an invoice that is no longer a draft, a status change
  // outside INVOICE_TRANSITIONS, a total over Stripe's ceiling, paying an invoice that is not open, Stripe
  // not connected / a key Stripe refuses / Stripe not answering, a webhook whose signature does not verify,
  // a write after the trial ended without a plan, plan billing not configured on this server
  'invoice_not_editable',
  'invoice_transition_not_allowed',
  'invoice_total_too_large',
  'invoice_not_payable',
  'stripe_not_connected',
  'stripe_key_invalid',
  'stripe_unavailable',
  'stripe_webhook_invalid',
  'plan_required',
  'billing_unavailable',
  // widget identity handoff (`HandoffErrorCode` in shared/contracts/widget.ts)
  ...HANDOFF_ERROR_CODES,
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldError = z
  .object({
    path: z.string().meta({ example: 'password' }),
    key: z.string().meta({ description: 'i18n key of the message', example: 'validation.passwordTooShort' }),
    message: z.string().meta({ example: 'Password should be at least 6 characters' }),
  })
  .meta({ id: 'FieldError' });

export const ErrorBody = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string().meta({ description: 'Human-readable, in the request language.' }),
      requestId: z.string().meta({ example: 'req_01HZX3Q4' }),
      fields: z.array(FieldError).optional(),
    }),
  })
  .meta({
    id: 'Error',
    example: {
      error: { code: 'not_found', message: 'Not found', requestId: 'req_3f1c9a2b' },
    },
  });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Ok = z.object({ ok: z.literal(true) }).meta({ id: 'Ok', example: { ok: true } });
