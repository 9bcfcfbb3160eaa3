import { Download, FileCheck2, Percent, Receipt } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { ApiError } from '../../shared/api/error';
import type { Quote, QuoteInvoiceCreate } from '../../shared/contracts/quotes';
import { formatDate, formatDateTime } from '../../shared/format/date';
import { INVOICE_STATUS, QUOTE_STATUS } from '../../shared/invoices/status';
import { Link, useNavigate, useParams } from '../../shared/router';
import { Button } from '../../shared/ui/button';
import { TitledCard } from '../../shared/ui/card';
import { DetailPage } from '../../shared/ui/detail-page';
import { ConfirmDialog, Dialog } from '../../shared/ui/dialog';
import { Field } from '../../shared/ui/field';
import { DetailHeader } from '../../shared/ui/page-header';
import { StatusBadge } from '../../shared/ui/status-badge';
import { toast } from '../../shared/ui/toaster';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { ClientItem, DetailsCard, DocumentBody, DownloadLink, draftActions, Item } from './document-parts';
import { formatDay, money } from './format';
import { useInvoiceTexts } from './i18n';
import { invoicePath } from './invoice-table';
import { QUOTES_BASE } from './quote-list';
import { quotePdfUrl, useDeleteQuote, useInvoiceFromQuote, useQuote, useSendQuote } from './quotes-api';

type Open = 'send' | 'delete' | 'deposit' | null;

/**
 * One quote (`/dashboard/invoices/quotes/:quoteId`, issue 28): its lines and totals, validity, the client's
 * decision as recorded (who, when, from which address, the SHA-256 of what was accepted), the invoices made
 * of it, and what its status allows: a draft is edited, sent or deleted; an accepted quote becomes an invoice
 * in one click (all of it, or a deposit percentage and later the rest). Live: the client's decision arrives
 * as a quote event and refetches the page.
 */
