import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { enforceRateLimit } from '../../http/rate-limit';
import { DOMAIN_VERIFY_LIMITS } from '../../services/domains/domain-policy';
import { verifyPortalDomain } from '../../services/domains/portal-domain';
import { getPortal } from '../../services/portals/manage-portals';
import { providerOperation } from '../operation';

/** POST /api/portals/{portalId}/domain/verify */
export const registerVerifyDomain = providerOperation(
  {
    method: 'post',
    path: '/api/portals/{portalId}/domain/verify',
    operationId: 'verifyDomain',
    tags: ['Domains'],
    summary: 'Verify the custom domain',
    description:
      'Looks up the TXT record `_clientportal-verify.<domain>` now. `customDomain.status` becomes `verified` when it holds the portal’s token, else `failed` with `customDomain.error`: `ENOTFOUND` (the name does not exist), `ENODATA` (no TXT record yet), `wrong_value` (a TXT record without the token) or another resolver code. The first portal to verify a domain wins: a claim another portal verified first reads `taken` (and is not looked up). For a domain that is already verified this is the periodic re-check run now: it stops being served only when consecutive checks find the record gone (the first sets `error`). DNS changes can take a while to appear. Each call makes DNS lookups, so it is rate limited: 10 per portal and 30 per provider in 10 minutes (429 `rate_limited`, `Retry-After` in seconds). 404 when the portal has no domain or its claim expired.',
    request: { params: PortalIdParam },
    responses: {
      200: {
        description: 'The portal with the outcome',
        content: { 'application/json': { schema: Portal } },
      },
      ...errorResponses(401, 403, 404, 422, 429),
    },
  },
  async (c, scope) => {
    const { sql, config, dns, now } = c.get('deps');
    const { portalId } = c.req.valid('param');
    // Both buckets are the caller's own: another account sending this portal's id spends only its own.
    await enforceRateLimit(c, DOMAIN_VERIFY_LIMITS.provider, scope.providerId);
    await enforceRateLimit(c, DOMAIN_VERIFY_LIMITS.portal, `${scope.providerId}:${portalId}`);
    await verifyPortalDomain(sql, dns, scope, portalId, now());
    return c.json(await getPortal(sql, config, scope, portalId, now()), 200);
  },
);
