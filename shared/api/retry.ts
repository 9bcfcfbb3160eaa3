import { ApiError } from './error';

/** Retries after the first failure, at most (spec §8/§9). */
export const MAX_RETRIES = 3;

/**
 * THE retry rule of every read (spec §8/§9), in TanStack Query's `retry(failureCount, error)` shape
 * (`failureCount`: failures so far minus one, i.e. 0 at the first failure): never after a 4xx (the answer
 * will not change, or the session ended), up to 3 retries otherwise (network errors, 5xx, anything else).
 * Every QueryClient default and the portal's data store use it; writes are not retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The wait before a retry, same `failureCount`: 1 s, 2 s, 4 s… at most 30 s (TanStack Query's default). */
export const retryDelay = (failureCount: number): number => Math.min(1000 * 2 ** failureCount, 30_000);