export default function QuotePage() {
  const { t } = useInvoiceTexts();
  const { quoteId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuote(quoteId);
  useDocumentTitle(detail.data ? (detail.data.number ?? t('draftNumber')) : t('quotes.title'));
  return (
    <DetailPage
      query={detail}
      t={(key) => t(key.startsWith('detail.') || key.startsWith('error.') ? `quotes.${key}` : key)}
    >
      {(quote) => <QuoteView quote={quote} onDeleted={() => navigate(QUOTES_BASE, { replace: true })} />}
    </DetailPage>
  );
}

function QuoteView({ quote, onDeleted }: { quote: Quote; onDeleted: () => void }) {
  const { t, lang } = useInvoiceTexts();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const send = useSendQuote(quote.id);
  const remove = useDeleteQuote(quote.id);
  const invoice = useInvoiceFromQuote(quote.id);
  const isDraft = quote.status === 'draft';
  const can = (part: QuoteInvoiceCreate['part']) => quote.invoiceable.includes(part);
  const amount = (cents: number) => money(cents, quote.currency, lang);
  const failed = (title: string, cause: unknown) =>
    toast.error(title, { description: (cause as Partial<ApiError> | undefined)?.message });

  async function makeInvoice(body: QuoteInvoiceCreate) {
    try {
      const made = await invoice.mutateAsync(body);
      toast.success(t('quotes.invoice.created'));
      navigate(invoicePath(made.id));
    } catch (cause) {
      failed(t('quotes.invoice.failed'), cause);
    }
  }

  return (
    <>
      <DetailHeader
        back={{ label: t('quotes.back'), to: QUOTES_BASE }}
        title={<span data-testid="quote-number">{quote.number ?? t('draftNumber')}</span>}
        titleClassName="tabular-nums"
        badge={<StatusBadge status={quote.status} map={QUOTE_STATUS} t={t} />}
        meta={
          <>
            <p className="text-sm text-muted">{quote.client.name}</p>
            <p className="text-3xl font-semibold tracking-tight tabular-nums" data-testid="quote-amount">
              {amount(quote.amountCents)}
            </p>
          </>
        }
        actions={[
          ...draftActions(t, isDraft, { onSend: () => setOpen('send'), onDelete: () => setOpen('delete') }),
          can('full') && {
            label: t('quotes.invoice.full'),
            icon: Receipt,
            variant: 'primary',
            onClick: () => void makeInvoice({ part: 'full' }),
          },
          can('deposit') && {
            label: t('quotes.invoice.deposit'),
            icon: Percent,
            onClick: () => setOpen('deposit'),
          },
          can('rest') && {
            label: t('quotes.invoice.rest'),
            icon: Receipt,
            variant: 'primary',
            onClick: () => void makeInvoice({ part: 'rest' }),
          },
        ]}
      />

      <DocumentBody doc={quote}>
        <DetailsCard>
          <ClientItem client={{ name: quote.client.name, email: quote.client.email }} />
          <Item label={t('quotes.validUntil')}>{formatDay(quote.validUntil, lang)}</Item>
          {quote.issuedAt ? (
            <Item label={t('columns.issued')}>{formatDate(quote.issuedAt, lang)}</Item>
          ) : null}
          {quote.legal.supplyDate ? (
            <Item label={t('editor.supplyDate')}>{formatDay(quote.legal.supplyDate, lang)}</Item>
          ) : null}
          <Item label={t('detail.language')}>{t(`language.${quote.language}`)}</Item>
        </DetailsCard>

        <TitledCard title={t('detail.documents')} className="gap-3">
          <DownloadLink
            href={quotePdfUrl(quote.id)}
            download={`${quote.number ?? t('draftNumber')}.pdf`}
            icon={Download}
            label={t('actions.pdf')}
          />
          {quote.contentSha256 ? (
            <p className="text-xs text-muted">
              {t('quotes.fingerprint')}{' '}
              <code className="font-mono break-all" data-testid="quote-sha256">
                {quote.contentSha256}
              </code>
            </p>
          ) : null}
        </TitledCard>

        {quote.decision ? <DecisionCard quote={quote} /> : null}

        {quote.invoices.length > 0 ? (
          <TitledCard title={t('quotes.invoices')} className="gap-3">
            <ul className="grid gap-2 text-sm" data-testid="quote-invoices">
              {quote.invoices.map((v) => (
                <li key={v.id} className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={invoicePath(v.id)} className="font-medium hover:text-primary">
                    {t(`quotes.part.${v.part}`)} · {v.number ?? t('draftNumber')}
                  </Link>
                  <span className="flex items-center gap-2 tabular-nums">
                    {amount(v.amountCents)}
                    <StatusBadge status={v.status} map={INVOICE_STATUS} t={t} />
                  </span>
                </li>
              ))}
            </ul>
          </TitledCard>
        ) : null}
      </DocumentBody>

      <ConfirmDialog
        open={open === 'send'}
        onOpenChange={(next) => setOpen(next ? 'send' : null)}
        title={t('quotes.send.title')}
        description={t('quotes.send.body', { client: quote.client.name, amount: amount(quote.amountCents) })}
        cancelLabel={t('dialog.cancel')}
        confirmLabel={t('quotes.send.confirm')}
        confirmVariant="primary"
        confirming={send.isPending}
        onConfirm={() =>
          void send.mutateAsync().then(
            () => {
              setOpen(null);
              toast.success(t('quotes.send.sent'));
            },
            (cause) => failed(t('quotes.send.failed'), cause),
          )
        }
      />
      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={(next) => setOpen(next ? 'delete' : null)}
        title={t('quotes.delete.title')}
        description={t('quotes.delete.body')}
        cancelLabel={t('dialog.cancel')}
        confirmLabel={t('quotes.delete.confirm')}
        confirming={remove.isPending}
        onConfirm={() =>
          void remove.mutateAsync().then(
            () => {
              toast.success(t('toast.deleted'));
              onDeleted();
            },
            (cause) => failed(t('toast.deleteFailed'), cause),
          )
        }
      />
      {open === 'deposit' ? (
        <DepositDialog
          quote={quote}
          pending={invoice.isPending}
          onOpenChange={(next) => setOpen(next ? 'deposit' : null)}
          onSubmit={(percent) => makeInvoice({ part: 'deposit', depositPercent: percent })}
        />
      ) : null}
    </>
  );
}

/** The acceptance (or decline) record: who, when, from which address, the content's SHA-256. */
function DecisionCard({ quote }: { quote: Quote }) {
  const { t, lang } = useInvoiceTexts();
  const d = quote.decision;
  if (!d) return null;
  return (
    <TitledCard
      title={t(d.outcome === 'accepted' ? 'quotes.record.accepted' : 'quotes.record.declined')}
      className="gap-3"
    >
      <dl className="grid gap-2 text-sm" data-testid="quote-record">
        <Item label={t('quotes.record.by')}>
          <span className="block">{d.name}</span>
          <span className="block text-muted [overflow-wrap:anywhere]">{d.email}</span>
        </Item>
        <Item label={t('quotes.record.at')}>{formatDateTime(d.at, lang)}</Item>
        <Item label={t('quotes.record.ip')}>
          <span className="font-mono">{d.ip}</span>
        </Item>
        {d.contentSha256 ? (
          <Item label="SHA-256">
            <code className="font-mono text-xs break-all">{d.contentSha256}</code>
          </Item>
        ) : null}
        {d.reason ? <Item label={t('quotes.record.reason')}>{d.reason}</Item> : null}
      </dl>
    </TitledCard>
  );
}

/** A deposit of whole percent (1–99) of the quote's total: one click makes its draft invoice. */
function DepositDialog({
  quote,
  pending,
  onOpenChange,
  onSubmit,
}: {
  quote: Quote;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (percent: number) => Promise<void>;
}) {
  const { t, lang } = useInvoiceTexts();
  const [value, setValue] = useState('30');
  const [error, setError] = useState<string | undefined>();
  const percent = /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  const valid = percent >= 1 && percent <= 99;
  const share = valid ? Math.round((quote.amountCents * percent) / 100) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setError(t('validation.depositPercent'));
      return;
    }
    void onSubmit(percent);
  }
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('quotes.deposit.title')}
      description={t('quotes.deposit.body')}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          label={t('quotes.deposit.percent')}
          name="depositPercent"
          inputMode="numeric"
          value={value}
          error={error}
          hint={
            share === null
              ? undefined
              : t('quotes.deposit.about', { amount: money(share, quote.currency, lang) })
          }
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            <FileCheck2 aria-hidden="true" className="size-4" />
            {t('quotes.deposit.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
