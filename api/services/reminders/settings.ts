import type { Language } from '../../../shared/contracts/common';
import type {
  ReminderSettings,
  ReminderSettingsUpdate,
  ReminderStep,
} from '../../../shared/contracts/reminders';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { defaultReminderText } from '../../mail/templates/payment-reminder';

/*
 * The provider's payment reminders (migration 0024): on/off and up to three steps (days after the due date,
 * the text in English and German). A provider who never saved them has the defaults below, switched off.
 */

/** The suggested steps: a week, two weeks and a month after the due date. */
export const DEFAULT_REMINDER_DAYS = [7, 14, 30] as const;

/** The default steps with their texts in both languages (`mail.paymentReminder.defaults.*`). */
export function defaultReminderSteps(): ReminderStep[] {
  return DEFAULT_REMINDER_DAYS.map((daysAfterDue, i) => ({
    daysAfterDue,
    textEn: defaultReminderText('en', i + 1),
    textDe: defaultReminderText('de', i + 1),
  }));
}

export interface StepRow {
  step: number;
  days_after_due: number;
  text_en: string;
  text_de: string;
}

/** The step's text in a language. */
export const stepText = (row: Pick<StepRow, 'text_en' | 'text_de'>, lang: Language) =>
  lang === 'de' ? row.text_de : row.text_en;

/** The saved settings and steps (steps in order), or null when the provider never saved any. */
export async function savedReminders(
  sql: Sql | Tx,
  scope: ProviderScope,
): Promise<{ enabled: boolean; steps: StepRow[] } | null> {
  const [settings] = await sql<{ enabled: boolean }[]>`
    SELECT enabled FROM invoice_reminder_settings WHERE ${ownedBy(sql, scope, 'provider_id')}`;
  if (!settings) return null;
  const steps = await sql<StepRow[]>`
    SELECT step, days_after_due, text_en, text_de FROM invoice_reminder_steps
    WHERE ${ownedBy(sql, scope, 'provider_id')} ORDER BY step`;
  return { enabled: settings.enabled, steps };
}

/** GET /api/invoice-settings/reminders */
export async function getReminderSettings(sql: Sql | Tx, scope: ProviderScope): Promise<ReminderSettings> {
  const saved = await savedReminders(sql, scope);
  const defaults = defaultReminderSteps();
  if (!saved) return { enabled: false, steps: defaults, defaults, saved: false };
  return {
    enabled: saved.enabled,
    steps: saved.steps.map((s) => ({ daysAfterDue: s.days_after_due, textEn: s.text_en, textDe: s.text_de })),
    defaults,
    saved: true,
  };
}

/**
 * PUT /api/invoice-settings/reminders: replaces the settings and steps in one transaction (the body is the
 * contract's `ReminderSettingsUpdate`: at most three steps, days 1–365 ascending, texts with known
 * placeholders only). When on, a sweep for this provider is queued at once, so invoices already past a step
 * get their reminder without waiting for the quarter hour.
 */
export async function updateReminderSettings(
  deps: Pick<AppDeps, 'sql' | 'jobs'>,
  scope: ProviderScope,
  input: ReminderSettingsUpdate,
): Promise<ReminderSettings> {
  return deps.sql.begin(async (tx) => {
    await tx`
      INSERT INTO invoice_reminder_settings (provider_id, enabled) VALUES (${scope.providerId}, ${input.enabled})
      ON CONFLICT (provider_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`;
    await tx`DELETE FROM invoice_reminder_steps WHERE ${ownedBy(tx, scope, 'provider_id')}`;
    if (input.steps.length > 0) {
      await tx`
        INSERT INTO invoice_reminder_steps ${tx(
          input.steps.map((s, i) => ({
            provider_id: scope.providerId,
            step: i + 1,
            days_after_due: s.daysAfterDue,
            text_en: s.textEn,
            text_de: s.textDe,
          })),
        )}`;
    }
    if (input.enabled) {
      await deps.jobs.enqueue(
        tx,
        'send_payment_reminders',
        { providerId: scope.providerId },
        { jobKey: `payment-reminders:${scope.providerId}` },
      );
    }
    return getReminderSettings(tx, scope);
  });
}
