import type { PortalBranding } from '../../../shared/contracts/portal-client';
import { buttonClass } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { useFrameContent } from '../embedded/embed-state';
import { useI18n } from '../i18n/i18n-context';
import { Link } from '../navigation/link';
import { usePageTitle } from '../ui/use-page-title';
import { SignInLayout } from './sign-in-layout';

/**
 * The payment-success page without a session here: a card payment started inside the widget opened
 * Stripe in a new tab, and Stripe returns that tab to the standalone portal, where the frame's session
 * (kept in the frame's partitioned or in-memory storage) does not exist. Instead of a bare sign-in form
 * after paying, the client reads that the payment is being confirmed and that the portal (and the widget
 * still open on the provider's page) shows it; signing in leads to the invoices.
 */
export function PaymentReturned({
  branding,
  login,
}: {
  branding: PortalBranding | undefined;
  login: string;
}) {
  const { t } = useI18n();
  usePageTitle(t('paymentReturned.title'), branding?.name ?? null);
  useFrameContent();
  return (
    <SignInLayout branding={branding}>
      <Card className="grid gap-4 p-6 text-center">
        <h1 className="text-2xl font-semibold">{t('paymentReturned.title')}</h1>
        <p className="text-muted">{t('paymentReturned.body')}</p>
        <div>
          <Link to={login} className={buttonClass('primary', 'md')}>
            {t('paymentReturned.signIn')}
          </Link>
        </div>
      </Card>
    </SignInLayout>
  );
}
