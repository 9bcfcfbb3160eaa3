import { NavLink } from '../../shared/router';
import { useInvoiceTexts } from './i18n';
import { INVOICES_BASE } from './invoice-table';

/** Invoices | Quotes | Recurring: the section's three lists, as links (each list has its own address). */
export function SectionNav() {
  const { t } = useInvoiceTexts();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-canvas text-ink shadow-sm' : 'text-muted hover:text-ink'}`;
  return (
    <nav aria-label={t('quotes.nav.label')} className="inline-flex w-fit gap-1 rounded-lg bg-surface p-1">
      <NavLink to={INVOICES_BASE} end className={tab}>
        {t('quotes.nav.invoices')}
      </NavLink>
      <NavLink to={`${INVOICES_BASE}/quotes`} className={tab}>
        {t('quotes.nav.quotes')}
      </NavLink>
      <NavLink to={`${INVOICES_BASE}/recurring`} className={tab}>
        {t('recurring.nav')}
      </NavLink>
    </nav>
  );
}
