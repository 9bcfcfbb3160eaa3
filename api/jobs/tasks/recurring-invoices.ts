import { z } from 'zod';
import { invoiceDuePeriods, queueDueRecurringInvoices } from '../../services/recurring/run-recurring';
import { defineTask } from '../task';

/**
 * Makes and sends the invoices of one recurring schedule's due periods (`invoiceDuePeriods`: each period
 * once, whatever runs at the same time), then queues itself for the schedule's next date. Queued by the
 * schedule's creation or change (one waiting job per schedule: `jobKey recurring-invoice:<id>`) and by
 * the sweep below.
 */
export const createRecurringInvoice = defineTask({
  name: 'create_recurring_invoice',
  payload: z.object({ providerId: z.uuid(), recurringInvoiceId: z.uuid() }),
  maxAttempts: 10,
  async run({ providerId, recurringInvoiceId }, { deps, log }) {
    const made = await invoiceDuePeriods({ ...deps, log }, providerId, recurringInvoiceId);
    if (made > 0) log.info({ recurringInvoiceId, made }, 'recurring invoices made');
  },
});

/** Every 15 minutes: queues the job of every schedule whose next date has come (a lost job is made up). */
export const recurringInvoicesSweep = defineTask({
  name: 'recurring_invoices',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    const due = await queueDueRecurringInvoices(deps);
    if (due > 0) log.info({ due }, 'recurring invoices queued');
  },
});
