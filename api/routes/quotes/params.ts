import { z } from 'zod';
import { Uuid } from '../../../shared/contracts/common';
import { PortalPathParam } from '../../../shared/contracts/portal-client';

/** `{quoteId}`: one of the provider's quotes. */
export const QuoteIdParam = z.object({
  quoteId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'quoteId', in: 'path' } }),
});

/** `{portalId}` and `{quoteId}`: one of the signed-in client's quotes. */
export const PortalQuoteParams = PortalPathParam.extend(QuoteIdParam.shape);
