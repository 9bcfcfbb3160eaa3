import { z } from 'zod';
import { Uuid } from '../../../shared/contracts/common';

/** `{recurringInvoiceId}`: one of the provider's recurring invoices. */
export const RecurringInvoiceIdParam = z.object({
  recurringInvoiceId: Uuid({ error: 'validation.invalid' }).meta({
    param: { name: 'recurringInvoiceId', in: 'path' },
  }),
});
