import type { ErrorBody } from '../contracts/common';

/** One field's refusal in a 422 answer: its path, its i18n key and the server's translated message. */
export type FieldError = NonNullable<ErrorBody['error']['fields']>[number];

/**
 * THE failed API call of every browser part (dashboard, remotes, portal): the API's uniform error body
 * (`{ error: { code, message, requestId, fields? } }`) with the HTTP status. `message` is the server's text,
 * already in the request's language (or the caller's fallback when the server sent none or was not reached);
 * `status` 0 means the request never reached the server (`code` is then `network`).
 * (No runtime imports: the portal's login page carries this module in its first load.)
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
    readonly retryAfterSeconds?: number,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The uniform error body's `error`, when `body` is one. */
export function errorBodyOf(body: unknown): ErrorBody['error'] | undefined {
  if (!body || typeof body !== 'object' || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  return error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string'
    ? (error as ErrorBody['error'])
    : undefined;
}

/**
 * An ApiError from a failed response and its parsed body. Without an error body the code follows the status
 * (`internal_error` for 5xx, else `bad_request`) and the message is `fallbackMessage`.
 */
export function toApiError(body: unknown, response: Response | undefined, fallbackMessage = ''): ApiError {
  const status = response?.status ?? 0;
  const error = errorBodyOf(body);
  const retryAfter = Number(response?.headers.get('Retry-After'));
  return new ApiError(
    status,
    error?.code ?? (status >= 500 || status === 0 ? 'internal_error' : 'bad_request'),
    error?.message || fallbackMessage,
    error?.fields ?? [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : undefined,
    error?.requestId || undefined,
  );
}

/** A request that never reached the server (fetch rejected: offline, DNS, CORS, aborted). */
export function networkError(message = 'Network error'): ApiError {
  return new ApiError(0, 'network', message);
}
