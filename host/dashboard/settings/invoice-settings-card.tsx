import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import type { InvoiceSettings } from '../../../shared/contracts/invoices';
import { TaxMode } from '../../../shared/contracts/legal';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { countryOptions } from '../../../shared/ui/country-options';
import { Field } from '../../../shared/ui/field';
import { SelectField } from '../../../shared/ui/select-field';
import { TextareaField } from '../../../shared/ui/textarea-field';
import { toast } from '../../../shared/ui/toaster';
import { billingApi, billingKeys } from './billing-api';
import { type InvoiceSettingsValues, toSettingsUpdate, toSettingsValues } from './billing-logic';
import { LoadFailed } from './load-failed';

/**
 * What every invoice carries (`GET/PATCH /api/invoice-settings`): the number and credit-note prefixes, the
 * next number (read only: numbers are handed out when an invoice is sent, without gaps), the structured
 * business details and tax mode § 14 (4) UStG wants on every invoice (issue 28), how to pay without a card, and the defaults of a new invoice.
 */
export function InvoiceSettingsCard() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: billingKeys.invoiceSettings, queryFn: billingApi.invoiceSettings });
  if (settings.isError) return <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data)
    return (
      <div role="status" aria-label={t('app.loading')} className="grid gap-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg bg-surface" />
        ))}
      </div>
    );
  return <InvoiceSettingsForm settings={settings.data} />;
}

