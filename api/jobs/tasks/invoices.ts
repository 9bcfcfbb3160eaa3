import { z } from 'zod';
import { markOverdueInvoices } from '../../services/invoices/overdue';
import { defineTask } from '../task';

/**
 * Marks sent invoices past their due date overdue, once each, with an activity row per invoice
 * (`markOverdueInvoices`: safe on several instances at once). Every 15 minutes and at start.
 */
export const markOverdueInvoicesTask = defineTask({
  name: 'mark_overdue_invoices',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    const marked = await markOverdueInvoices({ ...deps, log });
    if (marked > 0) log.info({ marked }, 'invoices marked overdue');
  },
});
