import { CircleCheck, Clock, Download, FileSignature, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { PortalQuote } from '../../../../shared/contracts/quotes';
import { formatDate, formatDateTime } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { toast } from '../../../../shared/ui/toaster';
import { call } from '../../api/portal-api';
import { frameHooks } from '../../embedded/embed-state';
import { useI18n } from '../../i18n/i18n-context';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { store, useAction } from '../data-store';
import { fetchBlob } from '../files/file-blobs';
import { formatCalendarDate } from '../format';
import { isNotFound } from '../invoices/invoices-data';
import { portalKeys, useQuotes } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { DocumentColumns, DownloadButton, MissingDocument } from './document-parts';
import { BackLink, InvoiceLines } from './invoice-page';

const quoteBase = (portalId: string, quoteId: string) =>
  `/api/portal/${encodeURIComponent(portalId)}/quotes/${encodeURIComponent(quoteId)}`;

/** The quote's PDF, read with the client's token, saved under its number. */
function PdfButton({ quote }: { quote: PortalQuote }) {
  const { t } = useI18n();
  const { portalId } = useSignedIn();
  const download = async () => {
    const blob = await fetchBlob(`${quoteBase(portalId, quote.id)}/pdf`, t('errors.network'));
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `${quote.number}.pdf`;
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <DownloadButton
      icon={Download}
      label={t('quote.downloadPdf')}
      failed={t('quote.downloadFailed')}
      download={download}
    />
  );
}

/** The recorded decision: who, when, from which address, and the fingerprint accepted. */
function DecisionRecord({ quote }: { quote: PortalQuote }) {
  const { t, lang } = useI18n();
  const d = quote.decision;
  if (!d) return null;
  const accepted = d.outcome === 'accepted';
  return (
    <Card
      className={`grid gap-3 p-5 ${accepted ? 'border-success/30 bg-success-soft' : ''}`}
      data-testid="quote-record"
    >
      <h2 className={`flex items-center gap-2 font-semibold ${accepted ? 'text-success' : ''}`}>
        {accepted ? (
          <CircleCheck aria-hidden="true" className="size-5" />
        ) : (
          <XCircle aria-hidden="true" className="size-5" />
        )}
        {accepted ? t('quote.accepted') : t('quote.declined')}
      </h2>
      <dl className="grid gap-1.5 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted">{t('quote.by')}</dt>
          <dd>
            {d.name} ({d.email})
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted">{t('quote.at')}</dt>
          <dd>{formatDateTime(d.at, lang)}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted">{t('quote.ip')}</dt>
          <dd className="font-mono">{d.ip}</dd>
        </div>
        {d.contentSha256 ? (
          <div className="grid gap-0.5">
            <dt className="text-muted">{t('quote.fingerprint')}</dt>
            <dd className="font-mono text-xs break-all">{d.contentSha256}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

/**
 * Accept or decline a quote that waits for the client's decision. Each asks once more in place (what
 * accepting records; a reason for declining), then one call: the server records who, when, from where and
 * the fingerprint the client was shown, or refuses in the client's language (decided already, expired).
 */
function DecisionPanel({ quote }: { quote: PortalQuote }) {
  const { t, lang } = useI18n();
  const { portalId } = useSignedIn();
  const [step, setStep] = useState<'choose' | 'accept' | 'decline'>('choose');
  const [reason, setReason] = useState('');
  const amount = formatMoney(quote.amountCents, lang, quote.currency);
  const key = portalKeys.quotes(portalId);
  /** The answer is the quote as decided: it replaces the list's copy at once. */
  const settle = (next: PortalQuote) => {
    const list = store.state<{ items: PortalQuote[] }>(key).data;
    if (list) store.setData(key, { items: list.items.map((item) => (item.id === next.id ? next : item)) });
    else store.invalidate(key);
  };
  /** Refused (decided meanwhile, expired): the server's message, and the quote as it is now. */
  const fail = (error: Error) => {
    toast.error(error.message);
    store.invalidate(key);
  };
  const accept = useAction(
    () =>
      call(
        (api) =>
          api.POST('/api/portal/{portalId}/quotes/{quoteId}/accept', {
            params: { path: { portalId, quoteId: quote.id } },
            body: { contentSha256: quote.contentSha256 },
          }),
        t('errors.network'),
      ),
    {
      onSuccess: (next) => {
        toast.success(t('quote.acceptedToast'));
        // Inside the widget, the embedding page hears `quote.accepted`.
        frameHooks.quoteAccepted?.(next.id);
        settle(next);
      },
      onError: fail,
    },
  );
  const decline = useAction(
    () =>
      call(
        (api) =>
          api.POST('/api/portal/{portalId}/quotes/{quoteId}/decline', {
            params: { path: { portalId, quoteId: quote.id } },
            body: { reason: reason.trim() || null },
          }),
        t('errors.network'),
      ),
    {
      onSuccess: (next) => {
        toast.success(t('quote.declinedToast'));
        settle(next);
      },
      onError: fail,
    },
  );
  return (
    <Card className="grid gap-4 p-5" role="region" aria-labelledby="quote-decision">
      <div className="grid gap-1">
        <h2 id="quote-decision" className="text-sm font-medium text-muted">
          {t('quote.decideTitle')}
        </h2>
        <p className="text-3xl font-semibold tabular-nums">{amount}</p>
        <p className="text-sm text-muted">
          {t('quote.validUntil', { date: formatCalendarDate(quote.validUntil, lang) })}
        </p>
      </div>
      <div className="grid gap-0.5 text-xs text-muted">
        <span>{t('quote.fingerprint')}</span>
        <code className="font-mono break-all" data-testid="quote-sha256">
          {quote.contentSha256}
        </code>
      </div>
      {step === 'choose' ? (
        <div className="grid gap-2">
          <p className="text-sm">{t('quote.decideBody')}</p>
          <Button size="lg" className="w-full" onClick={() => setStep('accept')}>
            <FileSignature aria-hidden="true" className="size-5" />
            {t('quote.accept')}
          </Button>
          <Button variant="secondary" className="w-full" onClick={() => setStep('decline')}>
            {t('quote.decline')}
          </Button>
        </div>
      ) : step === 'accept' ? (
        <section className="grid gap-3 rounded-lg bg-surface p-3" aria-labelledby="quote-accept-title">
          <h3 id="quote-accept-title" className="font-semibold">
            {t('quote.acceptTitle')}
          </h3>
          <p className="text-sm">{t('quote.acceptBody', { number: quote.number, amount })}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep('choose')} disabled={accept.isPending}>
              {t('quote.cancel')}
            </Button>
            <Button loading={accept.isPending} onClick={() => accept.mutate(undefined)}>
              {t('quote.acceptConfirm')}
            </Button>
          </div>
        </section>
      ) : (
        <section className="grid gap-3 rounded-lg bg-surface p-3" aria-labelledby="quote-decline-title">
          <h3 id="quote-decline-title" className="font-semibold">
            {t('quote.declineTitle')}
          </h3>
          <p className="text-sm">{t('quote.declineBody')}</p>
          <label className="grid gap-1 text-sm font-medium">
            {t('quote.declineReason')}
            <textarea
              className="min-h-20 rounded-lg border border-line bg-canvas p-2 font-normal"
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep('choose')} disabled={decline.isPending}>
              {t('quote.cancel')}
            </Button>
            <Button variant="danger" loading={decline.isPending} onClick={() => decline.mutate(undefined)}>
              {t('quote.declineConfirm')}
            </Button>
          </div>
        </section>
      )}
    </Card>
  );
}

function QuoteView({ quote }: { quote: PortalQuote }) {
  const { t, lang } = useI18n();
  return (
    <>
      <PageHeader
        title={t('quote.title', { number: quote.number })}
        description={
          <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusBadge kind="quote" status={quote.status} />
            <span className="text-sm">{t('quote.issued', { date: formatDate(quote.issuedAt, lang) })}</span>
          </span>
        }
        actions={<PdfButton quote={quote} />}
      />
      <DocumentColumns
        description={quote.description}
        aside={
          <>
            {quote.status === 'sent' ? <DecisionPanel quote={quote} /> : null}
            {quote.status === 'expired' ? (
              <Card className="flex items-start gap-3 p-5">
                <Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-warning" />
                <div className="grid gap-1">
                  <h2 className="font-semibold">{t('quote.expired')}</h2>
                  <p className="text-sm text-muted">
                    {t('quote.expiredBody', { date: formatCalendarDate(quote.validUntil, lang) })}
                  </p>
                </div>
              </Card>
            ) : null}
            <DecisionRecord quote={quote} />
          </>
        }
      >
        <InvoiceLines invoice={quote} />
      </DocumentColumns>
    </>
  );
}

/**
 * One of the client's quotes (issue 28): its lines and totals, the PDF, and the decision: accept or decline
 * while it is valid, the record once decided, a note once expired. It reads the quote through the client's
 * list of quotes (one request for the list and its pages) and follows it live (a quote event reloads it).
 */
export default function QuotePage({ quoteId }: { quoteId: string }) {
  const { t } = useI18n();
  const { portalId, branding } = useSignedIn();
  const list = useQuotes(portalId);
  const quote = list.data?.items.find((item) => item.id === quoteId);
  usePageTitle(quote ? t('quote.title', { number: quote.number }) : t('nav.invoices'), branding?.name);
  useFirstContentMark(list.data !== undefined || list.error !== null);
  if (!quote) {
    return (
      <>
        <BackLink />
        <MissingDocument
          notFound={Boolean(list.data) || isNotFound(list.error)}
          error={list.error}
          onRetry={() => void list.refetch()}
          title={t('quote.notFound')}
          body={t('quote.notFoundBody')}
        />
      </>
    );
  }
  return (
    <>
      <BackLink />
      <QuoteView quote={quote} />
    </>
  );
}
