import {
  REMINDER_MAX_STEPS,
  type ReminderSettings,
  ReminderSettingsUpdate,
  type ReminderStep,
} from '../../../shared/contracts/reminders';

/*
 * The payment reminders form's state (issue 28): what is typed (days as text), turned into the API's body
 * and checked with the API's own contract (`ReminderSettingsUpdate`), so the form refuses what the server
 * would, with the same `validation.*` keys at the same paths (`steps.1.daysAfterDue`).
 */

export interface ReminderStepValues {
  daysAfterDue: string;
  textEn: string;
  textDe: string;
}

export interface ReminderValues {
  enabled: boolean;
  steps: ReminderStepValues[];
}

const toStepValues = (step: ReminderStep): ReminderStepValues => ({
  daysAfterDue: String(step.daysAfterDue),
  textEn: step.textEn,
  textDe: step.textDe,
});

export function toReminderValues(settings: ReminderSettings): ReminderValues {
  return { enabled: settings.enabled, steps: settings.steps.map(toStepValues) };
}

/**
 * A new step after the last one: the default step of that position (its days and texts), else a week
 * after the last; null when there are three already.
 */
export function nextStep(
  values: ReminderValues,
  defaults: readonly ReminderStep[],
): ReminderStepValues | null {
  if (values.steps.length >= REMINDER_MAX_STEPS) return null;
  const suggested = defaults[values.steps.length] ?? defaults.at(-1);
  const lastDays = Number(values.steps.at(-1)?.daysAfterDue);
  const days =
    suggested && (!Number.isFinite(lastDays) || suggested.daysAfterDue > lastDays)
      ? suggested.daysAfterDue
      : Math.min((Number.isFinite(lastDays) ? lastDays : 0) + 7, 365);
  return { daysAfterDue: String(days), textEn: suggested?.textEn ?? '', textDe: suggested?.textDe ?? '' };
}

/** Whole days as typed ("7", " 14 "); anything else is NaN, which the contract refuses with its own message. */
const parseDays = (value: string) => (/^\s*\d{1,4}\s*$/.test(value) ? Number(value) : Number.NaN);

/** The body for `PUT /api/invoice-settings/reminders`, or the field errors (i18n keys) by path. */
export function toReminderUpdate(
  values: ReminderValues,
): { ok: true; body: ReminderSettingsUpdate } | { ok: false; errors: Record<string, string> } {
  const result = ReminderSettingsUpdate.safeParse({
    enabled: values.enabled,
    steps: values.steps.map((s) => ({
      daysAfterDue: parseDays(s.daysAfterDue),
      textEn: s.textEn,
      textDe: s.textDe,
    })),
  });
  if (result.success) return { ok: true, body: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return { ok: false, errors };
}
