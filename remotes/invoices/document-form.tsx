import { type ReactNode, useMemo, useState } from 'react';
import { SelectField } from '../../shared/ui/select-field';
import { type FieldErrors, type LineDraft, liveTotals } from './editor-state';
import { useInvoiceTexts } from './i18n';
import { LineItems, TotalsPanel } from './line-items';

/*
 * What the invoice editor, the quote editor (the invoice editor with `kind: 'quote'`) and the recurring
 * invoice dialog share (issue 26): the form's state with its field errors, the currency and language
 * fields, and the lines with their live totals.
 */

/** The fields every document form has. */
type DocumentForm = { currency: 'EUR' | 'USD'; language: 'en' | 'de'; lines: LineDraft[] };

/** A document form's state: the form, its field errors (cleared as their field changes) and the live totals. */
export function useDocumentForm<F extends DocumentForm>(initial: F | (() => F)) {
  const { t, lang } = useInvoiceTexts();
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const totals = useMemo(() => liveTotals(form.lines, lang), [form.lines, lang]);
  /** An error is an i18n key of the contract (`validation.*`) or the server's translated text. */
  const message = (value: string | undefined) =>
    value === undefined ? undefined : value.startsWith('validation.') ? t(value) : value;
  /** Changes fields; the errors at `paths` go. */
  const change = (patch: Partial<F>, ...paths: string[]) => {
    setForm((current) => ({ ...current, ...patch }));
    if (paths.some((path) => errors[path]))
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !paths.includes(k))));
  };
  return { form, setForm, errors, setErrors, totals, message, change };
}

type DocumentFormState<F extends DocumentForm> = ReturnType<typeof useDocumentForm<F>>;

/** The client select ("Choose a client" first); `onPick` gets the chosen id ('' for none). */
export function ClientField<F extends DocumentForm & { clientId: string }>({
  state: { form, errors, message },
  clients,
  onPick,
}: {
  state: DocumentFormState<F>;
  clients: readonly { id: string; name: string }[];
  onPick: (clientId: string) => void;
}) {
  const { t } = useInvoiceTexts();
  return (
    <SelectField
      label={t('editor.client')}
      name="clientId"
      value={form.clientId}
      options={[
        { value: '', label: t('editor.chooseClient') },
        ...clients.map((client) => ({ value: client.id, label: client.name })),
      ]}
      error={message(errors.clientId)}
      onChange={(event) => onPick(event.target.value)}
    />
  );
}

/** The currency and the language of the document (its PDF and e-mails). */
export function CurrencyLanguageFields<F extends DocumentForm>({
  state: { form, errors, message, change },
  languageHint,
  onLanguage,
}: {
  state: DocumentFormState<F>;
  languageHint?: string;
  /** Called when the provider picks the language (the editor then stops following the client's). */
  onLanguage?: () => void;
}) {
  const { t } = useInvoiceTexts();
  return (
    <>
      <SelectField
        label={t('editor.currency')}
        name="currency"
        value={form.currency}
        options={[
          { value: 'EUR', label: t('currency.EUR') },
          { value: 'USD', label: t('currency.USD') },
        ]}
        error={message(errors.currency)}
        onChange={(event) => change({ currency: event.target.value } as Partial<F>, 'currency')}
      />
      <SelectField
        label={t('editor.language')}
        name="language"
        value={form.language}
        options={[
          { value: 'en', label: t('language.en') },
          { value: 'de', label: t('language.de') },
        ]}
        hint={languageHint}
        error={message(errors.language)}
        onChange={(event) => {
          onLanguage?.();
          change({ language: event.target.value } as Partial<F>, 'language');
        }}
      />
    </>
  );
}

/**
 * The line items with the live totals under them; `children` stand between the two (the reverse-charge
 * offer, a form-wide error), `framed` sets the totals off with a rule.
 */
export function LinesAndTotals<F extends DocumentForm>({
  state: { form, errors, message, change, totals },
  defaultTaxRate,
  framed = false,
  children,
}: {
  state: DocumentFormState<F>;
  defaultTaxRate: string;
  framed?: boolean;
  children?: ReactNode;
}) {
  const panel = <TotalsPanel totals={totals} currency={form.currency} />;
  return (
    <>
      <LineItems
        lines={form.lines}
        onChange={(lines) =>
          change({ lines } as Partial<F>, ...Object.keys(errors).filter((key) => key.startsWith('lines')))
        }
        totals={totals}
        currency={form.currency}
        errors={errors}
        message={message}
        defaultTaxRate={defaultTaxRate}
      />
      {children}
      {framed ? <div className="border-t border-line pt-4">{panel}</div> : panel}
    </>
  );
}
