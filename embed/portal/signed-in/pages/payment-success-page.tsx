import { Ban, CircleCheck, Clock, FileX, Undo2 } from 'lucide-react';
import { useEffect } from 'react';
import { formatDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { buttonClass } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { Spinner } from '../../../../shared/ui/spinner';
import { useI18n } from '../../i18n/i18n-context';
import { useLocationKey } from '../../navigation/history';
import { Link } from '../../navigation/link';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { store } from '../data-store';
import { isUnpaid } from '../invoices/invoice-list';
import { refundKey } from '../invoices/invoice-refunds';
import { isNotFound, useInvoiceDetail, usePaymentPolling } from '../invoices/invoices-data';
import {
  type ConfirmationState,
  confirmationState,
  invoiceFromSearch,
} from '../invoices/payment-confirmation';
import { portalKeys } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { LoadFailed } from '../ui/load-state';

const TITLES: Record<Exclude<ConfirmationState, 'refund'>, string> = {
  waiting: 'paymentSuccess.waitingTitle',
  confirmed: 'paymentSuccess.confirmedTitle',
  slow: 'paymentSuccess.slowTitle',
  cancelled: 'invoice.cancelled',
  notFound: 'invoice.notFound',
  failed: 'paymentSuccess.waitingTitle',
};

function StateIcon({ state }: { state: ConfirmationState }) {
  const tone =
    state === 'confirmed'
      ? 'bg-success-soft text-success'
      : state === 'waiting'
        ? 'bg-primary-soft text-primary'
        : 'bg-surface text-muted';
  const Icon =
    state === 'confirmed'
      ? CircleCheck
      : state === 'slow'
        ? Clock
        : state === 'refund'
          ? Undo2
          : state === 'cancelled'
            ? Ban
            : FileX;
  return (
    <span className={`grid size-14 place-items-center rounded-full ${tone}`}>
      {state === 'waiting' ? <Spinner className="size-7" /> : <Icon aria-hidden="true" className="size-7" />}
    </span>
  );
}

function Confirmation({ invoiceId }: { invoiceId: string | null }) {
  const { t, lang } = useI18n();
  const { portalId, branding, pathTo, invoicePathTo } = useSignedIn();
  // Without an invoice in the address there is nothing to read.
  const detail = useInvoiceDetail(portalId, invoiceId ?? '', { enabled: invoiceId !== null });
  const invoice = invoiceId ? detail.data : undefined;
  const waitedLong = usePaymentPolling(
    portalId,
    invoiceId ?? '',
    invoiceId !== null && invoice !== undefined && isUnpaid(invoice.status),
  );
  const state = confirmationState({
    status: invoice?.status,
    refunds: invoice?.refunds.length ?? 0,
    notFound: invoiceId === null || isNotFound(detail.error),
    failed: detail.error !== null,
    waitedLong,
  });
  const refund = invoice?.refunds.at(-1);
  const title =
    state === 'refund' && refund
      ? `paymentSuccess.refundTitle.${refund.outcome}`
      : TITLES[state as keyof typeof TITLES];
  usePageTitle(t(title), branding?.name);
  useFirstContentMark(invoice !== undefined || detail.error !== null || invoiceId === null);
  // The dashboard's open amounts follow the payment.
  useEffect(() => {
    if (state === 'confirmed') store.invalidate(portalKeys.dashboard(portalId));
  }, [state, portalId]);
  if (state === 'failed' && detail.error) {
    return <LoadFailed message={detail.error.message} onRetry={() => void detail.refetch()} />;
  }
  const body =
    state === 'refund' && invoice && refund
      ? t(refundKey(invoice.status, refund.outcome), {
          amount: formatMoney(refund.amountCents, lang, refund.currency),
          date: formatDate(refund.receivedAt, lang),
        })
      : state === 'confirmed' && invoice
        ? t('paymentSuccess.confirmedBody', {
            number: invoice.number,
            amount: formatMoney(invoice.amountCents, lang, invoice.currency),
          })
        : state === 'cancelled' && invoice
          ? t('paymentSuccess.cancelledBody', { number: invoice.number })
          : state === 'slow'
            ? t('paymentSuccess.slowBody')
            : state === 'notFound'
              ? t('invoice.notFoundBody')
              : t('paymentSuccess.waitingBody');
  return (
    <Card className="mx-auto grid max-w-lg justify-items-center gap-4 p-6 text-center sm:p-8">
      <StateIcon state={state} />
      {/* The state changes by itself (live, or the polling): read out when it does. */}
      <div role="status" aria-live="polite" className="grid gap-2">
        <h1 tabIndex={-1} className="text-2xl font-semibold">
          {t(title)}
        </h1>
        <p className="text-muted">{body}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={pathTo('invoices')} className={buttonClass('primary', 'md')}>
          {t('paymentSuccess.back')}
        </Link>
        {invoice ? (
          <Link to={invoicePathTo(invoice.id)} className={buttonClass('secondary', 'md')}>
            {t('paymentSuccess.viewInvoice')}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * Where a card payment returns the client (`?invoice=<id>`, issue 21): "Confirming your payment…" until
 * the invoice reads paid, which happens live as soon as the payment provider's webhook lands (the
 * `invoice_status` activity reloads it; it is also asked for every 3 s as a fallback, for 2 minutes), then
 * the confirmed payment with its amount and number. Still unpaid after that: a calm "still processing".
 */
export default function PaymentSuccessPage() {
  const { portalId } = useSignedIn();
  const location = useLocationKey();
  const invoiceId = invoiceFromSearch(location);
  useEffect(() => {
    store.invalidate(portalKeys.invoices(portalId));
    store.invalidate(portalKeys.dashboard(portalId));
  }, [portalId]);
  return <Confirmation key={invoiceId ?? ''} invoiceId={invoiceId} />;
}
