import { z } from '@hono/zod-openapi';
import { DomainCheckQuery } from '../../../shared/contracts/domains';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { enforceRateLimit } from '../../http/rate-limit';
import { portalForHost } from '../../services/domains/domain-cache';
import { DOMAIN_CHECK_LIMIT } from '../../services/domains/domain-policy';
import { publicOperation } from '../operation';
import { askSource } from './ask-source';

/** GET /api/domains/check?domain= */
export const registerCheckDomain = publicOperation(
  {
    method: 'get',
    path: '/api/domains/check',
    operationId: 'checkDomain',
    tags: ['Domains'],
    summary: 'Is this a verified portal domain?',
    description:
      'For a reverse proxy’s on-demand TLS (Caddy’s `on_demand_tls { ask … }`): 200 when `domain` is a verified portal domain, 404 otherwise, so certificates are only issued for domains a provider proved they control. Answered from a 30-second in-process cache. No authentication. The proxy’s own call (from the loopback interface, without `X-Forwarded-For`, `Forwarded` or `X-Real-IP`) is never rate limited; every other caller is limited to 300 a minute per address, with forwarded requests and direct ones in separate budgets, so a flood through the proxy cannot exhaust the proxy’s own.',
    request: { query: DomainCheckQuery },
    responses: {
      200: {
        description: 'A verified portal domain',
        content: { 'application/json': { schema: z.object({ ok: z.literal(true) }), example: { ok: true } } },
      },
      ...errorResponses(404, 422, 429),
    },
  },
  async (c) => {
    const source = askSource(c);
    if (source !== 'proxy') await enforceRateLimit(c, DOMAIN_CHECK_LIMIT, source);
    const { sql, now } = c.get('deps');
    const domain = c.req.valid('query').domain.trim().toLowerCase().replace(/\.$/, '');
    const portalId = domain ? await portalForHost(sql, domain, now().getTime()) : null;
    if (!portalId) throw new ApiError('not_found');
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true as const }, 200);
  },
);
