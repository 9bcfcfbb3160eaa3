import { Ban, CheckCircle2, Clock, Download, FileCheck2, FileCode2, FileMinus2 } from 'lucide-react';
import { useState } from 'react';
import { canTransition, type Invoice } from '../../shared/contracts/invoices';
import { formatDate } from '../../shared/format/date';
import { INVOICE_STATUS } from '../../shared/invoices/status';
import { Link, useNavigate, useParams } from '../../shared/router';
import { TitledCard } from '../../shared/ui/card';
import { DetailPage } from '../../shared/ui/detail-page';
import { DetailHeader } from '../../shared/ui/page-header';
import { StatusBadge } from '../../shared/ui/status-badge';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { creditNotePdfUrl, eInvoiceUrl, invoicePdfUrl, useInvoice, useInvoiceSettings } from './api';
import { ClientItem, DetailsCard, DocumentBody, DownloadLink, draftActions, Item } from './document-parts';
import { formatDay, money } from './format';
import { useInvoiceTexts } from './i18n';
import { CancelDialog, DeleteDialog, MarkOverdueDialog, MarkPaidDialog, SendDialog } from './invoice-dialogs';
import { INVOICES_BASE } from './invoice-table';
import { PaymentsCard } from './payments-card';
import { quotePagePath } from './quote-list';
import { useInvoiceReminders } from './reminders-api';
import { StripeCard } from './stripe-card';
import { latePaymentKey } from './stripe-state';

type Open = 'send' | 'paid' | 'overdue' | 'cancel' | 'delete' | null;

/**
 * One invoice (`/dashboard/invoices/:invoiceId`): its details, lines, tax groups and totals, what happened
 * to it, and the actions its status allows: Mark as paid / overdue from the API's `allowedStatuses`; sending
 * (a draft) and cancelling (sent or overdue, `INVOICE_TRANSITIONS`) have their own calls.
 * Live: an invoice event (a payment through Stripe, a refund, a Stripe job given up) refetches it
 * (`applyInvoiceActivity`); while a Stripe job is under way it is read again every few seconds (`useInvoice`)
 * and the Stripe card follows it (`stripe-card.tsx`).
 */
