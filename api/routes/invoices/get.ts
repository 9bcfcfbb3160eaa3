import { createRoute } from '@hono/zod-openapi';
import { Invoice } from '../../../shared/contracts/invoices';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getInvoice } from '../../services/invoices/get-invoice';
import { PROVIDER } from '../audiences';
import { InvoiceIdParam } from './params';

const route = createRoute({
  method: 'get',
  path: '/api/invoices/{invoiceId}',
  tags: ['Invoices'],
  summary: 'Get an invoice',
  description:
    'An invoice with its lines, the tax per rate, its credit note (when cancelled), its Stripe links (when created in Stripe) and `allowedStatuses` (what `POST …/status` accepts now). Another provider’s invoice answers 404.',
  ...PROVIDER,
  request: { params: InvoiceIdParam },
  responses: {
    200: { description: 'The invoice', content: { 'application/json': { schema: Invoice } } },
    ...errorResponses(401, 404, 422),
  },
});

/** GET /api/invoices/{invoiceId} */
export function registerGetInvoice(app: App) {
  app.openapi(route, async (c) =>
    c.json(await getInvoice(c.get('deps').sql, providerScope(c), c.req.valid('param').invoiceId), 200),
  );
}
