import { PortalInvoiceDetail } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { getPortalInvoice } from '../../services/invoices/portal';
import { clientOperation } from '../operation';
import { PortalInvoiceParams } from './params';

/** GET /api/portal/{portalId}/invoices/{invoiceId} */
export const registerPortalGetInvoice = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/invoices/{invoiceId}',
    operationId: 'portalGetInvoice',
    tags: ['Portal'],
    summary: 'Get an invoice (client)',
    description:
      'One of the signed-in client’s invoices with its lines and taxes, and how to pay it: `card` (the pay button; the provider has Stripe connected), `instructions` (the provider’s payment instructions) or `none` (nothing to pay, or no way offered). Drafts and other clients’ invoices answer 404.',
    request: { params: PortalInvoiceParams },
    responses: {
      200: { description: 'The invoice', content: { 'application/json': { schema: PortalInvoiceDetail } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) =>
    c.json(await getPortalInvoice(c.get('deps').sql, scope, c.req.valid('param').invoiceId), 200),
);
