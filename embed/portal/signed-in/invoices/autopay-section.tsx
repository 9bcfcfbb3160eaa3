import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PortalRecurringInvoice } from '../../../../shared/contracts/recurring';
import { formatDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { toast } from '../../../../shared/ui/toaster';
import { call } from '../../api/portal-api';
import { useEmbed } from '../../embedded/embed-state';
import { useI18n } from '../../i18n/i18n-context';
import { store, useData } from '../data-store';
import { formatCalendarDate } from '../format';
import { useSignedIn } from '../signed-in-context';

/*
 * Automatic payment of recurring invoices (issue 28), on the client's invoices page: each running schedule
 * whose provider offers it, with the card saved for it or the button to agree (a Stripe page in setup mode,
 * in this tab or, inside the widget, a new one) and to withdraw. Back from Stripe (`?autopay=<id>`), the
 * schedules are read again until the agreement the webhook records shows.
 */

const recurringKey = (portalId: string) => ['portal', portalId, 'invoices', 'recurring'] as const;

function useRecurring(portalId: string) {
  const { t } = useI18n();
  return useData(recurringKey(portalId), () =>
    call(
      (api) => api.GET('/api/portal/{portalId}/recurring-invoices', { params: { path: { portalId } } }),
      t('errors.network'),
    ),
  );
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };
const cardText = (brand: string | null, last4: string | null) =>
  [brand ? (BRANDS[brand] ?? brand) : null, last4 ? `•••• ${last4}` : null].filter(Boolean).join(' ');

function ScheduleRow({ schedule }: { schedule: PortalRecurringInvoice }) {
  const { t, lang } = useI18n();
  const { portalId, branding } = useSignedIn();
  const embedded = useEmbed() !== null;
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const agreement = schedule.autopay.agreement;
  const rhythm =
    schedule.frequency !== 'days'
      ? t(`autopay.rhythm.${schedule.frequency}`)
      : (schedule.intervalDays ?? 1) === 1
        ? t('autopay.rhythm.daily')
        : t('autopay.rhythm.everyDays', { count: schedule.intervalDays ?? 1 });
  const path = { params: { path: { portalId, recurringInvoiceId: schedule.id } } };

  const agree = () => {
    setBusy(true);
    const tab = embedded ? window.open('', '_blank') : null;
    if (tab) tab.opener = null;
    call(
      (api) => api.POST('/api/portal/{portalId}/recurring-invoices/{recurringInvoiceId}/autopay', path),
      t('errors.network'),
    )
      .then(({ url }) => {
        if (!embedded) return window.location.assign(url);
        setBusy(false);
        if (tab && !tab.closed) {
          tab.location.href = url;
          toast.info(t('autopay.openedTab'));
        } else setLink(url);
      })
      .catch((error: Error) => {
        tab?.close();
        setBusy(false);
        toast.error(t('autopay.failed'), { description: error.message });
      });
  };
  const withdraw = () => {
    setBusy(true);
    call(
      (api) => api.DELETE('/api/portal/{portalId}/recurring-invoices/{recurringInvoiceId}/autopay', path),
      t('errors.network'),
    )
      .then(() => {
        toast.success(t('autopay.withdrawn'));
        void store.fetch(recurringKey(portalId));
      })
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setBusy(false));
  };

  return (
    <li
      className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center sm:px-5"
      data-testid="autopay-schedule"
    >
      <div className="grid min-w-0 gap-0.5">
        <span className="font-semibold">
          {t('autopay.schedule', {
            amount: formatMoney(schedule.amountCents, lang, schedule.currency),
            rhythm,
          })}
        </span>
        {schedule.description ? (
          <span className="line-clamp-2 text-sm text-muted">{schedule.description}</span>
        ) : null}
        {schedule.nextDate ? (
          <span className="text-sm text-muted">
            {t('autopay.next', { date: formatCalendarDate(schedule.nextDate, lang) })}
          </span>
        ) : null}
        <span className="flex items-center gap-1.5 text-sm" data-testid="autopay-state">
          <CreditCard aria-hidden="true" className="size-4 shrink-0 text-subtle" />
          {agreement
            ? t('autopay.agreed', {
                card: cardText(agreement.cardBrand, agreement.cardLast4),
                date: formatDate(agreement.agreedAt, lang),
              })
            : t('autopay.notAgreed')}
        </span>
        {!agreement && schedule.autopay.endedByProviderAt ? (
          <span className="text-sm" data-testid="autopay-ended">
            {t('autopay.endedByProvider', {
              provider: branding?.name ?? '',
              date: formatDate(schedule.autopay.endedByProviderAt, lang),
            })}
          </span>
        ) : null}
        {!agreement ? (
          <span className="text-xs text-subtle">
            {t('autopay.agreeHint', { provider: branding?.name ?? '' })}
          </span>
        ) : null}
        {link ? (
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-primary underline"
          >
            {t('autopay.openLink')}
          </a>
        ) : null}
      </div>
      {agreement ? (
        <Button variant="secondary" disabled={busy} onClick={withdraw} className="w-full sm:w-auto">
          {t('autopay.withdraw')}
        </Button>
      ) : (
        <Button disabled={busy} onClick={agree} className="w-full sm:w-auto">
          {t('autopay.agree')}
        </Button>
      )}
    </li>
  );
}

/** The section; nothing shows when no schedule offers automatic payment. */
export function AutopaySection() {
  const { t } = useI18n();
  const { portalId, branding } = useSignedIn();
  const recurring = useRecurring(portalId);
  const items = (recurring.data?.items ?? []).filter((s) => s.autopay.offered || s.autopay.agreement);
  // Back from Stripe: the agreement is recorded by the webhook; read again until it shows (at most a minute).
  const returned = new URLSearchParams(window.location.search).get('autopay');
  const waiting = Boolean(
    returned && recurring.data && !recurring.data.items.some((s) => s.id === returned && s.autopay.agreement),
  );
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > 60_000) window.clearInterval(timer);
      else void store.fetch(recurringKey(portalId));
    }, 2000);
    return () => window.clearInterval(timer);
  }, [waiting, portalId]);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="autopay" className="mb-8 grid content-start gap-3">
      <h2 id="autopay" className="text-lg font-semibold">
        {t('autopay.title')}
      </h2>
      <p className="text-sm text-muted">{t('autopay.body', { provider: branding?.name ?? '' })}</p>
      {waiting ? (
        <p role="status" className="text-sm">
          {t('autopay.saving')}
        </p>
      ) : null}
      <Card className="overflow-hidden">
        <ul className="divide-y divide-line">
          {items.map((schedule) => (
            <ScheduleRow key={schedule.id} schedule={schedule} />
          ))}
        </ul>
      </Card>
    </section>
  );
}
