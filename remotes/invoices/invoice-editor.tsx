import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import type { ApiError } from '../../shared/api/error';
import { defaultCurrency, type Invoice } from '../../shared/contracts/invoices';
import { reverseChargeApplies } from '../../shared/contracts/legal';
import { Link, useNavigate, useParams, useSearchParams } from '../../shared/router';
import { Button, buttonClass } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { DateField } from '../../shared/ui/date-field';
import { BackLink, DetailLoadFailed } from '../../shared/ui/load-failed';
import { DetailSkeleton } from '../../shared/ui/page-skeletons';
import { SelectField } from '../../shared/ui/select-field';
import { StatePanel } from '../../shared/ui/state-panel';
import { TextareaField } from '../../shared/ui/textarea-field';
import { toast } from '../../shared/ui/toaster';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import {
  type ClientOption,
  useClientOptions,
  useCreateInvoice,
  useInvoice,
  useInvoiceSettings,
  useProjectOptions,
  useProviderCurrency,
  useUpdateInvoice,
} from './api';
import { ClientField, CurrencyLanguageFields, LinesAndTotals, useDocumentForm } from './document-form';
import {
  type EditorForm,
  emptyLine,
  formFromInvoice,
  formProblems,
  serverErrors,
  toReverseCharge,
  validateForm,
} from './editor-state';
import { rateText, today } from './format';
import { useInvoiceTexts } from './i18n';
import { invoicePath } from './invoice-table';
import { quotePagePath } from './quote-list';
import { type QuoteCreateBody, useCreateQuote, useUpdateQuote } from './quotes-api';

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + days);
  return today(date);
}

/**
 * Creating a draft (`new`, prefilled by `?client=&project=`) and editing one (`:invoiceId/edit`). A sent
 * invoice is not editable: the page says so and links to it.
 */
export default function InvoiceEditorPage() {
  const { invoiceId } = useParams();
  const existing = useInvoice(invoiceId ?? '', Boolean(invoiceId));
  return (
    <DraftEditorPage
      kind="invoice"
      id={invoiceId}
      query={existing}
      formOf={formFromInvoice}
      newDraft={({ search, settings, client }) => ({
        projectId: client ? (search.get('project') ?? '') : '',
        dueDate: settings ? addDays(today(), settings.defaultDueDays) : '',
      })}
    />
  );
}

/**
 * An editor page (an invoice's, or a quote's with `kind: 'quote'`): the saved draft `id` (`query`) in the
 * editor, or a new draft prefilled from the query string's client, the provider's currency and the
 * settings (`newDraft`: its project and due or validity date).
 */
export function DraftEditorPage<D extends EditedDocument & { status: string }>({
  kind,
  id,
  query,
  formOf,
  newDraft,
}: {
  kind: 'invoice' | 'quote';
  id: string | undefined;
  query: UseQueryResult<D>;
  formOf: (draft: D, lang: string) => EditorForm;
  newDraft: (input: {
    search: URLSearchParams;
    settings: ReturnType<typeof useInvoiceSettings>['data'];
    client: ClientOption | undefined;
  }) => { projectId: string; dueDate: string };
}) {
  const { t, lang } = useInvoiceTexts();
  const { search, clients, currency, settings } = useEditorInputs();
  const keyOf = (key: string) => (kind === 'quote' ? `quotes.editor.${key}` : `editor.${key}`);
  useDocumentTitle(t(keyOf(id ? 'editTitle' : 'newTitle')));

  if (id)
    return (
      <ExistingDraft query={query} clientsPending={clients.isPending} kind={kind}>
        {(draft) => (
          <EditorView
            key={draft.id}
            kind={kind}
            invoice={draft}
            initial={formOf(draft, lang)}
            clients={clients.data ?? []}
            defaultTaxRate=""
          />
        )}
      </ExistingDraft>
    );

  // A new draft waits for what prefills it (a failed optional read prefills nothing).
  if (clients.isPending || currency.isPending || settings.isPending) return <DetailSkeleton />;
  const client = clients.data?.find((candidate) => candidate.id === (search.get('client') ?? ''));
  const defaultTaxRate = defaultTaxRateText(settings.data?.defaultTaxRateBp, lang);
  const initial = newDraftForm({
    client,
    ...newDraft({ search, settings: settings.data, client }),
    currency: currency.data,
    lang,
    defaultTaxRate,
  });
  return (
    <EditorView kind={kind} initial={initial} clients={clients.data ?? []} defaultTaxRate={defaultTaxRate} />
  );
}

