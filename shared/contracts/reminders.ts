import { z } from 'zod';
import { text, Uuid } from './common';

/*
 * Payment reminders (issue 28): the provider's reminder steps (`GET/PUT /api/invoice-settings/reminders`)
 * and what was sent for one invoice (`GET /api/invoices/{invoiceId}/reminders`). The settings form and the
 * API check a body with the same `ReminderSettingsUpdate`.
 */

/** At most this many steps per provider. */
export const REMINDER_MAX_STEPS = 3;
/** A step is 1 to this many days after the due date. */
export const REMINDER_MAX_DAYS = 365;
/** A reminder's text, per language, at most this many characters. */
export const REMINDER_TEXT_MAX = 2000;
/** What a reminder's text may contain in braces (`{number}`); anything else in braces is refused. */
export const REMINDER_PLACEHOLDERS = [
  'client',
  'sender',
  'number',
  'amount',
  'dueDate',
  'daysOverdue',
] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([^{}]*)\}/g;
const known = new Set<string>(REMINDER_PLACEHOLDERS);

/** The placeholders of a text that are not in `REMINDER_PLACEHOLDERS` (`{total}` → `['total']`). */
export function unknownPlaceholders(value: string): string[] {
  return [...value.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !known.has(name));
}

/**
 * A reminder's text with its placeholders filled (plain text: whoever shows it as HTML escapes it). A name
 * without a value stays as written.
 * @example fillReminderText('Invoice {number}', { number: 'INV-0007' }) // 'Invoice INV-0007'
 */
export function fillReminderText(value: string, vars: Partial<Record<ReminderPlaceholder, string>>): string {
  return value.replace(PLACEHOLDER, (whole, name: string) => vars[name as ReminderPlaceholder] ?? whole);
}

const ReminderText = text()
  .trim()
  .min(1, { error: 'validation.reminderTextRequired' })
  .max(REMINDER_TEXT_MAX, { error: 'validation.reminderTextTooLong' })
  .refine((value) => unknownPlaceholders(value).length === 0, {
    error: 'validation.reminderPlaceholderUnknown',
  })
  .meta({
    description: `Plain text (no HTML); blank lines separate paragraphs. Placeholders: ${REMINDER_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
  });

export const ReminderStep = z
  .object({
    daysAfterDue: z
      .number({ error: 'validation.reminderDaysInvalid' })
      .int({ error: 'validation.reminderDaysInvalid' })
      .min(1, { error: 'validation.reminderDaysInvalid' })
      .max(REMINDER_MAX_DAYS, { error: 'validation.reminderDaysInvalid' })
      .meta({ format: 'int32', description: 'Days after the due date the reminder is sent (1–365).' }),
    textEn: ReminderText,
    textDe: ReminderText,
  })
  .meta({ id: 'ReminderStep' });
export type ReminderStep = z.infer<typeof ReminderStep>;

/** The steps' days must increase: each step is later than the one before. */
const ascending = (steps: readonly { daysAfterDue: number }[], ctx: z.RefinementCtx) => {
  steps.forEach((step, i) => {
    const before = steps[i - 1];
    if (before && step.daysAfterDue <= before.daysAfterDue) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.reminderDaysAscending',
        path: [i, 'daysAfterDue'],
      });
    }
  });
};

const ReminderSteps = z
  .array(ReminderStep)
  .max(REMINDER_MAX_STEPS, { error: 'validation.reminderTooManySteps' })
  .superRefine(ascending);

/** What the provider saves (the whole set at once). */
export const ReminderSettingsUpdate = z
  .object({
    enabled: z.boolean().meta({ description: 'Send the reminders (off: none is sent).' }),
    steps: ReminderSteps.meta({ description: 'Up to three steps, their days ascending.' }),
  })
  .refine((v) => !v.enabled || v.steps.length > 0, {
    error: 'validation.reminderStepsRequired',
    path: ['steps'],
  })
  .meta({ id: 'ReminderSettingsUpdate' });
export type ReminderSettingsUpdate = z.infer<typeof ReminderSettingsUpdate>;

export const ReminderSettings = z
  .object({
    enabled: z.boolean(),
    steps: z.array(ReminderStep),
    defaults: z.array(ReminderStep).meta({
      description:
        'The suggested steps with their texts in both languages (what a new provider starts with).',
    }),
    saved: z
      .boolean()
      .meta({ description: 'False until the provider saved reminder settings (steps are the defaults).' }),
  })
  .meta({ id: 'ReminderSettings' });
export type ReminderSettings = z.infer<typeof ReminderSettings>;

/** One reminder sent for an invoice. */
export const InvoiceReminder = z
  .object({
    id: Uuid(),
    step: z.number().int().min(1).max(REMINDER_MAX_STEPS).meta({ format: 'int32' }),
    daysAfterDue: z.number().int().meta({ format: 'int32' }),
    language: z.enum(['en', 'de']),
    sentTo: text().meta({ description: 'The client’s e-mail address it went to.' }),
    sentAt: z.iso.datetime(),
  })
  .meta({ id: 'InvoiceReminder' });
export type InvoiceReminder = z.infer<typeof InvoiceReminder>;

export const InvoiceReminders = z
  .object({
    items: z.array(InvoiceReminder).meta({ description: 'Oldest first.' }),
    next: z
      .object({
        step: z.number().int().meta({ format: 'int32' }),
        on: text().meta({ description: 'Calendar date `YYYY-MM-DD` (UTC) from which it is sent.' }),
      })
      .nullable()
      .meta({
        description:
          'The next reminder while the invoice is unpaid and reminders are on; null when none is to come.',
      }),
  })
  .meta({ id: 'InvoiceReminders' });
export type InvoiceReminders = z.infer<typeof InvoiceReminders>;
