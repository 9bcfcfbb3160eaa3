import type { App } from '../../http/context';
import { registerCreateQuote } from './create';
import { registerDeleteQuote } from './delete';
import { registerGetQuote } from './get';
import { registerInvoiceFromQuote } from './invoice';
import { registerListQuotes } from './list';
import { registerQuotePdf } from './pdf';
import { registerPortalAcceptQuote, registerPortalDeclineQuote } from './portal-decide';
import { registerPortalGetQuote } from './portal-get';
import { registerPortalQuotes } from './portal-list';
import { registerSendQuote } from './send';
import { registerUpdateQuote } from './update';

/** The quotes API (issue 28): the provider's quotes and their invoices, the client's view and decision. */
export function registerQuoteRoutes(app: App) {
  registerListQuotes(app);
  registerCreateQuote(app);
  registerGetQuote(app);
  registerUpdateQuote(app);
  registerDeleteQuote(app);
  registerSendQuote(app);
  registerInvoiceFromQuote(app);
  registerQuotePdf(app);
  registerPortalQuotes(app);
  registerPortalGetQuote(app);
  registerPortalAcceptQuote(app);
  registerPortalDeclineQuote(app);
}
