import { AlertTriangle } from 'lucide-react';
import { defaultCurrency, type Invoice } from '../../shared/contracts/invoices';
import type { Quote } from '../../shared/contracts/quotes';
import { Link, useParams, useSearchParams } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { BackLink, DetailLoadFailed } from '../../shared/ui/load-failed';
import { DetailSkeleton } from '../../shared/ui/page-skeletons';
import { StatePanel } from '../../shared/ui/state-panel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useClientOptions, useInvoiceSettings, useProviderCurrency } from './api';
import { type EditorForm, emptyLine, formFromInvoice } from './editor-state';
import { rateText, today } from './format';
import { useInvoiceTexts } from './i18n';
import { EditorView } from './invoice-editor';
import { quotePagePath } from './quote-list';
import { useQuote } from './quotes-api';

/** A quote in the invoice editor's form: its validity where an invoice has its due date. */
const formFromQuote = (quote: Quote, lang: string): EditorForm =>
  formFromInvoice({ ...quote, dueDate: quote.validUntil } as unknown as Invoice, lang);

/**
 * Creating a draft quote (`quotes/new`, `?client=` prefills it) and editing one (`quotes/:quoteId/edit`),
 * with the invoice editor (issue 28). A sent quote is not editable: the page says so and links to it.
 */
export default function QuoteEditorPage() {
  const { t, lang } = useInvoiceTexts();
  const { quoteId } = useParams();
  const [search] = useSearchParams();
  const clients = useClientOptions();
  const currency = useProviderCurrency();
  const settings = useInvoiceSettings();
  const existing = useQuote(quoteId ?? '', Boolean(quoteId));
  useDocumentTitle(quoteId ? t('quotes.editor.editTitle') : t('quotes.editor.newTitle'));

  if (quoteId) {
    if (existing.isPending || clients.isPending) return <DetailSkeleton />;
    if (existing.isError)
      return (
        <DetailLoadFailed
          error={existing.error}
          t={(key) => t(key)}
          retrying={existing.isFetching}
          onRetry={() => void existing.refetch()}
        />
      );
    if (existing.data.status !== 'draft')
      return (
        <div className="grid gap-6">
          <BackLink label={t('quotes.back')} to=".." />
          <StatePanel
            role="alert"
            icon={<AlertTriangle aria-hidden="true" className="size-6" />}
            title={t('quotes.editor.notEditable')}
            body={t('quotes.editor.notEditableBody')}
          >
            <Link to={quotePagePath(existing.data.id)} className={buttonClass('secondary')}>
              {t('quotes.editor.toQuote')}
            </Link>
          </StatePanel>
        </div>
      );
    return (
      <EditorView
        key={existing.data.id}
        kind="quote"
        invoice={existing.data}
        initial={formFromQuote(existing.data, lang)}
        clients={clients.data ?? []}
        defaultTaxRate=""
      />
    );
  }

  if (clients.isPending || currency.isPending || settings.isPending) return <DetailSkeleton />;
  const client = clients.data?.find((candidate) => candidate.id === (search.get('client') ?? ''));
  const rate = settings.data?.defaultTaxRateBp;
  const defaultTaxRate = rate === null || rate === undefined ? '' : rateText(rate, lang);
  const validDays = settings.data?.defaultQuoteValidDays ?? 30;
  const valid = new Date();
  valid.setDate(valid.getDate() + validDays);
  const initial: EditorForm = {
    clientId: client?.id ?? '',
    projectId: '',
    currency: defaultCurrency(lang === 'de' ? 'de' : 'en', currency.data),
    language: client?.language ?? (lang === 'de' ? 'de' : 'en'),
    description: '',
    dueDate: today(valid),
    // The expected day of supply: the invoices made of the quote take it over.
    supplyKind: 'day',
    supplyDate: today(),
    supplyFrom: '',
    supplyTo: '',
    taxMode: '',
    lines: [emptyLine(defaultTaxRate)],
  };
  return (
    <EditorView kind="quote" initial={initial} clients={clients.data ?? []} defaultTaxRate={defaultTaxRate} />
  );
}
