import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import type { ErrorCode } from '../../shared/contracts/common';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import type { AppEnv } from './context';
import { translate } from './i18n';

/** One HTTP status per error code: the whole error vocabulary of the API. */
export const STATUS: Record<
  ErrorCode,
  400 | 401 | 403 | 404 | 409 | 413 | 415 | 402 | 422 | 429 | 500 | 502 | 503
> = {
  bad_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unsupported_media_type: 415,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  // Above the concurrency limit in front of the database pool (`http/overload.ts`); with `Retry-After`.
  overloaded: 429,
  // The file store cannot be reached after the driver's bounded retries (`storageUnavailable`).
  storage_unavailable: 503,
  invalid_credentials: 401,
  email_taken: 409,
  email_not_verified: 403,
  invalid_token: 400,
  // A spent or replaced verification link of an address that is verified: nothing left to do but sign in.
  email_already_verified: 409,
  session_not_found: 404,
  csrf_rejected: 403,
  // A wrong current password on a signed-in form (not 401: the session itself is fine).
  wrong_password: 422,
  profile_not_found: 404,
  // Another client of the same portal has this e-mail (unique per portal).
  client_email_taken: 409,
  // Another portal already claimed this custom domain.
  domain_taken: 409,
  // A logo that is not PNG, JPEG, WebP or GIF by its bytes (SVG included).
  unsupported_image_type: 415,
  // Portal sign-in: no client with this e-mail in the portal / in any portal (spec §8 "Access Denied").
  project_client_locked: 409,
  portal_account_not_found: 404,
  account_not_found: 404,
  // The sign-in e-mail could not be sent (spec §8's generic fallback; the link is never revealed).
  magic_link_failed: 503,
  // Too many invitations per provider or recipient in an hour or a day (the message names the limit).
  invitation_limit: 429,
  // Files: not an allowed type by its bytes (SVG, HTML, executables, archives…); zero bytes; a decision
  // that is not the caller's to take now (`decisionsFor`); a decision or pin on an older version; a
  // preview or annotated copy of a file kind that has none.
  file_type_not_allowed: 415,
  file_empty: 422,
  file_decision_not_allowed: 409,
  file_version_outdated: 409,
  file_preview_unavailable: 404,
  // Invoices and payments (issue 21).
  invoice_not_editable: 409,
  invoice_transition_not_allowed: 409,
  invoice_total_too_large: 422,
  invoice_incomplete: 422,
  // An XRechnung needs a detail the invoice settings lack (the seller's phone, BR-DE-6); the fields name it.
  einvoice_incomplete: 422,
  invoice_not_payable: 409,
  autopay_not_offered: 409,
  // A payment over the balance still due (issue 28, partial payments).
  payment_exceeds_balance: 422,
  // Only a payment recorded by hand, on an invoice not cancelled, can be taken back (issue 28).
  payment_not_removable: 409,
  // Quotes (issue 28): a sent quote is immutable; a decision is taken once, while it is valid, on the content
  // the client saw; each part of an accepted quote is invoiced once.
  booking_override_exists: 409,
  booking_type_has_bookings: 409,
  quote_not_editable: 409,
  quote_transition_not_allowed: 409,
  quote_already_decided: 409,
  quote_expired: 409,
  quote_changed: 409,
  quote_not_invoiceable: 409,
  // Bookings (issue 30): the exclusion constraint's last word (with the next free slots), a start that is
  // not a slot, a change after the change notice, a change of a cancelled booking.
  slot_taken: 409,
  slot_unavailable: 422,
  booking_change_too_late: 422,
  booking_cancelled: 409,
  stripe_not_connected: 409,
  stripe_key_invalid: 422,
  stripe_unavailable: 502,
  stripe_webhook_invalid: 400,
  plan_required: 402,
  billing_unavailable: 503,
  // Integrations (issue 27).
  mail_domain_unavailable: 409,
  mail_domain_exists: 409,
  mail_domain_not_verified: 409,
  mail_provider_unavailable: 502,
  authorisation_state_invalid: 404,
  authorisation_state_expired: 409,
  authorisation_state_used: 409,
  // Google Calendar (issue 30): no OAuth client on this server; no connection; Google refused the stored
  // grant (connect again); Google could not be reached or failed.
  google_calendar_not_configured: 409,
  google_calendar_not_connected: 409,
  google_calendar_broken: 409,
  google_calendar_unavailable: 502,
  // Outgoing webhooks (issue 27): the provider already has the most endpoints allowed.
  webhook_endpoint_limit: 422,
  // Widget identity handoff: a malformed token; a token that does not prove who sent it or for which
  // portal, or is no longer valid; handoff off for the portal; no such client in the portal.
  handoff_invalid: 400,
  handoff_bad_signature: 401,
  handoff_wrong_audience: 401,
  handoff_expired: 401,
  handoff_replayed: 401,
  handoff_not_configured: 403,
  handoff_unknown_client: 404,
  // API keys (issue 27): a malformed, unknown, revoked or expired key (one code, no hint which); a key
  // without the scope the operation needs; the most keys a provider may have.
  api_key_invalid: 401,
  insufficient_scope: 403,
  api_key_limit: 409,
  // `Idempotency-Key`: reused with another request; the first request with it is still running.
  idempotency_key_reused: 422,
  idempotency_key_in_progress: 409,
};

