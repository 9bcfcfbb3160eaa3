import { createRoute, z } from '@hono/zod-openapi';
import { DomainCheckQuery } from '../../../shared/contracts/domains';
import type { App } from '../../http/context';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, type RateLimitRule } from '../../http/rate-limit';
import { portalForHost } from '../../services/domains/domain-cache';

/** Caddy asks once per new certificate; a generous per-address limit still stops enumeration. */
const CHECK_LIMIT: RateLimitRule = { name: 'domain-check:ip', limit: 300, windowMs: 60_000 };

const route = createRoute({
  method: 'get',
  path: '/api/domains/check',
  tags: ['Domains'],
  summary: 'Is this a verified portal domain?',
  description:
    'For a reverse proxy’s on-demand TLS (Caddy’s `on_demand_tls { ask … }`): 200 when `domain` is a verified portal domain, 404 otherwise, so certificates are only issued for domains a provider proved they control. No authentication; rate limited per address.',
  request: { query: DomainCheckQuery },
  responses: {
    200: {
      description: 'A verified portal domain',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
    ...errorResponses(404, 422, 429),
  },
});

/** GET /api/domains/check?domain= */
export function registerCheckDomain(app: App) {
  app.openapi(route, async (c) => {
    await enforceRateLimit(c, CHECK_LIMIT, clientIp(c));
    const { sql, now } = c.get('deps');
    const domain = c.req.valid('query').domain.trim().toLowerCase().replace(/\.$/, '');
    const portalId = domain ? await portalForHost(sql, domain, now().getTime()) : null;
    if (!portalId) throw new ApiError('not_found');
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true as const }, 200);
  });
}
