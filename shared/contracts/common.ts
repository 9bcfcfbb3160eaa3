import { z } from 'zod';

// In a browser zod must not probe `new Function` for its fast path: the pages' Content-Security-Policy has
// no 'unsafe-eval', and the probe would be reported as a violation (the server keeps the fast path).
if (typeof window !== 'undefined') z.config({ jitless: true });

/**
 * NUL (U+0000), which PostgreSQL cannot store, or a lone UTF-16 surrogate (half of a pair, e.g. the JSON
 * escape `"\ud800"` alone), which no UTF-8 text can hold: the database would refuse it or store a
 * replacement character instead of what was sent.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * Every text of a contract (`z.string` refusing NUL and ill-formed UTF-16): no form sends them, the
 * database cannot store them, so a body, query or path value with one fails validation (422
 * `validation.invalidCharacters`) instead of reaching the database.
 * @example const Name = text({ error: 'validation.nameRequired' }).trim().min(1)
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(wellFormed, { error: 'validation.invalidCharacters' });

/**
 * The id of an object: any 8-4-4-4-12 hexadecimal string, which is what the document's `format: uuid`
 * says and PostgreSQL's `uuid` type accepts (not only the RFC 9562 versions and variants: an id that is
 * well-formed but names nothing answers 404, not 422). Ids the service makes are random v4 UUIDs.
 * @example const Params = z.object({ projectId: Uuid({ error: 'validation.invalid' }) })
 */
export const Uuid = (params?: Parameters<typeof z.guid>[0]) => z.guid(params).max(36);

/** The years a calendar date may have: what people plan and bill in, and what every database stores. */
export const DATE_YEARS = { min: 1900, max: 9999 } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `YYYY-MM-DD` names a day that exists (no 2026-02-30, no month 13). */
function isExistingDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const date = new Date(Date.UTC(2000, month - 1, day));
  // The year is set apart: Date.UTC maps 0–99 to 1900–1999.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar day `YYYY-MM-DD` (a date that must not move with a time zone: due, start, end, paid dates):
 * a day that exists, in the years 1900 to 9999. Every date field of a contract is this one.
 * @example dueDate: DateOnly.nullable()
 */
export const DateOnly = text({ error: 'validation.dateInvalid' })
  .max(10, { error: 'validation.dateInvalid', abort: true })
  .regex(DAY, { error: 'validation.dateInvalid', abort: true })
  .refine(isExistingDay, { error: 'validation.dateInvalid', abort: true })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
    },
    { error: 'validation.dateOutOfRange' },
  )
  .meta({
    format: 'date',
    description: `Calendar date \`YYYY-MM-DD\`: a day that exists, in the years ${DATE_YEARS.min} to ${DATE_YEARS.max}.`,
    example: '2026-12-31',
  });

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
  // More scoped operations at once than the database pool serves (api/http/overload.ts).
  'overloaded',
  // The file store cannot be reached (S3 down, timing out): 503 with `Retry-After` (api/storage/store.ts).
  'storage_unavailable',
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
  // a send refused by the pre-send check (issue 28): `fields` names every field § 14 (4) UStG still needs
  'invoice_incomplete',
  'einvoice_incomplete',
  'invoice_not_payable',
  // automatic payment asked for a schedule that does not offer it, or has ended or is paused (issue 28)
  'autopay_not_offered',
  // a payment over the invoice's balance due (issue 28, partial payments)
  'payment_exceeds_balance',
  // taking back a payment that was not recorded by hand, or on a cancelled invoice (issue 28)
  'payment_not_removable',
  // Quotes (issue 28).
  'quote_not_editable',
  'quote_transition_not_allowed',
  'quote_already_decided',
  'quote_expired',
  'quote_changed',
  'quote_not_invoiceable',
  // Bookings (issue 30): a slot another booking took meanwhile; a start that is not one of the type's slots
  // (outside availability, notice, horizon or cap); a change after the type's change notice; a cancelled one
  'slot_taken',
  'slot_unavailable',
  'booking_change_too_late',
  'booking_cancelled',
  'stripe_not_connected',
  'stripe_key_invalid',
  'stripe_unavailable',
  'stripe_webhook_invalid',
  'plan_required',
  'billing_unavailable',
  // integrations (issue 27): the e-mail sending domain without Resend on this server, one already added,
  // using one not verified, Resend failing; an authorisation's state unknown (or another provider's),
  // expired, or used already
  'mail_domain_unavailable',
  'mail_domain_exists',
  'mail_domain_not_verified',
  'mail_provider_unavailable',
  'authorisation_state_invalid',
  'authorisation_state_expired',
  'authorisation_state_used',
  // Google Calendar (issue 30): not configured on this server, not connected, the grant refused, Google failing
  'google_calendar_not_configured',
  'google_calendar_not_connected',
  'google_calendar_broken',
  'google_calendar_unavailable',
  // outgoing webhooks (issue 27): a provider's endpoints are limited in number
  'webhook_endpoint_limit',
  // booking types (issue 30): a second override of one day for the same types; a type with bookings ahead
  'booking_override_exists',
  'booking_type_has_bookings',
  // widget identity handoff (`HandoffErrorCode` in shared/contracts/widget.ts)
  ...HANDOFF_ERROR_CODES,
  // API keys and idempotency (issue 27)
  'api_key_invalid',
  'insufficient_scope',
  'api_key_limit',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
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
