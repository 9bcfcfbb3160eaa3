import type { MagicLinkSent, PortalSession } from '../../../shared/contracts/portal-client';
import { call } from '../api/portal-api';

export { ApiError } from '../../../shared/api/error';
/**
 * What the sign-in forms need only once the client interacts: the zod contracts (the API validates with
 * the same ones) and the typed client. Loaded on the first focus inside a form or on submit
 * (`loadLoginDeps`), so the login page's first load carries neither zod nor openapi-fetch.
 */
export {
  MagicLinkConsume,
  MagicLinkRequest,
  PortalSignInInput,
} from '../../../shared/contracts/portal-client';

/** Spec §7 `send-magic-link`. */
export function requestMagicLink(
  body: { email: string; portalId?: string; returnTo?: string },
  networkMessage: string,
): Promise<MagicLinkSent> {
  return call((api) => api.POST('/api/portal/magic-link', { body }), networkMessage);
}

/** Spec §7 `client_has_password`. */
export async function clientHasPassword(
  body: { email: string; portalId?: string },
  networkMessage: string,
): Promise<boolean> {
  const result = await call((api) => api.POST('/api/portal/password-status', { body }), networkMessage);
  return result.hasPassword;
}

/** Spec §7 `authenticate_client_password`. */
export function signInWithPassword(
  body: { email: string; password: string; portalId?: string },
  networkMessage: string,
): Promise<PortalSession> {
  return call((api) => api.POST('/api/portal/sign-in', { body }), networkMessage);
}

/** Uses a magic-link token (the "Continue" button). */
export function consumeMagicLink(
  body: { token: string; portalId?: string },
  networkMessage: string,
): Promise<PortalSession> {
  return call((api) => api.POST('/api/portal/magic-link/consume', { body }), networkMessage);
}
