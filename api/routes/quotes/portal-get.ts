import { PortalQuote } from '../../../shared/contracts/quotes';
import { errorResponses } from '../../http/openapi';
import { todayOf } from '../../services/invoices/deps';
import { getPortalQuote } from '../../services/quotes/portal-quote';
import { clientOperation } from '../operation';
import { PortalQuoteParams } from './params';

/** GET /api/portal/{portalId}/quotes/{quoteId} */
export const registerPortalGetQuote = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/quotes/{quoteId}',
    operationId: 'portalGetQuote',
    tags: ['Portal'],
    summary: 'One of the client’s quotes',
    description:
      'One of the signed-in client’s sent quotes, with the SHA-256 of its canonical content (what accepting names) and the decision once taken. Drafts and other clients’ quotes answer 404.',
    request: { params: PortalQuoteParams },
    responses: {
      200: { description: 'The quote', content: { 'application/json': { schema: PortalQuote } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    return c.json(
      await getPortalQuote(deps.sql, scope, c.req.valid('param').quoteId, todayOf(deps.now())),
      200,
    );
  },
);
