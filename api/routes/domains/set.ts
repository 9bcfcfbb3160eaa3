import { createRoute } from '@hono/zod-openapi';
import { DomainInput } from '../../../shared/contracts/domains';
import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { setPortalDomain } from '../../services/domains/portal-domain';
import { getPortal } from '../../services/portals/manage-portals';

const route = createRoute({
  method: 'put',
  path: '/api/portals/{portalId}/domain',
  tags: ['Domains'],
  summary: 'Set a custom domain',
  description:
    'Claims a custom domain for the portal (a host name such as `portal.example-agency.com`, lower-cased; not the platform’s own host). A claim is not ownership: several portals may claim the same domain, each with its own token, and the first to verify it wins (409 `domain_taken` only when another portal already has it verified). The domain starts as `pending` and the claim expires 7 days later unless verified (`customDomain.expiresAt`); `customDomain.records` lists the two DNS records to create: a CNAME to the platform host and a TXT record `_clientportal-verify.<domain>` holding the portal’s verification token. Sending the same domain again keeps its token.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: {
    params: PortalIdParam,
    body: {
      required: true,
      content: {
        'application/json': { schema: DomainInput, example: { domain: 'portal.example-agency.com' } },
      },
    },
  },
  responses: {
    200: {
      description: 'The portal with its pending domain',
      content: { 'application/json': { schema: Portal } },
    },
    ...errorResponses(401, 403, 404, 409, 415, 422),
  },
});

/** PUT /api/portals/{portalId}/domain */
export function registerSetDomain(app: App) {
  app.openapi(route, async (c) => {
    const { sql, config, now } = c.get('deps');
    const scope = providerScope(c);
    const { portalId } = c.req.valid('param');
    await setPortalDomain(sql, config, scope, portalId, c.req.valid('json').domain, now());
    return c.json(await getPortal(sql, config, scope, portalId, now()), 200);
  });
}
