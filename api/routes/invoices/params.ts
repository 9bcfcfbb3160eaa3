import type { Context } from 'hono';
import { z } from 'zod';
import { Uuid } from '../../../shared/contracts/common';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import type { AppEnv } from '../../http/context';

/** `{invoiceId}`: one of the provider's invoices. */
export const InvoiceIdParam = z.object({
  invoiceId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'invoiceId', in: 'path' } }),
});

/** `{portalId}` and `{invoiceId}`: one of the signed-in client's invoices. */
export const PortalInvoiceParams = PortalPathParam.extend(InvoiceIdParam.shape);

/** What the invoice services take from a request: its dependencies and its logger. */
export const invoiceDeps = (c: Context<AppEnv>) => ({ ...c.get('deps'), log: c.get('log') });
