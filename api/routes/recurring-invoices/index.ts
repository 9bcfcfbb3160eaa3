import type { App } from '../../http/context';
import { registerCreateRecurringInvoice } from './create';
import { registerDeleteRecurringInvoice } from './delete';
import { registerEndAutopayAgreement } from './end-autopay';
import { registerGetRecurringInvoice } from './get';
import { registerListRecurringInvoices } from './list';
import {
  registerPortalAgreeAutopay,
  registerPortalRecurringInvoices,
  registerPortalWithdrawAutopay,
} from './portal';
import { registerUpdateRecurringInvoice } from './update';

/** Recurring invoices (issue 28): the provider's schedules; the job makes and sends their invoices. */
export function registerRecurringInvoiceRoutes(app: App) {
  registerListRecurringInvoices(app);
  registerCreateRecurringInvoice(app);
  registerGetRecurringInvoice(app);
  registerUpdateRecurringInvoice(app);
  registerDeleteRecurringInvoice(app);
  registerEndAutopayAgreement(app);
  // Automatic payment (issue 28): the client's view and agreement.
  registerPortalRecurringInvoices(app);
  registerPortalAgreeAutopay(app);
  registerPortalWithdrawAutopay(app);
}