function InvoiceSettingsForm({ settings }: { settings: InvoiceSettings }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [values, setValues] = useState<InvoiceSettingsValues>(() => toSettingsValues(settings, lang));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const countries = useMemo(() => countryOptions(lang, t('settings:invoices.noCountry')), [lang, t]);

  const save = useMutation({
    mutationFn: billingApi.updateInvoiceSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(billingKeys.invoiceSettings, saved);
      setValues(toSettingsValues(saved, lang));
      toast.success(t('settings:invoices.saved'));
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(t, error));
      toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = toSettingsUpdate(values);
    if (!result.ok) {
      setErrors(Object.fromEntries(Object.entries(result.errors).map(([field, key]) => [field, t(key)])));
      return;
    }
    setErrors({});
    save.mutate(result.body);
  }

  const update = (field: keyof InvoiceSettingsValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const attachId = useId();

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t('settings:invoices.numberPrefix')}
          name="numberPrefix"
          autoComplete="off"
          maxLength={20}
          value={values.numberPrefix}
          onChange={update('numberPrefix')}
          error={errors.numberPrefix}
        />
        <Field
          label={t('settings:invoices.creditNotePrefix')}
          name="creditNotePrefix"
          autoComplete="off"
          maxLength={20}
          value={values.creditNotePrefix}
          onChange={update('creditNotePrefix')}
          error={errors.creditNotePrefix}
        />
        <Field
          label={t('settings:invoices.nextNumber')}
          name="nextNumber"
          value={String(settings.nextNumber)}
          readOnly
          hint={t('settings:invoices.nextNumberHint')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t('settings:invoices.quotePrefix')}
          name="quotePrefix"
          autoComplete="off"
          maxLength={20}
          value={values.quotePrefix}
          onChange={update('quotePrefix')}
          error={errors.quotePrefix}
        />
        <Field
          label={t('settings:invoices.quoteValidDays')}
          name="defaultQuoteValidDays"
          inputMode="numeric"
          value={values.defaultQuoteValidDays}
          onChange={update('defaultQuoteValidDays')}
          error={errors.defaultQuoteValidDays}
        />
        <Field
          label={t('settings:invoices.nextQuoteNumber')}
          name="nextQuoteNumber"
          value={String(settings.nextQuoteNumber)}
          readOnly
          hint={t('settings:invoices.nextNumberHint')}
        />
      </div>
      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold text-ink">
          {t('settings:invoices.businessDetails')}
        </legend>
        <p className="text-sm text-muted">{t('settings:invoices.businessDetailsHint')}</p>
        <Field
          label={t('settings:invoices.legalName')}
          name="legalName"
          autoComplete="organization"
          maxLength={200}
          value={values.legalName}
          onChange={update('legalName')}
          error={errors.legalName}
          hint={t('settings:invoices.legalNameHint')}
        />
        <Field
          label={t('settings:invoices.street')}
          name="street"
          autoComplete="street-address"
          maxLength={200}
          value={values.street}
          onChange={update('street')}
          error={errors.street}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={t('settings:invoices.postcode')}
            name="postcode"
            autoComplete="postal-code"
            maxLength={20}
            value={values.postcode}
            onChange={update('postcode')}
            error={errors.postcode}
          />
          <Field
            label={t('settings:invoices.city')}
            name="city"
            autoComplete="address-level2"
            maxLength={100}
            value={values.city}
            onChange={update('city')}
            error={errors.city}
          />
          <SelectField
            label={t('settings:invoices.country')}
            name="country"
            autoComplete="country"
            value={values.country}
            onChange={update('country')}
            error={errors.country}
            options={countries}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('settings:invoices.taxNumber')}
            name="taxNumber"
            autoComplete="off"
            maxLength={30}
            value={values.taxNumber}
            onChange={update('taxNumber')}
            error={errors.taxNumber}
            hint={t('settings:invoices.taxNumberHint')}
          />
          <Field
            label={t('settings:invoices.vatId')}
            name="vatId"
            autoComplete="off"
            maxLength={30}
            value={values.vatId}
            onChange={update('vatId')}
            error={errors.vatId}
            hint={t('settings:invoices.vatIdHint')}
          />
        </div>
        <SelectField
          label={t('settings:invoices.taxMode')}
          name="taxMode"
          value={values.taxMode}
          onChange={update('taxMode')}
          error={errors.taxMode}
          hint={t(`settings:invoices.taxModeHint.${values.taxMode}`)}
          options={TaxMode.options.map((mode) => ({
            value: mode,
            label: t(`settings:invoices.taxModes.${mode}`),
          }))}
        />
        {(values.businessNote || settings.businessNote) && (
          <TextareaField
            label={t('settings:invoices.businessNote')}
            name="businessNote"
            rows={2}
            maxLength={1000}
            value={values.businessNote}
            onChange={update('businessNote')}
            error={errors.businessNote}
            hint={t('settings:invoices.businessNoteHint')}
          />
        )}
        <Field
          label={t('settings:invoices.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={50}
          value={values.phone}
          onChange={update('phone')}
          error={errors.phone}
          hint={t('settings:invoices.phoneHint')}
        />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('settings:invoices.iban')}
          name="iban"
          autoComplete="off"
          maxLength={50}
          value={values.iban}
          onChange={update('iban')}
          error={errors.iban}
          hint={t('settings:invoices.ibanHint')}
        />
        <Field
          label={t('settings:invoices.bic')}
          name="bic"
          autoComplete="off"
          maxLength={11}
          value={values.bic}
          onChange={update('bic')}
          error={errors.bic}
        />
      </div>
      <div className="flex gap-3">
        <input
          id={attachId}
          name="attachEInvoice"
          type="checkbox"
          checked={values.attachEInvoice}
          onChange={(event) => setValues((v) => ({ ...v, attachEInvoice: event.target.checked }))}
          aria-describedby={`${attachId}-hint`}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <div className="grid gap-0.5">
          <label htmlFor={attachId} className="text-sm font-medium">
            {t('settings:invoices.attachEInvoice')}
          </label>
          <p id={`${attachId}-hint`} className="text-xs text-subtle">
            {t('settings:invoices.attachEInvoiceHint')}
          </p>
        </div>
      </div>
      <TextareaField
        label={t('settings:invoices.paymentInstructions')}
        name="paymentInstructions"
        rows={3}
        maxLength={1000}
        value={values.paymentInstructions}
        onChange={update('paymentInstructions')}
        error={errors.paymentInstructions}
        hint={t('settings:invoices.paymentInstructionsHint')}
      />
      <TextareaField
        label={t('settings:invoices.footerNote')}
        name="footerNote"
        rows={2}
        maxLength={500}
        value={values.footerNote}
        onChange={update('footerNote')}
        error={errors.footerNote}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('settings:invoices.dueDays')}
          name="defaultDueDays"
          inputMode="numeric"
          value={values.defaultDueDays}
          onChange={update('defaultDueDays')}
          error={errors.defaultDueDays}
          hint={t('settings:invoices.dueDaysHint')}
        />
        <Field
          label={t('settings:invoices.taxRate')}
          name="defaultTaxRate"
          inputMode="decimal"
          value={values.defaultTaxRate}
          onChange={update('defaultTaxRate')}
          error={errors.defaultTaxRateBp}
          hint={t('settings:invoices.taxRateHint')}
        />
      </div>
      <div>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('settings:saving') : t('settings:invoices.save')}
        </Button>
      </div>
    </form>
  );
}
