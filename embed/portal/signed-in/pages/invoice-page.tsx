import {
  ArrowLeft,
  Ban,
  CircleCheck,
  CreditCard,
  Download,
  ExternalLink,
  FileCheck2,
  FileCode2,
  Landmark,
  Undo2,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PortalInvoiceDetail } from '../../../../shared/contracts/invoices';
import { formatDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { Button, buttonClass } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { toast } from '../../../../shared/ui/toaster';
import { useEmbed } from '../../embedded/embed-state';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { formatCalendarDate } from '../format';
import { dueState } from '../invoices/due-state';
import { dueSuffix, withDueSuffix } from '../invoices/due-text';
import { formatQuantity, formatTaxRate } from '../invoices/invoice-format';
import { isUnpaid, localToday, shownStatus } from '../invoices/invoice-list';
import { refundKey } from '../invoices/invoice-refunds';
import {
  type CheckoutOpened,
  downloadInvoicePdf,
  type InvoiceFileFormat,
  isNotFound,
  startCardPayment,
  useInvoiceDetail,
  usePaymentPolling,
} from '../invoices/invoices-data';
import { useSignedIn } from '../signed-in-context';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { DocumentColumns, DownloadButton, MissingDocument } from './document-parts';

export function BackLink() {
  const { t } = useI18n();
  const { pathTo } = useSignedIn();
  return (
    <Link
      to={pathTo('invoices')}
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('invoice.back')}
    </Link>
  );
}

const FILE_LABELS = {
  invoice: {
    pdf: 'invoice.downloadPdf',
    xrechnung: 'invoice.downloadXrechnung',
    zugferd: 'invoice.downloadZugferd',
  },
  credit_note: {
    pdf: 'invoice.downloadCreditNote',
    xrechnung: 'invoice.downloadCreditNoteXrechnung',
    zugferd: 'invoice.downloadCreditNoteZugferd',
  },
} as const;

/**
 * "Download PDF": the server's PDF, read with the client's token; for a cancelled invoice also its credit
 * note ("Stornorechnung"), which the client keeps with the invoice for their books. `format` the e-invoice
 * instead (issue 28): XRechnung XML or ZUGFeRD PDF, for the client's accounting software.
 */
function PdfButton({
  invoice,
  document: pdf = 'invoice',
  format = 'pdf',
}: {
  invoice: PortalInvoiceDetail;
  document?: 'invoice' | 'credit_note';
  format?: InvoiceFileFormat;
}) {
  const { t } = useI18n();
  const { portalId } = useSignedIn();
  return (
    <DownloadButton
      icon={format === 'xrechnung' ? FileCode2 : format === 'zugferd' ? FileCheck2 : Download}
      label={t(FILE_LABELS[pdf][format])}
      failed={t(format === 'pdf' ? 'invoice.downloadFailed' : 'invoice.eInvoiceFailed')}
      download={() => downloadInvoicePdf(portalId, invoice, t('errors.network'), pdf, format)}
    />
  );
}

/** The card payment: "Pay now", and inside the widget what happened to the tab it opened. */
function CardPayment({ invoice }: { invoice: PortalInvoiceDetail }) {
  const { t } = useI18n();
  const { portalId } = useSignedIn();
  const embedded = useEmbed() !== null;
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<CheckoutOpened | null>(null);
  // While the payment page is open elsewhere, the invoice is read again now and then (the live event
  // usually comes first); after two minutes the page says that nothing is confirmed yet.
  const waitedLong = usePaymentPolling(portalId, invoice.id, opened !== null && opened.kind !== 'here');
  // Back from the payment page through the browser's back button (the page restored as it was left).
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  const pay = () => {
    setBusy(true);
    startCardPayment(portalId, invoice.id, { embedded, network: t('errors.network') })
      .then((result) => {
        setOpened(result);
        // This tab is leaving for the payment page: the button stays busy until it has gone.
        if (result.kind !== 'here') setBusy(false);
      })
      .catch((error: unknown) => {
        setBusy(false);
        toast.error(error instanceof Error ? error.message : t('errors.network'));
      });
  };
  return (
    <div className="grid gap-3">
      <Button size="lg" className="w-full" loading={busy} onClick={pay}>
        {busy ? null : <CreditCard aria-hidden="true" className="size-5" />}
        {t('invoice.payNow')}
      </Button>
      <p className="text-sm text-muted">{t('invoice.payNowHint')}</p>
      <div role="status" className="empty:hidden">
        {opened?.kind === 'tab' ? (
          <p className="rounded-lg bg-surface p-3 text-sm">{t('invoice.payTabOpened')}</p>
        ) : opened?.kind === 'link' ? (
          <div className="grid justify-items-start gap-2 rounded-lg bg-surface p-3 text-sm">
            <p>{t('invoice.payLinkHint')}</p>
            <a
              href={opened.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'sm')}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('invoice.payLink')}
            </a>
          </div>
        ) : null}
        {waitedLong ? <p className="mt-2 text-sm text-muted">{t('invoice.payStillWaiting')}</p> : null}
      </div>
    </div>
  );
}

