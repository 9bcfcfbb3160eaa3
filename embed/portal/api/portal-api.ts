import { type ApiClient, createBearerClient } from '../../../shared/api/bearer-client';
import { type ApiResult, callApi } from '../../../shared/api/call';
import { readSession } from '../session/session-store';

/**
 * The portal's typed API client: the kit's bearer-token variant (`shared/api/bearer-client.ts`: no cookies,
 * the stored portal session's token in `Authorization`), loaded with the first call so no first screen
 * carries it. Failures are the kit's `ApiError` (`shared/api/error.ts`).
 */
export type PortalApi = ApiClient;

const portalApi = createBearerClient(() => readSession()?.token);

/** Starts loading the client ahead of a call that is about to come (the embedded frame's sign-in). */
export function preloadPortalApi(): void {
  void portalApi().catch(() => {});
}

/**
 * Calls the API through the portal's client and unwraps the result (`callApi`): the data, or a thrown
 * `ApiError` with the server's translated message (or `networkMessage` when the server was not reached).
 * @example const dashboard = await call((api) => api.GET('/api/portal/{portalId}/dashboard', …), t('errors.network'))
 */
export function call<T>(
  request: (api: PortalApi) => Promise<ApiResult<T>>,
  networkMessage: string,
): Promise<T> {
  return callApi(async () => request(await portalApi()), networkMessage);
}
