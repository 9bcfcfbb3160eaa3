import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from '../../shared/router';
import { DetailSkeleton, ListPageSkeleton } from '../../shared/ui/page-skeletons';
import { useInvoiceTexts } from './i18n';
import { InvoiceList } from './invoice-list';
import { INVOICES_BASE } from './invoice-table';

/** The invoice page and the editor (zod, the money arithmetic, dialogs) are their own chunks. */
const InvoicePage = lazy(() => import('./invoice-page'));
const InvoiceEditor = lazy(() => import('./invoice-editor'));

const lazyPage = (page: ReactNode) => <Suspense fallback={<DetailSkeleton />}>{page}</Suspense>;

/**
 * The Invoices section (issue 21), exposed as `invoices/Section` and mounted by the host under
 * `/dashboard/invoices/*`, inside the host's router, QueryClient and i18n: the list at the root, a new
 * draft at `new` (`?client=&project=` prefill it), an invoice at `:invoiceId`, a draft's editor at
 * `:invoiceId/edit`. Renders a skeleton until its texts (namespace `invoices`) are registered.
 */
export default function InvoicesSection() {
  const { ready } = useInvoiceTexts();
  if (!ready) return <ListPageSkeleton />;
  return (
    <Routes>
      <Route index element={<InvoiceList />} />
      <Route path="new" element={lazyPage(<InvoiceEditor />)} />
      <Route path=":invoiceId" element={lazyPage(<InvoicePage />)} />
      <Route path=":invoiceId/edit" element={lazyPage(<InvoiceEditor />)} />
      <Route path="*" element={<Navigate to={INVOICES_BASE} replace />} />
    </Routes>
  );
}
