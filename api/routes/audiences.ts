import { PortalPathParam } from '../../shared/contracts/portal-client';
import { ProjectIdParam } from '../../shared/contracts/projects';
import { requireProvider } from '../auth/middleware';
import { PORTAL_SECURITY, requirePortalClient } from '../auth/portal-client/middleware';

/*
 * The two audiences of a resource both sides see (projects, messages, activity): each operation is
 * registered once per audience, with the same contract and the same service, and only the credential,
 * the path prefix and the scope differ. Providers: `/api/...` with the session cookie; portal clients:
 * `/api/portal/{portalId}/...` with their bearer token.
 */

export const PROVIDER = {
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as [typeof requireProvider],
};

export const PORTAL_CLIENT = {
  security: PORTAL_SECURITY,
  middleware: [requirePortalClient] as [typeof requirePortalClient],
};

/** `{portalId}` and `{projectId}`: a project of the signed-in client's portal. */
export const PortalProjectParams = PortalPathParam.extend(ProjectIdParam.shape);