export interface FieldIssue {
  path: string;
  key: string;
}

/**
 * The one error class: handlers and services throw it, `onError` renders it.
 * @example throw new ApiError('not_found')
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    options: {
      fields?: FieldIssue[];
      headers?: Record<string, string>;
      vars?: Record<string, unknown>;
      /** Members of the body beside `error` (409 `slot_taken`'s `nextSlots`), documented by the operation. */
      extra?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.fields = options.fields;
    this.headers = options.headers;
    this.vars = options.vars;
    this.extra = options.extra;
  }
  readonly fields: FieldIssue[] | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly vars: Record<string, unknown> | undefined;
  readonly extra: Record<string, unknown> | undefined;
}

/** zod issues → field errors; contract messages are i18n keys (`validation.*`). */
export function fieldIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    key: issue.message.startsWith('validation.') ? issue.message : 'validation.invalid',
  }));
}

/** Renders an ApiError in the request's language. */
export function errorResponse(c: Context<AppEnv>, err: ApiError) {
  const lang = c.get('lang') ?? 'en';
  const body = {
    error: {
      code: err.code,
      message: translate(lang, `errors.${err.code}`, err.vars),
      requestId: c.get('requestId') ?? '',
      ...(err.fields
        ? { fields: err.fields.map((f) => ({ path: f.path, key: f.key, message: translate(lang, f.key) })) }
        : {}),
    },
    ...err.extra,
  };
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  const status = STATUS[err.code];
  // RFC 9110 §15.5.2: every 401 names a scheme. The API's credentials are bearer ones (an API key, a
  // portal token); the dashboard's cookie needs no challenge, and a Bearer one opens no browser dialog.
  if (status === 401 && !err.headers?.['WWW-Authenticate'])
    c.header('WWW-Authenticate', 'Bearer realm="api"');
  return c.json(body, status);
}

/** 503 `service_unavailable` with `Retry-After`, for a request the database's absence failed. */
export function databaseUnavailable(cause?: unknown): ApiError {
  return new ApiError('service_unavailable', {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The app's single `onError`: known errors keep their code; anything else is a logged, generic 500. */
export function onError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode =
      status === 404
        ? 'not_found'
        : status === 413
          ? 'payload_too_large'
          : status === 401
            ? 'unauthorized'
            : status === 415
              ? 'unsupported_media_type'
              : status < 500
                ? 'bad_request'
                : 'internal_error';
    return errorResponse(c, new ApiError(code));
  }
  // PostgreSQL refuses NUL in text (22021) and in JSON (22P05): the request's fault, never a 500.
  const pgCode = (err as { code?: unknown }).code;
  if (pgCode === '22021' || pgCode === '22P05') return errorResponse(c, new ApiError('bad_request'));
  // The database restarting or out of reach (`db/unavailable.ts`): expected, recovered by itself, so a
  // warning and 503 with `Retry-After`, not a 500.
  if (isDatabaseUnavailable(err)) {
    c.get('log')?.warn({ err: messageOf(err), code: pgCode }, 'database unavailable: answered 503');
    return errorResponse(c, databaseUnavailable(err));
  }
  c.get('log')?.error({ err }, 'unhandled error');
  return errorResponse(c, new ApiError('internal_error'));
}
