import { createRoute } from '@hono/zod-openapi';
import { PortalInvoiceDetail } from '../../../shared/contracts/invoices';
import { clientScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getPortalInvoice } from '../../services/invoices/portal';
import { PORTAL_CLIENT } from '../audiences';
import { PortalInvoiceParams } from './params';

const route = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/invoices/{invoiceId}',
  tags: ['Portal'],
  summary: 'Get an invoice (client)',
  description:
    'One of the signed-in client’s invoices with its lines and taxes, and how to pay it: `card` (the pay button; the provider has Stripe connected), `instructions` (the provider’s payment instructions) or `none` (nothing to pay, or no way offered). Drafts and other clients’ invoices answer 404.',
  ...PORTAL_CLIENT,
  request: { params: PortalInvoiceParams },
  responses: {
    200: { description: 'The invoice', content: { 'application/json': { schema: PortalInvoiceDetail } } },
    ...errorResponses(401, 404, 422),
  },
});

/** GET /api/portal/{portalId}/invoices/{invoiceId} */
export function registerPortalGetInvoice(app: App) {
  app.openapi(route, async (c) =>
    c.json(await getPortalInvoice(c.get('deps').sql, clientScope(c), c.req.valid('param').invoiceId), 200),
  );
}
