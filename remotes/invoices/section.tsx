import { lazy } from 'react';
import { SectionRoutes } from '../../shared/ui/section-routes';
import { useInvoiceTexts } from './i18n';
import { InvoiceList } from './invoice-list';
import { INVOICES_BASE } from './invoice-table';
import { QuoteList } from './quote-list';
import { RecurringList } from './recurring-list';

/** The invoice page and the editor (zod, the money arithmetic, dialogs) are their own chunks. */
const InvoicePage = lazy(() => import('./invoice-page'));
const InvoiceEditor = lazy(() => import('./invoice-editor'));
const QuotePage = lazy(() => import('./quote-page'));
const QuoteEditor = lazy(() => import('./quote-editor'));

/**
 * The Invoices section (issue 21), exposed as `invoices/Section` and mounted by the host under
 * `/dashboard/invoices/*`, inside the host's router, QueryClient and i18n: the list at the root, a new
 * draft at `new` (`?client=&project=` prefill it), an invoice at `:invoiceId`, a draft's editor at
 * `:invoiceId/edit`. Renders a skeleton until its texts (namespace `invoices`) are registered.
 */
export default function InvoicesSection() {
  const { ready } = useInvoiceTexts();
  return (
    <SectionRoutes
      ready={ready}
      base={INVOICES_BASE}
      list={<InvoiceList />}
      pages={{
        new: <InvoiceEditor />,
        ':invoiceId': <InvoicePage />,
        ':invoiceId/edit': <InvoiceEditor />,
        // Quotes (issue 28): their list beside the invoices', their pages and editor.
        quotes: <QuoteList />,
        'quotes/new': <QuoteEditor />,
        'quotes/:quoteId': <QuotePage />,
        'quotes/:quoteId/edit': <QuoteEditor />,
        // Recurring invoices (issue 28): their list; create and edit in a dialog.
        recurring: <RecurringList />,
      }}
    />
  );
}
