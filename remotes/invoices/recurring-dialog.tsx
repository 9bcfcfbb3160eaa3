import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import { defaultCurrency } from '../../shared/contracts/invoices';
import {
  type RecurringFrequency,
  type RecurringInvoice,
  RecurringInvoiceCreate,
  RecurringInvoiceUpdate,
} from '../../shared/contracts/recurring';
import { Button } from '../../shared/ui/button';
import { DateField } from '../../shared/ui/date-field';
import { ConfirmDialog, Dialog } from '../../shared/ui/dialog';
import { Field } from '../../shared/ui/field';
import { SelectField } from '../../shared/ui/select-field';
import { Spinner } from '../../shared/ui/spinner';
import { toast } from '../../shared/ui/toaster';
import { type ClientOption, useInvoiceSettings, useProviderCurrency } from './api';
import { ClientField, CurrencyLanguageFields, LinesAndTotals, useDocumentForm } from './document-form';
import {
  emptyLine,
  formFromInvoice,
  issuesToErrors,
  type LineDraft,
  lineInput,
  serverErrors,
} from './editor-state';
import { formatDay, rateText, today } from './format';
import { useInvoiceTexts } from './i18n';
import { recurringKeys, useCreateRecurring, useRecurring, useUpdateRecurring } from './recurring-api';

type Form = {
  clientId: string;
  frequency: RecurringFrequency;
  intervalDays: string;
  startDate: string;
  endDate: string;
  dueDays: string;
  currency: 'EUR' | 'USD';
  language: 'en' | 'de';
  description: string;
  autopay: boolean;
  lines: LineDraft[];
};

const wholeNumber = (text: string) =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

/** The request body from the form, checked by the API's own contract. */
function bodyOf(form: Form, lang: string, existing: RecurringInvoice | null) {
  return {
    clientId: form.clientId,
    // Kept as they are (the dialog does not show them): the project, the per-invoice tax mode.
    projectId: existing && form.clientId === existing.client.id ? (existing.project?.id ?? null) : null,
    taxMode: existing?.taxMode ?? null,
    frequency: form.frequency,
    intervalDays: form.frequency === 'days' ? wholeNumber(form.intervalDays) : null,
    startDate: form.startDate,
    endDate: form.endDate || null,
    dueDays: wholeNumber(form.dueDays),
    currency: form.currency,
    language: form.language,
    description: form.description.trim() ? form.description : null,
    autopay: form.autopay,
    lines: form.lines.map((line) => lineInput(line, lang)),
  };
}

/** A saved schedule as the form's texts (its lines through the invoice editor's reading). */
function formOf(r: RecurringInvoice, lang: string): Form {
  const { lines } = formFromInvoice(
    {
      ...r,
      dueDate: null,
      legal: { supplyDate: null, supplyFrom: null, supplyTo: null, taxMode: r.taxMode },
    } as never,
    lang,
  );
  return {
    clientId: r.client.id,
    frequency: r.frequency,
    intervalDays: r.intervalDays === null ? '' : String(r.intervalDays),
    startDate: r.startDate,
    endDate: r.endDate ?? '',
    dueDays: r.dueDays === null ? '' : String(r.dueDays),
    currency: r.currency,
    language: r.language,
    description: r.description ?? '',
    autopay: r.autopay.offered,
    lines,
  };
}

/**
 * Creating (`id` null) or editing a recurring invoice (issue 28) in a dialog: the client, the rhythm
 * (monthly, quarterly, yearly or every N days), start and optional end, the payment term, currency,
 * language, description and the line items with live totals (the invoice editor's parts). Checked with
 * the API's contracts as typed; the server's 422 fields land at the same fields.
 */
export default function RecurringDialog({
  id,
  clients,
  onClose,
}: {
  id: string | null;
  clients: ClientOption[];
  onClose: () => void;
}) {
  const { t } = useInvoiceTexts();
  const existing = useRecurring(id ?? '', Boolean(id));
  const settings = useInvoiceSettings();
  const currency = useProviderCurrency();
  const ready = id ? existing.isSuccess : settings.isSuccess && !currency.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(id ? 'recurring.dialog.editTitle' : 'recurring.dialog.newTitle')}
      description={t('recurring.dialog.body')}
      className="max-w-4xl"
    >
      {ready ? (
        <RecurringForm
          existing={existing.data ?? null}
          clients={clients}
          defaultTaxRateBp={settings.data?.defaultTaxRateBp ?? null}
          providerCurrency={currency.data ?? null}
          onClose={onClose}
        />
      ) : (
        <div className="grid place-items-center p-8">
          <Spinner />
        </div>
      )}
    </Dialog>
  );
}

