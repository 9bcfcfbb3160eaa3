import type { TFunction } from 'i18next';
import { ApiError } from './error';

/**
 * The translated message of a failure: `errors.<code>`, with the Retry-After seconds for `rate_limited`;
 * for a code the app has no text of its own for, the server's message (already in the request's language),
 * else `fallback` (an i18n key).
 */
export function describeFailure(t: TFunction, failure: unknown, fallback = 'errors.internal_error'): string {
  if (!(failure instanceof ApiError)) return t(fallback);
  if (failure.code === 'rate_limited')
    return t('errors.rate_limited', { seconds: failure.retryAfterSeconds ?? 60 });
  const key = `errors.${failure.code}`;
  return t(key, { defaultValue: failure.status > 0 && failure.message ? failure.message : t(fallback) });
}

/** Field errors of a 422 answer by field name (first path segment), translated by their i18n key. */
export function fieldErrorsOf(t: TFunction, failure: unknown): Record<string, string> {
  if (!(failure instanceof ApiError)) return {};
  return Object.fromEntries(
    failure.fields.map((f) => [f.path.split('.')[0] ?? f.path, t(f.key, { defaultValue: f.message })]),
  );
}
