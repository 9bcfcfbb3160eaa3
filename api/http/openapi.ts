import { OpenAPIHono } from '@hono/zod-openapi';
import { ErrorBody } from '../../shared/contracts/common';
import type { AppEnv } from './context';
import { ApiError, fieldIssues } from './errors';

/**
 * A router whose validation failures become the API's uniform 422 with the failing fields.
 * Every route file registers on one of these.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError('validation_failed', { fields: fieldIssues(result.error) });
    },
  });
}

/** Standard error responses to spread into a route's `responses`. */
export function errorResponses<
  const S extends readonly (400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503)[],
>(...statuses: S) {
  const descriptions: Record<number, string> = {
    400: 'Bad request',
    401: 'Not signed in or wrong credentials',
    402: 'Payment required (the trial ended without a plan)',
    403: 'Forbidden (CSRF check failed, or not allowed)',
    404: 'Not found (also for another tenant’s objects)',
    409: 'Conflict',
    413: 'Payload too large',
    415: 'Body is not JSON',
    422: 'Validation failed; `fields` lists each failing field',
    429: 'Too many requests; see the Retry-After header',
    500: 'Internal error',
    502: 'An upstream service (the payment provider) failed or could not be reached',
    503: 'Service unavailable',
  };
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: descriptions[s] ?? 'Error', content: { 'application/json': { schema: ErrorBody } } },
    ]),
  ) as {
    [K in S[number]]: { description: string; content: { 'application/json': { schema: typeof ErrorBody } } };
  };
}