function RecurringForm({
  existing,
  clients,
  defaultTaxRateBp,
  providerCurrency,
  onClose,
}: {
  existing: RecurringInvoice | null;
  clients: ClientOption[];
  defaultTaxRateBp: number | null;
  providerCurrency: string | null;
  onClose: () => void;
}) {
  const { t, lang } = useInvoiceTexts();
  const defaultTaxRate = defaultTaxRateBp === null ? '' : rateText(defaultTaxRateBp, lang);
  const state = useDocumentForm<Form>(() =>
    existing
      ? formOf(existing, lang)
      : {
          clientId: '',
          frequency: 'monthly',
          intervalDays: '',
          startDate: today(),
          endDate: '',
          dueDays: '',
          currency: defaultCurrency(lang === 'de' ? 'de' : 'en', providerCurrency),
          language: lang === 'de' ? 'de' : 'en',
          description: '',
          autopay: false,
          lines: [emptyLine(defaultTaxRate)],
        },
  );
  const { form, errors, setErrors, message, change } = state;
  const autopayId = useId();
  const create = useCreateRecurring();
  const update = useUpdateRecurring();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(form, lang, existing);
    // An unchanged start of a running schedule is not sent again (it may lie in the past by now).
    const { startDate, ...rest } = body;
    const changes = existing && startDate === existing.startDate ? rest : body;
    const checked = (existing ? RecurringInvoiceUpdate : RecurringInvoiceCreate).safeParse(changes);
    if (!checked.success) {
      setErrors(issuesToErrors(checked.error.issues));
      toast.error(t('editor.fixErrors'));
      return;
    }
    setErrors({});
    try {
      if (existing) await update.mutateAsync({ id: existing.id, body: changes });
      else await create.mutateAsync(body);
      toast.success(t(existing ? 'recurring.toast.saved' : 'recurring.toast.created'));
      onClose();
    } catch (cause) {
      const error = cause as { fields?: { path: string; message: string }[]; message?: string };
      if (error.fields?.length) {
        setErrors(serverErrors(error.fields));
        toast.error(t('editor.fixErrors'));
      } else toast.error(t('recurring.toast.saveFailed'), { description: error.message });
    }
  }

  const clientList: { id: string; name: string }[] = [...clients];
  if (existing && !clients.some((c) => c.id === existing.client.id)) clientList.push(existing.client);

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <ClientField
          state={state}
          clients={clientList}
          onPick={(clientId) => {
            const client = clients.find((c) => c.id === clientId);
            change({ clientId, ...(client ? { language: client.language } : {}) }, 'clientId');
          }}
        />
        <SelectField
          label={t('recurring.dialog.frequency')}
          name="frequency"
          value={form.frequency}
          options={(['monthly', 'quarterly', 'yearly', 'days'] as const).map((value) => ({
            value,
            label: t(`recurring.frequency.${value}`),
          }))}
          error={message(errors.frequency)}
          onChange={(event) =>
            change({ frequency: event.target.value as RecurringFrequency }, 'frequency', 'intervalDays')
          }
        />
        {form.frequency === 'days' ? (
          <Field
            label={t('recurring.dialog.intervalDays')}
            name="intervalDays"
            inputMode="numeric"
            value={form.intervalDays}
            error={message(errors.intervalDays)}
            onChange={(event) => change({ intervalDays: event.target.value }, 'intervalDays')}
          />
        ) : null}
        <DateField
          label={t('recurring.dialog.startDate')}
          name="startDate"
          lang={lang}
          value={form.startDate}
          hint={t('recurring.dialog.startHint')}
          error={message(errors.startDate)}
          onChange={(startDate) => change({ startDate }, 'startDate')}
        />
        <DateField
          label={t('recurring.dialog.endDate')}
          name="endDate"
          lang={lang}
          value={form.endDate}
          hint={t('recurring.dialog.endHint')}
          error={message(errors.endDate)}
          onChange={(endDate) => change({ endDate }, 'endDate')}
        />
        <Field
          label={t('recurring.dialog.dueDays')}
          name="dueDays"
          inputMode="numeric"
          value={form.dueDays}
          hint={t('recurring.dialog.dueDaysHint')}
          error={message(errors.dueDays)}
          onChange={(event) => change({ dueDays: event.target.value }, 'dueDays')}
        />
        <CurrencyLanguageFields state={state} />
        <div className="sm:col-span-2">
          <Field
            label={t('recurring.dialog.description')}
            name="description"
            value={form.description}
            error={message(errors.description)}
            onChange={(event) => change({ description: event.target.value }, 'description')}
          />
        </div>
        <div className="flex gap-3 sm:col-span-2">
          <input
            id={autopayId}
            name="autopay"
            type="checkbox"
            checked={form.autopay}
            onChange={(event) => change({ autopay: event.target.checked }, 'autopay')}
            aria-describedby={`${autopayId}-hint`}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <div className="grid gap-0.5">
            <label htmlFor={autopayId} className="text-sm font-medium">
              {t('recurring.autopay.offer')}
            </label>
            <p id={`${autopayId}-hint`} className="text-xs text-subtle">
              {t('recurring.autopay.offerHint')}
            </p>
          </div>
        </div>
        {existing ? <AutopayState id={existing.id} autopay={existing.autopay} /> : null}
      </div>
      <LinesAndTotals state={state} defaultTaxRate={defaultTaxRate}>
        {errors.lines ? (
          <p role="alert" className="text-sm text-danger">
            {message(errors.lines)}
          </p>
        ) : null}
      </LinesAndTotals>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('recurring.dialog.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {t(existing ? 'recurring.dialog.save' : 'recurring.dialog.create')}
        </Button>
      </div>
    </form>
  );
}

