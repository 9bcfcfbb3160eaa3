import type { z } from 'zod';
import type { TaskDefinition } from '../task';
import { sendBookingRemindersTask } from './booking-reminders';
import { chargeAutopayInvoiceTask } from './charge-autopay-invoice';
import { deliverWebhookTask } from './deliver-webhook';
import { googleCalendarSync } from './google-calendar-sync';
import { markOverdueInvoicesTask } from './invoices';
import {
  deleteProviderFilesTask,
  deleteStoredKeys,
  deleteStoredPrefixes,
  purgeDomainClaims,
  purgeExpiredRows,
  recheckDomains,
  removeMailDomainTask,
} from './maintenance';
import { messageDigest } from './message-digest';
import { sendPaymentRemindersTask } from './payment-reminders';
import { processFileVersionTask } from './process-file-version';
import { pruneApiUsage } from './prune-api-usage';
import { pruneFailedJobs } from './prune-failed-jobs';
import { pruneOutbox } from './prune-outbox';
import { createRecurringInvoice, recurringInvoicesSweep } from './recurring-invoices';
import { sendMail } from './send-mail';
import { stripeCloseInvoice } from './stripe-close-invoice';
import { stripeDetachPaymentMethod } from './stripe-detach-payment-method';
import { stripePushInvoice } from './stripe-push-invoice';
import { stripeRefundPayment } from './stripe-refund-payment';
import { stripeSyncCredits } from './stripe-sync-credits';
import { stripeWebhookEvents, stripeWebhookEventsSweep } from './stripe-webhook-events';

/**
 * Every task the worker runs, by name. A new task: one file beside this one (`defineTask`), one entry
 * here; periodic ones also get an entry in `../schedules.ts`.
 */
export const TASKS = {
  [sendMail.name]: sendMail,
  [pruneOutbox.name]: pruneOutbox,
  [pruneFailedJobs.name]: pruneFailedJobs,
  [messageDigest.name]: messageDigest,
  [purgeExpiredRows.name]: purgeExpiredRows,
  [purgeDomainClaims.name]: purgeDomainClaims,
  [recheckDomains.name]: recheckDomains,
  [deleteProviderFilesTask.name]: deleteProviderFilesTask,
  [removeMailDomainTask.name]: removeMailDomainTask,
  [deleteStoredPrefixes.name]: deleteStoredPrefixes,
  [deleteStoredKeys.name]: deleteStoredKeys,
  [processFileVersionTask.name]: processFileVersionTask,
  [markOverdueInvoicesTask.name]: markOverdueInvoicesTask,
  [stripePushInvoice.name]: stripePushInvoice,
  [stripeCloseInvoice.name]: stripeCloseInvoice,
  [stripeRefundPayment.name]: stripeRefundPayment,
  // Payments recorded by hand, credited on the Stripe invoice (issue 28).
  [stripeSyncCredits.name]: stripeSyncCredits,
  [pruneApiUsage.name]: pruneApiUsage,
  [deliverWebhookTask.name]: deliverWebhookTask,
  // Recurring invoices (issue 28).
  [createRecurringInvoice.name]: createRecurringInvoice,
  [recurringInvoicesSweep.name]: recurringInvoicesSweep,
  [chargeAutopayInvoiceTask.name]: chargeAutopayInvoiceTask,
  [stripeDetachPaymentMethod.name]: stripeDetachPaymentMethod,
  [stripeWebhookEvents.name]: stripeWebhookEvents,
  [stripeWebhookEventsSweep.name]: stripeWebhookEventsSweep,
  [sendPaymentRemindersTask.name]: sendPaymentRemindersTask,
  // Bookings (issue 30).
  [sendBookingRemindersTask.name]: sendBookingRemindersTask,
  // Google Calendar (issue 30).
  [googleCalendarSync.name]: googleCalendarSync,
} as const;

/**
 * Tasks that may be enqueued before this build runs them: their name and payload only. The worker fetches
 * only the tasks of `TASKS`, so their jobs wait in the queue until a build that defines the task (then
 * moved from here into `TASKS`) picks them up. None now (`process_file_version` runs: `TASKS`).
 */
export const ENQUEUE_ONLY = {} as const;

/** The tasks this build runs (schedules name only these). */
export type RunnableTaskName = keyof typeof TASKS;
export type TaskName = RunnableTaskName | keyof typeof ENQUEUE_ONLY;
type Payloads = { [N in keyof typeof TASKS]: (typeof TASKS)[N]['payload'] } & {
  [N in keyof typeof ENQUEUE_ONLY]: (typeof ENQUEUE_ONLY)[N]['payload'];
};
/** What `enqueue` takes for a task (the schema's input). */
export type PayloadOf<N extends TaskName> = z.input<Payloads[N]>;

/** A task list for the worker (the registry, or another one in tests). */
export type TaskList = Record<string, TaskDefinition>;
