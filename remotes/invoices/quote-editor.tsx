import type { Invoice } from '../../shared/contracts/invoices';
import type { Quote } from '../../shared/contracts/quotes';
import { useParams } from '../../shared/router';
import { DetailSkeleton } from '../../shared/ui/page-skeletons';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { type EditorForm, formFromInvoice } from './editor-state';
import { today } from './format';
import { useInvoiceTexts } from './i18n';
import {
  defaultTaxRateText,
  EditorView,
  ExistingDraft,
  newDraftForm,
  useEditorInputs,
} from './invoice-editor';
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
  const { search, clients, currency, settings } = useEditorInputs();
  const existing = useQuote(quoteId ?? '', Boolean(quoteId));
  useDocumentTitle(quoteId ? t('quotes.editor.editTitle') : t('quotes.editor.newTitle'));

  if (quoteId)
    return (
      <ExistingDraft query={existing} clientsPending={clients.isPending} kind="quote">
        {(quote) => (
          <EditorView
            key={quote.id}
            kind="quote"
            invoice={quote}
            initial={formFromQuote(quote, lang)}
            clients={clients.data ?? []}
            defaultTaxRate=""
          />
        )}
      </ExistingDraft>
    );

  if (clients.isPending || currency.isPending || settings.isPending) return <DetailSkeleton />;
  const client = clients.data?.find((candidate) => candidate.id === (search.get('client') ?? ''));
  const defaultTaxRate = defaultTaxRateText(settings.data?.defaultTaxRateBp, lang);
  const valid = new Date();
  valid.setDate(valid.getDate() + (settings.data?.defaultQuoteValidDays ?? 30));
  const initial = newDraftForm({
    client,
    projectId: '',
    currency: currency.data,
    lang,
    dueDate: today(valid),
    defaultTaxRate,
  });
  return (
    <EditorView kind="quote" initial={initial} clients={clients.data ?? []} defaultTaxRate={defaultTaxRate} />
  );
}