export default function InvoicePage() {
  const { t } = useInvoiceTexts();
  const { invoiceId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useInvoice(invoiceId);
  useDocumentTitle(detail.data ? (detail.data.number ?? t('draftNumber')) : t('title'));
  return (
    <DetailPage query={detail} t={(key) => t(key)}>
      {(invoice) => (
        <InvoiceView invoice={invoice} onDeleted={() => navigate(INVOICES_BASE, { replace: true })} />
      )}
    </DetailPage>
  );
}

/** Settings' invoice part, where the phone XRechnung needs is entered. */
const SETTINGS_INVOICES = '/dashboard/settings#invoices';

function InvoiceView({ invoice, onDeleted }: { invoice: Invoice; onDeleted: () => void }) {
  const { t, lang } = useInvoiceTexts();
  // XRechnung is refused (422) without the seller's phone (BR-DE-6): say so beside its link.
  const settings = useInvoiceSettings();
  const [open, setOpen] = useState<Open>(null);
  const dialog = (name: Exclude<Open, null>) => ({
    invoice,
    open: open === name,
    onOpenChange: (next: boolean) => setOpen(next ? name : null),
  });
  const isDraft = invoice.status === 'draft';
  const allowed = (status: Invoice['status']) => invoice.allowedStatuses.includes(status);
  const amount = (cents: number) => money(cents, invoice.currency, lang);
  const fileBase = invoice.number ?? t('draftNumber');

  return (
    <>
      <DetailHeader
        back={{ label: t('detail.back'), to: INVOICES_BASE }}
        title={<span data-testid="invoice-number">{invoice.number ?? t('draftNumber')}</span>}
        titleClassName="tabular-nums"
        badge={<StatusBadge status={invoice.status} map={INVOICE_STATUS} t={t} />}
        meta={
          <>
            <p className="text-sm text-muted">
              {invoice.client.name}
              {invoice.project ? (
                <>
                  {' · '}
                  <Link
                    to={`/dashboard/projects/${invoice.project.id}`}
                    className="hover:text-ink hover:underline"
                  >
                    {invoice.project.name}
                  </Link>
                </>
              ) : null}
            </p>
            <p className="text-3xl font-semibold tracking-tight tabular-nums" data-testid="invoice-amount">
              {amount(invoice.amountCents)}
            </p>
          </>
        }
        actions={[
          ...draftActions(t, isDraft, { onSend: () => setOpen('send'), onDelete: () => setOpen('delete') }),
          allowed('paid') && {
            label: t('actions.markPaid'),
            icon: CheckCircle2,
            variant: 'primary',
            onClick: () => setOpen('paid'),
          },
          allowed('overdue') && {
            label: t('actions.markOverdue'),
            icon: Clock,
            onClick: () => setOpen('overdue'),
          },
          canTransition(invoice.status, 'cancelled') && {
            label: t('actions.cancel'),
            icon: Ban,
            onClick: () => setOpen('cancel'),
          },
        ]}
      />

      <DocumentBody doc={invoice}>
        <DetailsCard>
          <ClientItem client={invoice.client} />
          <Item label={t('detail.currency')}>{t(`currency.${invoice.currency}`)}</Item>
          <Item label={t('detail.language')}>{t(`language.${invoice.language}`)}</Item>
          <Item label={t('columns.due')}>
            {invoice.dueDate ? formatDay(invoice.dueDate, lang) : t('detail.noDueDate')}
          </Item>
          {invoice.issuedAt ? (
            <Item label={t('columns.issued')}>{formatDate(invoice.issuedAt, lang)}</Item>
          ) : null}
          {invoice.legal.supplyDate ? (
            <Item label={t('editor.supplyDate')}>{formatDay(invoice.legal.supplyDate, lang)}</Item>
          ) : invoice.legal.supplyFrom && invoice.legal.supplyTo ? (
            <Item label={t('editor.supplyKind.period')}>
              {formatDay(invoice.legal.supplyFrom, lang)} – {formatDay(invoice.legal.supplyTo, lang)}
            </Item>
          ) : null}
          {invoice.legal.notes.length > 0 ? (
            <Item label={t('detail.legalNotes')}>
              {invoice.legal.notes.map((note) => (
                <span key={note} className="block">
                  {note}
                </span>
              ))}
            </Item>
          ) : null}
          {invoice.legal.missing.length > 0 ? (
            <Item label={t('editor.presendTitle')}>
              <span className="block text-danger">{t('editor.presendMissing')}</span>
              {invoice.legal.missing.map((problem) => (
                <span key={problem.path} className="block">
                  {t(problem.key)}
                </span>
              ))}
            </Item>
          ) : null}
          {invoice.paidOn ? (
            <Item label={t('columns.paid')}>
              {formatDay(invoice.paidOn, lang)}
              {invoice.paidVia ? (
                <span className="block text-muted">{t(`paidVia.${invoice.paidVia}`)}</span>
              ) : null}
            </Item>
          ) : null}
          {invoice.creditNote ? (
            <Item label={t('detail.creditNote')}>
              <span className="block tabular-nums">{invoice.creditNote.number}</span>
              <span className="block tabular-nums">{amount(-Math.abs(invoice.creditNote.amountCents))}</span>
              {invoice.creditNote.reason ? (
                <span className="block text-muted">{invoice.creditNote.reason}</span>
              ) : null}
            </Item>
          ) : null}
          {invoice.quote ? (
            <Item label={t('detail.quote')}>
              <Link
                to={quotePagePath(invoice.quote.id)}
                className="block font-medium tabular-nums hover:text-primary"
              >
                {invoice.quote.number}
              </Link>
              {invoice.quote.part === 'full' ? null : (
                <span className="block text-muted">{t(`quotes.part.${invoice.quote.part}`)}</span>
              )}
            </Item>
          ) : null}
        </DetailsCard>

        <TitledCard title={t('detail.documents')} className="gap-3">
          <div className="flex flex-wrap gap-2">
            <DownloadLink
              href={invoicePdfUrl(invoice.id)}
              download={`${fileBase}.pdf`}
              icon={Download}
              label={t('actions.pdf')}
            />
            {invoice.number ? (
              <>
                <DownloadLink
                  href={eInvoiceUrl(invoice.id, 'xrechnung')}
                  download={`${fileBase}.xml`}
                  icon={FileCode2}
                  label={t('actions.xrechnung')}
                />
                <DownloadLink
                  href={eInvoiceUrl(invoice.id, 'zugferd')}
                  download={`${fileBase}.pdf`}
                  icon={FileCheck2}
                  label={t('actions.zugferd')}
                />
              </>
            ) : null}
            {invoice.creditNote ? (
              <DownloadLink
                href={creditNotePdfUrl(invoice.id)}
                download={`${invoice.creditNote.number}.pdf`}
                icon={FileMinus2}
                label={t('actions.creditNotePdf')}
              />
            ) : null}
            {invoice.creditNote ? (
              <>
                <DownloadLink
                  href={eInvoiceUrl(invoice.id, 'xrechnung', true)}
                  download={`${invoice.creditNote.number}.xml`}
                  icon={FileCode2}
                  label={t('actions.creditNoteXrechnung')}
                />
                <DownloadLink
                  href={eInvoiceUrl(invoice.id, 'zugferd', true)}
                  download={`${invoice.creditNote.number}.pdf`}
                  icon={FileCheck2}
                  label={t('actions.creditNoteZugferd')}
                />
              </>
            ) : null}
          </div>
          {invoice.number && settings.data && !settings.data.phone ? (
            <p className="text-sm text-muted" data-testid="einvoice-phone-hint">
              {t('detail.eInvoicePhoneHint')}{' '}
              <Link to={SETTINGS_INVOICES} className="underline underline-offset-2">
                {t('detail.eInvoiceSettingsLink')}
              </Link>
            </p>
          ) : null}
        </TitledCard>

        <PaymentsCard invoice={invoice} />

        <StripeCard invoice={invoice} />

        <History invoice={invoice} />
      </DocumentBody>

      <SendDialog {...dialog('send')} />
      {open === 'paid' ? <MarkPaidDialog {...dialog('paid')} /> : null}
      <MarkOverdueDialog {...dialog('overdue')} />
      {open === 'cancel' ? <CancelDialog {...dialog('cancel')} /> : null}
      <DeleteDialog {...dialog('delete')} onDeleted={onDeleted} />
    </>
  );
}

/** What happened to the invoice, from its dates (each status change is also in the activity feed). */
function History({ invoice }: { invoice: Invoice }) {
  const { t, lang } = useInvoiceTexts();
  const steps: { key: string; text: string; at: string }[] = [
    { key: 'created', text: t('history.created'), at: invoice.createdAt },
  ];
  if (invoice.issuedAt)
    steps.push({
      key: 'sent',
      text: t('history.sent', { number: invoice.number ?? '' }),
      at: invoice.issuedAt,
    });
  if (invoice.status === 'overdue')
    steps.push({ key: 'overdue', text: t('history.overdue'), at: invoice.updatedAt });
  if (invoice.paidAt) steps.push({ key: 'paid', text: t('history.paid'), at: invoice.paidAt });
  if (invoice.cancelledAt)
    steps.push({
      key: 'cancelled',
      text: t('history.cancelled', { number: invoice.creditNote?.number ?? '' }),
      at: invoice.cancelledAt,
    });
  // Card payments that came after it was closed, and what became of them (refunded automatically). Stripe
  // dates them to the second: never before the closing they came after.
  const closedAt = invoice.cancelledAt ?? invoice.paidAt ?? '';
  for (const payment of invoice.payments) {
    // Every payment applied (issue 28: parts by hand or through Stripe; the last one also reads "Paid").
    if (payment.outcome === 'applied')
      steps.push({
        key: `applied-${payment.id}`,
        text: t('history.payment', {
          amount: money(payment.amountCents, payment.currency, lang),
          source: t(`payments.source.${payment.source}`),
        }),
        at: payment.receivedAt,
      });
    const key = latePaymentKey(payment);
    if (key)
      steps.push({
        key: `payment-${payment.id}`,
        text: t(key, { amount: money(payment.amountCents, payment.currency, lang) }),
        at: payment.receivedAt > closedAt ? payment.receivedAt : closedAt,
      });
  }
  // Payment reminders the job sent (issue 28), and the next one while it is unpaid.
  const reminders = useInvoiceReminders(invoice.id, invoice.status !== 'draft').data;
  for (const reminder of reminders?.items ?? []) {
    steps.push({
      key: `reminder-${reminder.id}`,
      text: t('reminders.sent', { step: reminder.step, email: reminder.sentTo }),
      at: reminder.sentAt,
    });
  }
  const next = reminders?.next;
  steps.sort((a, b) => a.at.localeCompare(b.at));
  return (
    <TitledCard title={t('history.title')} className="gap-3">
      <ol className="grid gap-2 border-l border-line pl-4 text-sm">
        {steps.map((step) => (
          <li key={step.key} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary"
            />
            <span className="block">{step.text}</span>
            <time dateTime={step.at} className="text-xs text-muted">
              {formatDate(step.at, lang)}
            </time>
          </li>
        ))}
      </ol>
      {next ? (
        <p className="text-xs text-muted">
          {t('reminders.next', { step: next.step, date: formatDay(next.on, lang) })}
        </p>
      ) : null}
      <p className="text-xs text-subtle">{t(`history.hint.${invoice.status}`)}</p>
    </TitledCard>
  );
}
