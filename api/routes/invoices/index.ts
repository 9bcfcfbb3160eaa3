import type { App } from '../../http/context';
import { registerCancelInvoice } from './cancel';
import { registerCreateInvoice } from './create';
import { registerDeleteInvoice } from './delete';
import { registerGetInvoice } from './get';
import { registerListInvoices } from './list';
import { registerPortalGetInvoice } from './portal-get';
import { registerRecordInvoicePayment } from './record-payment';
import { registerReminderRoutes } from './reminders';
import { registerRemoveInvoicePayment } from './remove-payment';
import { registerSendInvoice } from './send';
import { registerInvoiceSettings } from './settings';
import { registerChangeInvoiceStatus } from './status';
import { registerUpdateInvoice } from './update';

/** The invoices API (issue 21): the provider's invoices and settings, and the client's invoice detail. */
export function registerInvoiceRoutes(app: App) {
  registerListInvoices(app);
  registerCreateInvoice(app);
  registerGetInvoice(app);
  registerUpdateInvoice(app);
  registerDeleteInvoice(app);
  registerSendInvoice(app);
  registerChangeInvoiceStatus(app);
  registerCancelInvoice(app);
  registerRecordInvoicePayment(app);
  registerRemoveInvoicePayment(app);
  registerInvoiceSettings(app);
  registerReminderRoutes(app);
  registerPortalGetInvoice(app);
}
