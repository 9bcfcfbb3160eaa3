import { createRoute } from '@hono/zod-openapi';
import { PortalInvoiceList, PortalPathParam } from '../../../shared/contracts/portal-client';
import { PORTAL_SECURITY, requirePortalClient } from '../../auth/portal-client/middleware';
import { clientScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { listClientInvoices } from '../../services/portal-client/client-data';

const route = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/invoices',
  tags: ['Portal'],
  summary: 'The client’s invoices',
  description:
    'The signed-in client’s invoices (up to 200, newest first), drafts excluded: a draft is the provider’s own until it is sent. Only the client’s own.',
  security: PORTAL_SECURITY,
  middleware: [requirePortalClient] as const,
  request: { params: PortalPathParam },
  responses: {
    200: { description: 'The invoices', content: { 'application/json': { schema: PortalInvoiceList } } },
    ...errorResponses(401, 422),
  },
});

/** GET /api/portal/{portalId}/invoices */
export function registerPortalInvoices(app: App) {
  app.openapi(route, async (c) =>
    c.json({ items: await listClientInvoices(c.get('deps').sql, clientScope(c)) }, 200),
  );
}