/**
 * Card payments that arrived after the invoice was cancelled or already paid (a payment page left open):
 * each is refunded automatically; the client sees which and how far that is.
 */
function Refunds({ invoice }: { invoice: PortalInvoiceDetail }) {
  const { t, lang } = useI18n();
  if (invoice.refunds.length === 0) return null;
  return (
    <ul className="grid gap-2" data-testid="invoice-refunds">
      {invoice.refunds.map((refund) => (
        <li key={refund.receivedAt} className="flex items-start gap-2 rounded-lg bg-surface p-3 text-sm">
          <Undo2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
          <span>
            {t(refundKey(invoice.status, refund.outcome), {
              amount: formatMoney(refund.amountCents, lang, refund.currency),
              date: formatDate(refund.receivedAt, lang),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** How to pay this invoice, or that it is settled (and what became of a payment that came too late). */
function PaymentPanel({ invoice }: { invoice: PortalInvoiceDetail }) {
  const { t, lang } = useI18n();
  if (invoice.status === 'paid') {
    return (
      <div className="grid gap-3">
        <Card className="flex items-start gap-3 border-success/30 bg-success-soft p-5">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
          <div className="grid gap-1">
            <h2 className="font-semibold text-success">
              {invoice.paidOn
                ? t('invoices.paidOn', { date: formatCalendarDate(invoice.paidOn, lang) })
                : t('status.invoice.paid')}
            </h2>
            <p className="text-sm">{t('invoice.paidBody')}</p>
          </div>
        </Card>
        <Refunds invoice={invoice} />
      </div>
    );
  }
  if (invoice.status === 'cancelled') {
    return (
      <div className="grid gap-3">
        <Card className="flex items-start gap-3 p-5">
          <Ban aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-muted" />
          <div className="grid gap-1">
            <h2 className="font-semibold">{t('invoice.cancelled')}</h2>
            <p className="text-sm text-muted">{t('invoice.cancelledBody')}</p>
            {invoice.creditNoteNumber ? (
              <p className="text-sm text-muted">
                {t('invoice.creditNote', { number: invoice.creditNoteNumber })}
              </p>
            ) : null}
          </div>
        </Card>
        <Refunds invoice={invoice} />
      </div>
    );
  }
  const overdue = shownStatus(invoice, localToday()) === 'overdue';
  const due = invoice.dueDate ? formatCalendarDate(invoice.dueDate, lang) : '';
  return (
    <Card className="grid gap-4 p-5" role="region" aria-labelledby="invoice-payment">
      <div className="grid gap-1">
        <h2 id="invoice-payment" className="text-sm font-medium text-muted">
          {t('invoice.amountDue')}
        </h2>
        <p className="text-3xl font-semibold tabular-nums" data-testid="invoice-amount-due">
          {formatMoney(invoice.balanceCents, lang, invoice.currency)}
        </p>
        {invoice.paidCents > 0 ? (
          // Partial payments (issue 28): what is due is the balance; the total and what was paid beside it.
          <p className="text-sm text-muted" data-testid="invoice-paid-so-far">
            {t('partialPayment.paidOfTotal', {
              paid: formatMoney(invoice.paidCents, lang, invoice.currency),
              total: formatMoney(invoice.amountCents, lang, invoice.currency),
            })}
          </p>
        ) : null}
        {due ? (
          <p className={overdue ? 'text-sm font-medium text-danger' : 'text-sm text-muted'}>
            {withDueSuffix(
              overdue ? t('invoices.overdueSince', { date: due }) : t('invoices.dueOn', { date: due }),
              dueSuffix(t, dueState(invoice, localToday())),
            )}
          </p>
        ) : null}
      </div>
      {invoice.payment.method === 'card' ? <CardPayment invoice={invoice} /> : null}
      {invoice.payment.method !== 'none' && invoice.payment.instructions ? (
        // The provider's own instructions (bank details): the way to pay, or another one beside the card.
        <div className="grid gap-2 border-t border-line pt-4">
          <h3 className="flex items-center gap-2 font-semibold">
            <Landmark aria-hidden="true" className="size-4 text-primary" />
            {invoice.payment.method === 'card' ? t('invoice.otherWays') : t('invoice.howToPay')}
          </h3>
          <p className="text-sm break-words whitespace-pre-line">{invoice.payment.instructions}</p>
          <p className="text-sm text-muted">{t('invoice.reference', { number: invoice.number })}</p>
        </div>
      ) : null}
    </Card>
  );
}

/** The lines, the subtotal, each tax rate's tax on its net sum, and the total (an invoice's or a quote's). */
export function InvoiceLines({
  invoice,
}: {
  invoice: Pick<
    PortalInvoiceDetail,
    'lines' | 'legal' | 'subtotalCents' | 'taxes' | 'amountCents' | 'currency'
  >;
}) {
  const { t, lang } = useI18n();
  const money = (cents: number) => formatMoney(cents, lang, invoice.currency);
  const cell = 'px-4 py-3 sm:px-5';
  const wide = 'hidden sm:table-cell';
  return (
    <section aria-labelledby="invoice-items" className="grid content-start gap-3">
      <h2 id="invoice-items" className="text-lg font-semibold">
        {t('invoice.items')}
      </h2>
      {invoice.legal.supplyDate || (invoice.legal.supplyFrom && invoice.legal.supplyTo) ? (
        <p className="text-sm text-muted" data-testid="invoice-supply">
          {invoice.legal.supplyDate
            ? t('invoice.supplyDate', { date: formatCalendarDate(invoice.legal.supplyDate, lang) })
            : t('invoice.supplyPeriod', {
                from: formatCalendarDate(invoice.legal.supplyFrom ?? '', lang),
                to: formatCalendarDate(invoice.legal.supplyTo ?? '', lang),
              })}
        </p>
      ) : null}
      {invoice.legal.notes.map((note) => (
        <p key={note} className="text-sm">
          {note}
        </p>
      ))}
      <Card className="overflow-hidden">
        <table className="w-full text-sm">
          <thead className="bg-surface text-left text-xs font-medium text-muted">
            <tr>
              <th scope="col" className={cell}>
                {t('invoice.description')}
              </th>
              <th scope="col" className={`${cell} ${wide} text-right`}>
                {t('invoice.quantity')}
              </th>
              <th scope="col" className={`${cell} ${wide} text-right`}>
                {t('invoice.unitPrice')}
              </th>
              <th scope="col" className={`${cell} ${wide} text-right`}>
                {t('invoice.tax')}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t('invoice.amount')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {invoice.lines.map((line) => (
              <tr key={line.position} className="align-top">
                <td className={cell}>
                  <span className="block break-words whitespace-pre-line">{line.description}</span>
                  {/* On a phone the three middle columns are one line under the description. */}
                  <span className="mt-0.5 block text-xs text-muted sm:hidden">
                    {t('invoice.lineDetail', {
                      quantity: formatQuantity(line.quantityMilli, lang),
                      price: money(line.unitPriceCents),
                    })}
                    {line.taxRateBp
                      ? ` · ${t('invoice.lineTax', { rate: formatTaxRate(line.taxRateBp, lang) })}`
                      : ''}
                  </span>
                </td>
                <td className={`${cell} ${wide} text-right tabular-nums`}>
                  {formatQuantity(line.quantityMilli, lang)}
                </td>
                <td className={`${cell} ${wide} text-right tabular-nums whitespace-nowrap`}>
                  {money(line.unitPriceCents)}
                </td>
                <td className={`${cell} ${wide} text-right tabular-nums whitespace-nowrap`}>
                  {line.taxRateBp ? formatTaxRate(line.taxRateBp, lang) : t('invoice.noTax')}
                </td>
                <td className={`${cell} text-right font-medium tabular-nums whitespace-nowrap`}>
                  {money(line.amountCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid gap-2 border-t border-line px-4 py-4 text-sm sm:px-5">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t('invoice.subtotal')}</dt>
            <dd className="tabular-nums">{money(invoice.subtotalCents)}</dd>
          </div>
          {invoice.taxes.map((group) => (
            <div key={group.rateBp} className="flex justify-between gap-4">
              <dt className="text-muted">
                {t('invoice.taxGroup', {
                  rate: formatTaxRate(group.rateBp, lang),
                  net: money(group.netCents),
                })}
              </dt>
              <dd className="tabular-nums">{money(group.taxCents)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t border-line pt-3 text-base font-semibold">
            <dt>{t('invoice.total')}</dt>
            <dd className="tabular-nums">{money(invoice.amountCents)}</dd>
          </div>
        </dl>
      </Card>
    </section>
  );
}

function InvoiceView({ invoice }: { invoice: PortalInvoiceDetail }) {
  const { t, lang } = useI18n();
  const { projectPathTo } = useSignedIn();
  const status = isUnpaid(invoice.status) ? shownStatus(invoice, localToday()) : invoice.status;
  return (
    <>
      <PageHeader
        title={t('invoice.title', { number: invoice.number })}
        description={
          <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusBadge kind="invoice" status={status} />
            <span className="text-sm">
              {t('invoice.issued', { date: formatDate(invoice.issuedAt, lang) })}
            </span>
            {invoice.project ? (
              <Link to={projectPathTo(invoice.project.id)} className="text-sm font-medium hover:underline">
                {t('invoice.project', { name: invoice.project.name })}
              </Link>
            ) : null}
          </span>
        }
        actions={
          <span className="flex flex-wrap gap-2">
            <PdfButton invoice={invoice} />
            {/* Only the e-invoices the server can make now (`eInvoices`: the download's own rule). */}
            {invoice.eInvoices.xrechnung ? <PdfButton invoice={invoice} format="xrechnung" /> : null}
            {invoice.eInvoices.zugferd ? <PdfButton invoice={invoice} format="zugferd" /> : null}
            {invoice.creditNoteNumber ? (
              <>
                <PdfButton invoice={invoice} document="credit_note" />
                {invoice.eInvoices.xrechnung ? (
                  <PdfButton invoice={invoice} document="credit_note" format="xrechnung" />
                ) : null}
                {invoice.eInvoices.zugferd ? (
                  <PdfButton invoice={invoice} document="credit_note" format="zugferd" />
                ) : null}
              </>
            ) : null}
            {!invoice.eInvoices.xrechnung || !invoice.eInvoices.zugferd ? (
              <span className="self-center text-xs text-muted" data-testid="einvoice-unavailable">
                {t(
                  invoice.eInvoices.zugferd ? 'invoice.xrechnungUnavailable' : 'invoice.eInvoiceUnavailable',
                )}
              </span>
            ) : null}
          </span>
        }
      />
      <DocumentColumns description={invoice.description} aside={<PaymentPanel invoice={invoice} />}>
        <InvoiceLines invoice={invoice} />
      </DocumentColumns>
    </>
  );
}

/**
 * One of the client's invoices (issue 21): its lines, tax groups and totals, the PDF, and how to pay it:
 * by card ("Pay now", Stripe Checkout; only while it is open), by the provider's payment instructions, or
 * not at all; paid shows when, and a card payment that came after it was cancelled or paid shows its
 * refund. It follows the invoice live (a payment, a refund or a status change reloads it). Another client's invoice, a
 * draft or an unknown id: "Invoice not found".
 */
export default function InvoicePage({ invoiceId }: { invoiceId: string }) {
  const { t } = useI18n();
  const { portalId, branding } = useSignedIn();
  const detail = useInvoiceDetail(portalId, invoiceId);
  usePageTitle(
    detail.data ? t('invoice.title', { number: detail.data.number }) : t('nav.invoices'),
    branding?.name,
  );
  useFirstContentMark(detail.data !== undefined || detail.error !== null);
  if (!detail.data) {
    return (
      <>
        <BackLink />
        <MissingDocument
          notFound={isNotFound(detail.error)}
          error={detail.error}
          onRetry={() => void detail.refetch()}
          title={t('invoice.notFound')}
          body={t('invoice.notFoundBody')}
        />
      </>
    );
  }
  return (
    <>
      <BackLink />
      <InvoiceView invoice={detail.data} />
    </>
  );
}