/** What an editor page reads besides its document: the query string, clients, currency and settings. */
function useEditorInputs() {
  const [search] = useSearchParams();
  return {
    search,
    clients: useClientOptions(),
    currency: useProviderCurrency(),
    settings: useInvoiceSettings(),
  };
}

/** The settings' default tax rate as the editor's text ('' for none). */
const defaultTaxRateText = (rate: number | null | undefined, lang: string) =>
  rate === null || rate === undefined ? '' : rateText(rate, lang);

/** A new draft's form: the client's language, the provider's currency, one empty line. */
function newDraftForm({
  client,
  projectId,
  currency,
  lang,
  dueDate,
  defaultTaxRate,
}: {
  client: ClientOption | undefined;
  projectId: string;
  currency: string | null | undefined;
  lang: string;
  dueDate: string;
  defaultTaxRate: string;
}): EditorForm {
  const language = lang === 'de' ? 'de' : 'en';
  return {
    clientId: client?.id ?? '',
    projectId,
    currency: defaultCurrency(language, currency),
    language: client?.language ?? language,
    description: '',
    dueDate,
    // The day of supply starts as today: the provider confirms or changes it (or gives a period); a
    // quote's is the expected day, which the invoices made of it take over.
    supplyKind: 'day',
    supplyDate: today(),
    supplyFrom: '',
    supplyTo: '',
    taxMode: '',
    lines: [emptyLine(defaultTaxRate)],
  };
}

/**
 * A saved draft for its editor: a skeleton while it (and the clients) load, the load error, and for a
 * document no longer a draft a panel that says so and links to it.
 */
function ExistingDraft<D extends { id: string; status: string }>({
  query,
  clientsPending,
  kind,
  children,
}: {
  query: UseQueryResult<D>;
  clientsPending: boolean;
  kind: 'invoice' | 'quote';
  children: (draft: D) => ReactNode;
}) {
  const { t } = useInvoiceTexts();
  const isQuote = kind === 'quote';
  if (query.isPending || clientsPending) return <DetailSkeleton />;
  if (query.isError)
    return (
      <DetailLoadFailed
        error={query.error}
        t={(key) => t(key)}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.status !== 'draft')
    return (
      <div className="grid gap-6">
        <BackLink label={t(isQuote ? 'quotes.back' : 'detail.back')} to=".." />
        <StatePanel
          role="alert"
          icon={<AlertTriangle aria-hidden="true" className="size-6" />}
          title={t(isQuote ? 'quotes.editor.notEditable' : 'editor.notEditable')}
          body={t(isQuote ? 'quotes.editor.notEditableBody' : 'editor.notEditableBody')}
        >
          <Link
            to={(isQuote ? quotePagePath : invoicePath)(query.data.id)}
            className={buttonClass('secondary')}
          >
            {t(isQuote ? 'quotes.editor.toQuote' : 'editor.toInvoice')}
          </Link>
        </StatePanel>
      </div>
    );
  return children(query.data);
}

/** The document an editor changes: an invoice, or a quote (issue 28), which shares everything but its dates. */
export type EditedDocument = Pick<Invoice, 'id' | 'client' | 'project' | 'language'>;

/**
 * The editor of a draft invoice, or (`kind: 'quote'`) of a draft quote: the same fields, lines and live
 * totals; a quote has a validity date where an invoice has its due date, and no pre-send check.
 */
