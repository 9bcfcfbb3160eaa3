import type { Invoice } from '../../shared/contracts/invoices';
import type { Quote } from '../../shared/contracts/quotes';
import { useParams } from '../../shared/router';
import { type EditorForm, formFromInvoice } from './editor-state';
import { today } from './format';
import { DraftEditorPage } from './invoice-editor';
import { useQuote } from './quotes-api';

/** A quote in the invoice editor's form: its validity where an invoice has its due date. */
const formFromQuote = (quote: Quote, lang: string): EditorForm =>
  formFromInvoice({ ...quote, dueDate: quote.validUntil } as unknown as Invoice, lang);

/**
 * Creating a draft quote (`quotes/new`, `?client=` prefills it) and editing one (`quotes/:quoteId/edit`),
 * with the invoice editor (issue 28). A sent quote is not editable: the page says so and links to it.
 */
export default function QuoteEditorPage() {
  const { quoteId } = useParams();
  const existing = useQuote(quoteId ?? '', Boolean(quoteId));
  return (
    <DraftEditorPage
      kind="quote"
      id={quoteId}
      query={existing}
      formOf={formFromQuote}
      newDraft={({ settings }) => {
        const valid = new Date();
        valid.setDate(valid.getDate() + (settings?.defaultQuoteValidDays ?? 30));
        return { projectId: '', dueDate: today(valid) };
      }}
    />
  );
}
