import { AlertTriangle, CheckCircle2, ExternalLink, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Invoice } from '../../shared/contracts/invoices';
import { buttonClass } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { Spinner } from '../../shared/ui/spinner';
import { toast } from '../../shared/ui/toaster';
import { useInvoiceTexts } from './i18n';
import { type StripeTone, stripeLine } from './stripe-state';

const TONE_CLASS: Record<StripeTone, string> = {
  busy: 'text-muted',
  ok: 'text-success',
  warning: 'text-warning',
  danger: 'text-danger',
};

function ToneIcon({ tone }: { tone: StripeTone }) {
  if (tone === 'busy') return <Spinner size="sm" className="mt-0.5 shrink-0" />;
  const Icon = tone === 'ok' ? CheckCircle2 : tone === 'warning' ? AlertTriangle : XCircle;
  return <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${TONE_CLASS[tone]}`} />;
}

/**
 * The invoice in the provider's Stripe account: being created, created and sent (spec §8: 'Invoice created
 * and sent via the payment provider', with "View in the payment provider"), retrying or given up with the
 * reason; after cancelling or paying, being closed there, closed, or still payable there. Announced to
 * screen readers as it changes; the push finishing while the page is open is also a toast.
 */
export function StripeCard({ invoice }: { invoice: Invoice }) {
  const { t } = useInvoiceTexts();
  const line = stripeLine(invoice);
  usePushToast(invoice);
  if (!line) return null;
  return (
    <Card className="grid gap-3 p-4 sm:p-6" data-testid="invoice-stripe">
      <h2 className="text-base font-semibold">{t('stripe.title')}</h2>
      <div role="status" aria-live="polite" className="flex items-start gap-2 text-sm">
        <ToneIcon tone={line.tone} />
        <div className="grid gap-0.5">
          <p>{t(line.key)}</p>
          {line.reason ? <p className="text-muted">{t(line.reason)}</p> : null}
        </div>
      </div>
      {invoice.stripe?.hostedUrl && invoice.status !== 'cancelled' ? (
        <a
          href={invoice.stripe.hostedUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClass('secondary', 'sm')} justify-self-start`}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('actions.viewInProvider')}
        </a>
      ) : null}
    </Card>
  );
}

/** A toast when the push this page was waiting for ends: created in Stripe, or given up. */
function usePushToast(invoice: Invoice) {
  const { t } = useInvoiceTexts();
  const previous = useRef(invoice.stripe?.push);
  useEffect(() => {
    const before = previous.current;
    const now = invoice.stripe?.push;
    previous.current = now;
    if (before !== 'pending' || now === before) return;
    if (now === 'sent')
      toast.success(t('send.sentViaProvider'), { description: invoice.number ?? undefined });
    if (now === 'failed')
      toast.warning(t('stripe.push.failed'), {
        description: invoice.stripe?.error ? t(`stripe.error.${invoice.stripe.error}`) : undefined,
      });
  }, [invoice.stripe?.push, invoice.stripe?.error, invoice.number, t]);
}