export function EditorView({
  invoice,
  initial,
  clients,
  defaultTaxRate,
  kind = 'invoice',
}: {
  invoice?: EditedDocument;
  initial: EditorForm;
  clients: ClientOption[];
  defaultTaxRate: string;
  kind?: 'invoice' | 'quote';
}) {
  const isQuote = kind === 'quote';
  const { t, lang } = useInvoiceTexts();
  const navigate = useNavigate();
  const state = useDocumentForm(initial);
  const { form, setForm, errors, setErrors, message, change } = state;
  const [languageTouched, setLanguageTouched] = useState(Boolean(invoice));
  const projects = useProjectOptions(form.clientId, Boolean(form.clientId));
  const settings = useInvoiceSettings();
  const chosenClient = clients.find((c) => c.id === form.clientId) ?? null;
  // The pre-send check as the provider types: what the law still needs before this draft can be sent.
  const problems = useMemo(
    () => formProblems(form, lang, { settings: settings.data ?? null, client: chosenClient }),
    [form, lang, settings.data, chosenClient],
  );
  const offerReverseCharge =
    reverseChargeApplies(settings.data?.vatId ?? null, chosenClient?.vatId ?? null) &&
    form.lines.some((line) => line.vatCategory !== 'reverse_charge');
  const create = useCreateInvoice();
  const update = useUpdateInvoice(invoice?.id ?? '');
  const createQuote = useCreateQuote();
  const updateQuote = useUpdateQuote(invoice?.id ?? '');
  const pathOf = (id: string) => (isQuote ? quotePagePath(id) : invoicePath(id));
  const titleKey = (key: 'editTitle' | 'newTitle') => (isQuote ? `quotes.editor.${key}` : `editor.${key}`);
  const saving = create.isPending || update.isPending || createQuote.isPending || updateQuote.isPending;

  /** "Line 2: " before a line's problem. */
  const problemLabel = (path: string) => {
    const line = /^lines\.(\d+)\./.exec(path);
    return line ? `${t('line.label', { number: Number(line[1]) + 1 })}: ` : '';
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(form, lang, invoice ? 'update' : 'create');
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(t('editor.fixErrors'));
      return;
    }
    setErrors({});
    // A new draft without a due date gets the settings' payment term from the API.
    const body = !invoice && !checked.body.dueDate ? { ...checked.body, dueDate: undefined } : checked.body;
    try {
      let saved: { id: string };
      if (isQuote) {
        // A quote's validity takes the due date's field; without one, the settings' validity (30 days).
        const { dueDate, ...rest } = body;
        const quoteBody = { ...rest, ...(dueDate ? { validUntil: dueDate } : {}) };
        saved = invoice
          ? await updateQuote.mutateAsync(quoteBody)
          : await createQuote.mutateAsync(quoteBody as QuoteCreateBody);
      } else {
        saved = invoice ? await update.mutateAsync(body) : await create.mutateAsync(body);
      }
      toast.success(invoice ? t('editor.saved') : t(isQuote ? 'quotes.editor.created' : 'editor.created'));
      navigate(pathOf(saved.id), { replace: Boolean(invoice) });
    } catch (cause) {
      const error = cause as Partial<ApiError>;
      if (error.fields?.length) {
        setErrors(serverErrors(error.fields));
        toast.error(t('editor.fixErrors'));
      } else if (error.code === 'invoice_total_too_large') {
        setErrors({ lines: error.message ?? '' });
        toast.error(t('editor.saveFailed'), { description: error.message });
      } else {
        toast.error(t('editor.saveFailed'), { description: error.message });
      }
    }
  }

  // A draft's own client and project stay choosable while the lists load (or if they changed since).
  const clientList = [...clients];
  if (invoice && !clientList.some((client) => client.id === invoice.client.id))
    clientList.unshift({ ...invoice.client, language: invoice.language });
  const projectList = [...(projects.data ?? [])];
  if (
    invoice?.project &&
    form.clientId === invoice.client.id &&
    !projectList.some((p) => p.id === invoice.project?.id)
  )
    projectList.unshift({ ...invoice.project, clientId: invoice.client.id });
  const projectOptions = [
    { value: '', label: t('editor.noProject') },
    ...projectList.map((project) => ({ value: project.id, label: project.name })),
  ];

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <BackLink
        label={
          invoice
            ? t(isQuote ? 'quotes.editor.back' : 'editor.backToInvoice')
            : t(isQuote ? 'quotes.back' : 'detail.back')
        }
        to={invoice ? pathOf(invoice.id) : '..'}
      />
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          {invoice ? t(titleKey('editTitle')) : t(titleKey('newTitle'))}
        </h1>
        <p className="text-sm text-muted">{t(isQuote ? 'quotes.editor.subtitle' : 'editor.subtitle')}</p>
      </header>

      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="text-base font-semibold">{t('editor.details')}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <ClientField
            state={state}
            clients={clientList}
            onPick={(clientId) => {
              const client = clientList.find((candidate) => candidate.id === clientId);
              change(
                {
                  clientId,
                  projectId: '',
                  ...(client && !languageTouched ? { language: client.language } : {}),
                },
                'clientId',
                'projectId',
              );
            }}
          />
          <SelectField
            label={t('editor.project')}
            name="projectId"
            value={form.projectId}
            options={projectOptions}
            disabled={!form.clientId}
            hint={form.clientId ? undefined : t('editor.projectHint')}
            error={message(errors.projectId)}
            onChange={(event) => change({ projectId: event.target.value }, 'projectId')}
          />
          <CurrencyLanguageFields
            state={state}
            languageHint={t('editor.languageHint')}
            onLanguage={() => setLanguageTouched(true)}
          />
          <DateField
            label={t(isQuote ? 'quotes.validUntil' : 'editor.dueDate')}
            name={isQuote ? 'validUntil' : 'dueDate'}
            lang={lang}
            value={form.dueDate}
            error={message(errors.dueDate ?? errors.validUntil)}
            onChange={(dueDate) => change({ dueDate }, 'dueDate')}
          />
          <fieldset className="grid gap-3 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium text-ink">{t('editor.supply')}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(['day', 'period'] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="supplyKind"
                    value={kind}
                    checked={form.supplyKind === kind}
                    onChange={() => change({ supplyKind: kind }, 'supplyDate', 'supplyFrom', 'supplyTo')}
                  />
                  {t(`editor.supplyKind.${kind}`)}
                </label>
              ))}
            </div>
            {form.supplyKind === 'day' ? (
              <DateField
                label={t('editor.supplyDate')}
                name="supplyDate"
                lang={lang}
                value={form.supplyDate}
                error={message(errors.supplyDate)}
                onChange={(supplyDate) => change({ supplyDate }, 'supplyDate')}
              />
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <DateField
                  label={t('editor.supplyFrom')}
                  name="supplyFrom"
                  lang={lang}
                  value={form.supplyFrom}
                  error={message(errors.supplyFrom)}
                  onChange={(supplyFrom) => change({ supplyFrom }, 'supplyFrom')}
                />
                <DateField
                  label={t('editor.supplyTo')}
                  name="supplyTo"
                  lang={lang}
                  value={form.supplyTo}
                  error={message(errors.supplyTo)}
                  onChange={(supplyTo) => change({ supplyTo }, 'supplyTo')}
                />
              </div>
            )}
          </fieldset>
          {settings.data?.taxMode === 'per_invoice' ? (
            <SelectField
              label={t('editor.taxMode')}
              name="taxMode"
              value={form.taxMode}
              options={[
                { value: '', label: t('editor.chooseTaxMode') },
                { value: 'standard', label: t('editor.taxModes.standard') },
                { value: 'small_business', label: t('editor.taxModes.small_business') },
              ]}
              error={message(errors.taxMode)}
              onChange={(event) =>
                change({ taxMode: event.target.value as EditorForm['taxMode'] }, 'taxMode')
              }
            />
          ) : null}
          <div className="sm:col-span-2">
            <TextareaField
              label={t('editor.description')}
              name="description"
              value={form.description}
              maxLength={2000}
              rows={3}
              hint={t('editor.descriptionHint')}
              error={message(errors.description)}
              onChange={(event) => change({ description: event.target.value }, 'description')}
            />
          </div>
        </div>
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 className="text-base font-semibold">{t('editor.lines')}</h2>
          <p className="text-sm text-muted">{t('editor.linesHint')}</p>
        </div>
        <LinesAndTotals state={state} defaultTaxRate={defaultTaxRate} framed>
          {offerReverseCharge ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-surface p-3 text-sm">
              <p>{t('editor.reverseChargeOffer')}</p>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setForm((current) => ({ ...current, lines: toReverseCharge(current.lines) }))}
              >
                {t('editor.applyReverseCharge')}
              </Button>
            </div>
          ) : null}
        </LinesAndTotals>
      </Card>

      <Card
        className={`grid gap-3 p-4 sm:p-6 ${isQuote ? 'hidden' : ''}`}
        aria-live="polite"
        data-testid="presend"
      >
        <h2 className="text-base font-semibold">{t('editor.presendTitle')}</h2>
        {problems.length === 0 ? (
          <p className="text-sm text-success">{t('editor.presendReady')}</p>
        ) : (
          <>
            <p className="text-sm text-muted">{t('editor.presendMissing')}</p>
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {problems.map((problem) => (
                <li key={problem.path}>
                  {problemLabel(problem.path)}
                  {t(problem.key)}
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={invoice ? pathOf(invoice.id) : '..'} className={buttonClass('secondary')}>
          {t('editor.cancel')}
        </Link>
        <Button type="submit" loading={saving}>
          {invoice ? t('editor.save') : t(isQuote ? 'quotes.editor.create' : 'editor.create')}
        </Button>
      </div>
    </form>
  );
}
