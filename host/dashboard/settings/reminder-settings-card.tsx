import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { callApi } from '../../../shared/api/call';
import { api } from '../../../shared/api/client';
import { describeFailure } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import {
  REMINDER_PLACEHOLDERS,
  type ReminderSettings,
  type ReminderSettingsUpdate,
} from '../../../shared/contracts/reminders';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { TextareaField } from '../../../shared/ui/textarea-field';
import { toast } from '../../../shared/ui/toaster';
import { LoadFailed } from './load-failed';
import { nextStep, type ReminderValues, toReminderUpdate, toReminderValues } from './reminder-logic';

/** The reminder settings' calls (`GET/PUT /api/invoice-settings/reminders`) and cache key. */
const remindersKey = ['invoice-settings', 'reminders'] as const;
const remindersApi = {
  get: () => callApi(() => api.GET('/api/invoice-settings/reminders')) as Promise<ReminderSettings>,
  put: (body: ReminderSettingsUpdate) =>
    callApi(() => api.PUT('/api/invoice-settings/reminders', { body })) as Promise<ReminderSettings>,
};

/**
 * Payment reminders (issue 28): on/off and up to three steps, each the days after the due date and the
 * text in English and German (plain text with placeholders), sent by a job to each unpaid invoice's client
 * in the invoice's language. Checked with the API's contract before saving; the server's 422 lands at the
 * same fields.
 */
export function ReminderSettingsCard() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: remindersKey, queryFn: remindersApi.get });
  if (settings.isError) return <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data)
    return (
      <div role="status" aria-label={t('app.loading')} className="grid gap-4">
        {[0, 1].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg bg-surface" />
        ))}
      </div>
    );
  return <ReminderForm settings={settings.data} />;
}

function ReminderForm({ settings }: { settings: ReminderSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ReminderValues>(() => toReminderValues(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const enabledId = useId();

  const save = useMutation({
    mutationFn: remindersApi.put,
    onSuccess: (saved) => {
      queryClient.setQueryData(remindersKey, saved);
      setValues(toReminderValues(saved));
      toast.success(t('settings:reminders.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(
          Object.fromEntries(error.fields.map((f) => [f.path, t(f.key, { defaultValue: f.message })])),
        );
      }
      toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = toReminderUpdate(values);
    if (!result.ok) {
      setErrors(Object.fromEntries(Object.entries(result.errors).map(([path, key]) => [path, t(key)])));
      return;
    }
    setErrors({});
    save.mutate(result.body);
  }

  const change =
    (index: number, field: keyof ReminderValues['steps'][number]) => (event: { target: { value: string } }) =>
      setValues((v) => ({
        ...v,
        steps: v.steps.map((s, i) => (i === index ? { ...s, [field]: event.target.value } : s)),
      }));
  const added = nextStep(values, settings.defaults);
  const placeholders = REMINDER_PLACEHOLDERS.map((p) => `{${p}}`).join(' ');

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('settings:reminders.title')}>
      <div className="flex gap-3">
        <input
          id={enabledId}
          name="remindersEnabled"
          type="checkbox"
          checked={values.enabled}
          onChange={(event) => setValues((v) => ({ ...v, enabled: event.target.checked }))}
          aria-describedby={`${enabledId}-hint`}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <div className="grid gap-0.5">
          <label htmlFor={enabledId} className="text-sm font-medium">
            {t('settings:reminders.enabled')}
          </label>
          <p id={`${enabledId}-hint`} className="text-xs text-subtle">
            {t('settings:reminders.enabledHint')}
          </p>
        </div>
      </div>
      {errors.steps ? (
        <p role="alert" className="text-sm text-danger">
          {errors.steps}
        </p>
      ) : null}
      <ol className="grid gap-4">
        {values.steps.map((step, index) => (
          // Steps have no id of their own: their position is what they are (step 1, 2, 3).
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the step's identity
          <li key={index} className="grid gap-3 rounded-lg border border-line p-4">
            <fieldset className="grid gap-3">
              <legend className="flex w-full items-center justify-between gap-3 text-sm font-semibold text-ink">
                {t('settings:reminders.step', { n: index + 1 })}
              </legend>
              <div className="flex flex-wrap items-end gap-3">
                <Field
                  label={t('settings:reminders.days')}
                  name={`steps.${index}.daysAfterDue`}
                  inputMode="numeric"
                  autoComplete="off"
                  className="w-28"
                  value={step.daysAfterDue}
                  onChange={change(index, 'daysAfterDue')}
                  error={errors[`steps.${index}.daysAfterDue`]}
                  hint={t('settings:reminders.daysHint')}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setValues((v) => ({ ...v, steps: v.steps.filter((_, i) => i !== index) }))}
                >
                  {t('settings:reminders.remove', { n: index + 1 })}
                </Button>
              </div>
              <TextareaField
                label={t('settings:reminders.textEn')}
                name={`steps.${index}.textEn`}
                rows={3}
                maxLength={2000}
                value={step.textEn}
                onChange={change(index, 'textEn')}
                error={errors[`steps.${index}.textEn`]}
              />
              <TextareaField
                label={t('settings:reminders.textDe')}
                name={`steps.${index}.textDe`}
                rows={3}
                maxLength={2000}
                value={step.textDe}
                onChange={change(index, 'textDe')}
                error={errors[`steps.${index}.textDe`]}
              />
            </fieldset>
          </li>
        ))}
      </ol>
      <p className="text-xs text-subtle">{t('settings:reminders.placeholders', { placeholders })}</p>
      <div className="flex flex-wrap gap-3">
        {added ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => setValues((v) => ({ ...v, steps: [...v.steps, added] }))}
          >
            {t('settings:reminders.add')}
          </Button>
        ) : null}
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('settings:saving') : t('settings:reminders.save')}
        </Button>
      </div>
    </form>
  );
}
