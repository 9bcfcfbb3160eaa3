import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { buttonClass } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { usePageTitle } from '../../ui/use-page-title';
import { store } from '../data-store';
import { portalKeys } from '../portal-data';
import { useSignedIn } from '../signed-in-context';

/**
 * Where the card payment returns the client: confirms it and leads back to the invoices, whose list is
 * reloaded (the invoice turns paid once the payment provider confirms the payment).
 */
export default function PaymentSuccessPage() {
  const { t } = useI18n();
  const { portalId, branding, pathTo } = useSignedIn();
  usePageTitle(t('paymentSuccess.title'), branding?.name);
  useEffect(() => {
    store.invalidate(portalKeys.invoices(portalId));
    store.invalidate(portalKeys.dashboard(portalId));
  }, [portalId]);
  return (
    <Card className="mx-auto grid max-w-lg justify-items-center gap-4 p-8 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-success-soft text-success">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 tabIndex={-1} className="text-2xl font-semibold">
        {t('paymentSuccess.title')}
      </h1>
      <p className="text-muted">{t('paymentSuccess.body')}</p>
      <Link to={pathTo('invoices')} className={buttonClass('primary', 'md')}>
        {t('paymentSuccess.back')}
      </Link>
    </Card>
  );
}
