import type { TFunction } from 'i18next';
import type { ErrorBody } from '../../shared/contracts/common';

type FieldError = NonNullable<ErrorBody['error']['fields']>[number];

/**
 * A failed API call with the uniform error body (`{ error: { code, message, requestId, fields? } }`).
 * `status` 0 means the request never reached the server.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
    readonly retryAfterSeconds?: number,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** Builds an ApiFailure from an openapi-fetch result's `error` and `response`. */
export function toApiFailure(error: unknown, response: Response | undefined): ApiFailure {
  const body = (error && typeof error === 'object' && 'error' in error
    ? (error as ErrorBody).error
    : undefined) ?? {
    code: response && response.status >= 500 ? 'internal_error' : 'bad_request',
    message: '',
    requestId: '',
  };
  const retryAfter = Number(response?.headers.get('Retry-After'));
  return new ApiFailure(
    response?.status ?? 0,
    body.code,
    body.message,
    body.fields ?? [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : undefined,
    body.requestId,
  );
}

/** A network error (fetch rejected) as an ApiFailure. */
export function networkFailure(cause: unknown): ApiFailure {
  return new ApiFailure(0, 'network', cause instanceof Error ? cause.message : 'Network error');
}

/**
 * The translated message of a failure: `errors.<code>`, with the Retry-After seconds for `rate_limited`;
 * for a code the app has no text of its own for, the server's message (already in the request's language),
 * else `fallback` (an i18n key).
 */
export function describeFailure(t: TFunction, failure: unknown, fallback = 'errors.internal_error'): string {
  if (!(failure instanceof ApiFailure)) return t(fallback);
  if (failure.code === 'rate_limited')
    return t('errors.rate_limited', { seconds: failure.retryAfterSeconds ?? 60 });
  const key = `errors.${failure.code}`;
  return t(key, { defaultValue: failure.status > 0 && failure.message ? failure.message : t(fallback) });
}

/** Field errors of a 422 answer by field name, translated by their i18n key. */
export function fieldErrorsOf(t: TFunction, failure: unknown): Record<string, string> {
  if (!(failure instanceof ApiFailure)) return {};
  return Object.fromEntries(
    failure.fields.map((f) => [f.path.split('.')[0] ?? f.path, t(f.key, { defaultValue: f.message })]),
  );
}
