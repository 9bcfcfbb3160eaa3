import { createRoute } from '@hono/zod-openapi';
import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { providerOf, requireProvider } from '../../auth/middleware';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { verifyPortalDomain } from '../../services/domains/portal-domain';
import { getPortal } from '../../services/portals/manage-portals';

const route = createRoute({
  method: 'post',
  path: '/api/portals/{portalId}/domain/verify',
  tags: ['Domains'],
  summary: 'Verify the custom domain',
  description:
    'Looks up the TXT record `_clientportal-verify.<domain>` now. `customDomain.status` becomes `verified` when it holds the portal’s token, else `failed` with `customDomain.error`: `ENOTFOUND` (the name does not exist), `ENODATA` (no TXT record yet), `wrong_value` (a TXT record without the token) or another resolver code. DNS changes can take a while to appear; verifying again is always allowed. 404 when the portal has no domain.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: PortalIdParam },
  responses: {
    200: { description: 'The portal with the outcome', content: { 'application/json': { schema: Portal } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

/** POST /api/portals/{portalId}/domain/verify */
export function registerVerifyDomain(app: App) {
  app.openapi(route, async (c) => {
    const { sql, config, dns, now } = c.get('deps');
    const { userId } = providerOf(c);
    const { portalId } = c.req.valid('param');
    await verifyPortalDomain(sql, dns, userId, portalId, now());
    return c.json(await getPortal(sql, config, userId, portalId), 200);
  });
}
