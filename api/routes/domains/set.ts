import { DomainInput } from '../../../shared/contracts/domains';
import { Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { setPortalDomain } from '../../services/domains/portal-domain';
import { getPortal } from '../../services/portals/manage-portals';
import { providerOperation } from '../operation';

/** PUT /api/portals/{portalId}/domain */
export const registerSetDomain = providerOperation(
  {
    method: 'put',
    path: '/api/portals/{portalId}/domain',
    operationId: 'setDomain',
    tags: ['Domains'],
    summary: 'Set a custom domain',
    description:
      'Claims a custom domain for the portal (a host name such as `portal.example-agency.com`, lower-cased; not the platform’s own host). A claim is not ownership: several portals may claim the same domain, each with its own token, and the first to verify it wins (409 `domain_taken` only when another portal already has it verified). The domain starts as `pending` and the claim expires 7 days later unless verified (`customDomain.expiresAt`); `customDomain.records` lists the two DNS records to create: a CNAME to the platform host and a TXT record `_clientportal-verify.<domain>` holding the portal’s verification token. Sending the same domain again keeps its token.',
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
  },
  async (c, scope) => {
    const { sql, config, now } = c.get('deps');
    const { portalId } = c.req.valid('param');
    await setPortalDomain(sql, config, scope, portalId, c.req.valid('json').domain, now());
    return c.json(await getPortal(sql, config, scope, portalId, now()), 200);
  },
);
