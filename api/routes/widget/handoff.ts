import { HandoffInput, HandoffSession } from '../../../shared/contracts/widget';
import { scopeOfPortalSession } from '../../auth/scope';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit } from '../../http/rate-limit';
import {
  getClientDashboard,
  listClientInvoices,
  listClientProjects,
} from '../../services/portal-client/client-data';
import { exchangeHandoff, HANDOFF_RATE_LIMIT } from '../../services/widget/exchange-handoff';
import { publicOperation } from '../operation';
import { SESSION_EXAMPLE } from '../portal-client/examples';

/** POST /api/widget/handoff */
export const registerWidgetHandoff = publicOperation(
  {
    method: 'post',
    path: '/api/widget/handoff',
    operationId: 'exchangeWidgetHandoff',
    tags: ['Widget'],
    summary: 'Exchange a handoff token for a portal session',
    description:
      'Identity handoff (single sign-on) for the embedded portal: the provider’s backend signs a JWT with the portal’s widget secret (HS256; `sub` the client’s e-mail, `aud` the portal id, `iat`, `exp` at most 10 minutes later, a unique `jti`), the widget hands it to the portal frame, and the frame exchanges it here for a 7-day portal session (recorded as a login with `method: handoff`). Each token works once. With `include`, the response also carries that page’s data for the new session (`included`), so the frame renders its first screen without another request. Rejections: 400 `handoff_invalid` (malformed, not HS256, a claim missing, lifetime over 10 minutes, issued in the future), 401 `handoff_bad_signature`, 401 `handoff_wrong_audience`, 401 `handoff_expired`, 401 `handoff_replayed`, 403 `handoff_not_configured` (the portal has no secret), 404 `handoff_unknown_client` (no client with that e-mail in the portal), 404 `not_found` (no such portal). Limited to 60 exchanges per 15 minutes per IP.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: HandoffInput,
            example: {
              portalId: SESSION_EXAMPLE.client.portalId,
              token:
                'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJncmFjZUBleGFtcGxlLmNvbSIsImF1ZCI6IjZmMWMyYThlLTRiN2QtNGUzZi05YTBiLTFjMmQzZTRmNWE2YiIsImlhdCI6MTc2MzcxOTIwMCwiZXhwIjoxNzYzNzE5NTAwLCJqdGkiOiIyYjNjNGQ1ZSJ9.5mZ8m8xW2m0ZkQ7bUuC2xQy8n1m3a6rK4vYt9pL0sH4',
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Signed in: the frame keeps this as `portal_client_session`',
        content: { 'application/json': { schema: HandoffSession, example: SESSION_EXAMPLE } },
      },
      ...errorResponses(400, 401, 403, 404, 415, 422, 429),
    },
  },
  async (c) => {
    const { sql, now } = c.get('deps');
    await enforceRateLimit(c, HANDOFF_RATE_LIMIT, clientIp(c));
    c.header('Cache-Control', 'no-store');
    const input = c.req.valid('json');
    const { session, providerId } = await exchangeHandoff(sql, c.get('log'), input, now(), {
      userAgent: c.req.header('user-agent'),
      ip: clientIp(c),
    });
    // The new session's own data, read exactly as its GET route reads it (the client's scope).
    const owner = scopeOfPortalSession({ providerId, client: session.client });
    switch (input.include) {
      case 'dashboard':
        return c.json({ ...session, included: { dashboard: await getClientDashboard(sql, owner) } }, 200);
      case 'projects':
        return c.json({ ...session, included: { projects: await listClientProjects(sql, owner) } }, 200);
      case 'invoices':
        return c.json({ ...session, included: { invoices: await listClientInvoices(sql, owner) } }, 200);
      default:
        return c.json(session, 200);
    }
  },
);