/** Whether the client agreed to automatic payment (the saved card) and how the last charge went. */
function AutopayState({ id, autopay }: { id: string; autopay: RecurringInvoice['autopay'] }) {
  const { t, lang } = useInvoiceTexts();
  const { agreement, lastCharge } = autopay;
  const when = (iso: string) => formatDay(iso.slice(0, 10), lang);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  // The provider ends the client's agreement (the card detached at Stripe, the client told in the portal).
  const end = useMutation({
    mutationFn: (): Promise<RecurringInvoice> =>
      callApi(
        api.DELETE('/api/recurring-invoices/{recurringInvoiceId}/autopay-agreement', {
          params: { path: { recurringInvoiceId: id } },
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(recurringKeys.detail(id), saved);
      void queryClient.invalidateQueries({ queryKey: recurringKeys.lists });
    },
  });
  return (
    <section
      aria-label={t('recurring.autopay.title')}
      data-testid="autopay-state"
      className="grid gap-1 rounded-md border border-border p-3 text-sm sm:col-span-2"
    >
      <h3 className="font-medium">{t('recurring.autopay.title')}</h3>
      <p>
        {agreement
          ? t('recurring.autopay.agreed', {
              card: cardText(agreement.cardBrand, agreement.cardLast4),
              name: agreement.agreedBy.name,
              email: agreement.agreedBy.email,
              date: when(agreement.agreedAt),
              ip: agreement.agreedIp,
            })
          : t(autopay.offered ? 'recurring.autopay.notAgreed' : 'recurring.autopay.notOffered')}
      </p>
      {agreement ? (
        <div>
          <Button type="button" variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            {t('recurring.autopay.end')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('recurring.autopay.endTitle')}
            description={t('recurring.autopay.endBody', {
              card: cardText(agreement.cardBrand, agreement.cardLast4),
            })}
            cancelLabel={t('recurring.dialog.cancel')}
            confirmLabel={t('recurring.autopay.endConfirm')}
            confirming={end.isPending}
            onConfirm={() =>
              void end.mutateAsync().then(
                () => {
                  setConfirming(false);
                  toast.success(t('recurring.autopay.ended'));
                },
                (cause: Error) =>
                  toast.error(t('recurring.autopay.endFailed'), { description: cause.message }),
              )
            }
          />
        </div>
      ) : null}
      {lastCharge ? (
        <p role={lastCharge.status === 'failed' ? 'alert' : undefined}>
          {lastCharge.status === 'failed'
            ? t('recurring.autopay.lastFailed', {
                number: lastCharge.invoiceNumber ?? '',
                reason: t(`recurring.autopay.reason.${lastCharge.errorCode ?? 'stripe_unavailable'}`),
              })
            : t(`recurring.autopay.last.${lastCharge.status}`, {
                number: lastCharge.invoiceNumber ?? '',
                date: when(lastCharge.at),
              })}
        </p>
      ) : null}
    </section>
  );
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242" from what Stripe told us (display only). */
export const cardText = (brand: string | null, last4: string | null) =>
  [brand ? (BRANDS[brand] ?? brand) : null, last4 ? `•••• ${last4}` : null].filter(Boolean).join(' ');
