import { PortalQuote, QuoteAccept, QuoteDecline } from '../../../shared/contracts/quotes';
import { errorResponses } from '../../http/openapi';
import { clientIp } from '../../http/rate-limit';
import { decideQuote } from '../../services/quotes/decide-quote';
import { invoiceDeps } from '../invoices/params';
import { clientOperation } from '../operation';
import { PortalQuoteParams } from './params';

const REFUSALS =
  'Nothing is written when it is refused: 409 `quote_already_decided` (accepted or declined before), 409 `quote_expired` (past its validity date), 404 for a draft or another client’s quote.';

/** POST /api/portal/{portalId}/quotes/{quoteId}/accept */
export const registerPortalAcceptQuote = clientOperation(
  {
    method: 'post',
    path: '/api/portal/{portalId}/quotes/{quoteId}/accept',
    operationId: 'portalAcceptQuote',
    tags: ['Portal'],
    summary: 'Accept a quote (client)',
    description: `The signed-in client accepts one of their sent quotes while it is valid, naming the \`contentSha256\` they were shown (409 \`quote_changed\` when it is not the quote's). The acceptance records the client (id, name, e-mail), the time, the address the request came from (\`TRUST_PROXY\`'s rules) and the hash; the provider is notified live and by a \`quote.accepted\` webhook event. ${REFUSALS}`,
    request: {
      params: PortalQuoteParams,
      body: { required: true, content: { 'application/json': { schema: QuoteAccept } } },
    },
    responses: {
      200: { description: 'Accepted', content: { 'application/json': { schema: PortalQuote } } },
      ...errorResponses(401, 404, 409, 422),
    },
  },
  async (c, scope) => {
    const { contentSha256 } = c.req.valid('json');
    const quote = await decideQuote(invoiceDeps(c), scope, c.req.valid('param').quoteId, {
      outcome: 'accepted',
      contentSha256,
      ip: clientIp(c),
    });
    return c.json(quote, 200);
  },
);

/** POST /api/portal/{portalId}/quotes/{quoteId}/decline */
export const registerPortalDeclineQuote = clientOperation(
  {
    method: 'post',
    path: '/api/portal/{portalId}/quotes/{quoteId}/decline',
    operationId: 'portalDeclineQuote',
    tags: ['Portal'],
    summary: 'Decline a quote (client)',
    description: `The signed-in client declines one of their sent quotes while it is valid, with an optional reason; recorded as an acceptance is (who, when, from where). ${REFUSALS}`,
    request: {
      params: PortalQuoteParams,
      body: { required: true, content: { 'application/json': { schema: QuoteDecline } } },
    },
    responses: {
      200: { description: 'Declined', content: { 'application/json': { schema: PortalQuote } } },
      ...errorResponses(401, 404, 409, 422),
    },
  },
  async (c, scope) => {
    const quote = await decideQuote(invoiceDeps(c), scope, c.req.valid('param').quoteId, {
      outcome: 'declined',
      reason: c.req.valid('json').reason,
      ip: clientIp(c),
    });
    return c.json(quote, 200);
  },
);
