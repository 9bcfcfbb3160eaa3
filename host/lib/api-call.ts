import { networkFailure, toApiFailure } from './api-failure';

/**
 * Runs one typed-client request and resolves with its data, or throws an ApiFailure (status, code, field
 * errors, Retry-After): the shape TanStack Query, the forms and `describeFailure` expect.
 *
 * @example const overview = await callApi(() => api.GET('/api/overview'));
 */
export async function callApi<T>(
  request: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: Awaited<ReturnType<typeof request>>;
  try {
    result = await request();
  } catch (cause) {
    throw networkFailure(cause);
  }
  if (result.error !== undefined || !result.response.ok) throw toApiFailure(result.error, result.response);
  return result.data as T;
}
