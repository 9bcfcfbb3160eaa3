import { describe, expect, it } from 'vitest';
import { nextStep, toReminderUpdate } from './reminder-logic';

const step = (daysAfterDue: string, textEn = 'Invoice {number}', textDe = 'Rechnung {number}') => ({
  daysAfterDue,
  textEn,
  textDe,
});
const defaults = [7, 14, 30].map((d) => ({ daysAfterDue: d, textEn: `en ${d}`, textDe: `de ${d}` }));

describe('the payment reminders form', () => {
  it('sends typed days as numbers and refuses with the contract’s keys at the field paths', () => {
    expect(toReminderUpdate({ enabled: true, steps: [step(' 5 '), step('12')] })).toEqual({
      ok: true,
      body: {
        enabled: true,
        steps: [
          { ...step('5'), daysAfterDue: 5 },
          { ...step('12'), daysAfterDue: 12 },
        ],
      },
    });
    expect(toReminderUpdate({ enabled: true, steps: [step('12'), step('5')] })).toEqual({
      ok: false,
      errors: { 'steps.1.daysAfterDue': 'validation.reminderDaysAscending' },
    });
    expect(toReminderUpdate({ enabled: true, steps: [step('1,5'), step('400', 'Pay {total}')] })).toEqual({
      ok: false,
      errors: {
        'steps.0.daysAfterDue': 'validation.reminderDaysInvalid',
        'steps.1.daysAfterDue': 'validation.reminderDaysInvalid',
        'steps.1.textEn': 'validation.reminderPlaceholderUnknown',
      },
    });
    expect(toReminderUpdate({ enabled: true, steps: [] })).toEqual({
      ok: false,
      errors: { steps: 'validation.reminderStepsRequired' },
    });
  });

  it('suggests the default step of the next position, later than the last, and none after three', () => {
    expect(nextStep({ enabled: true, steps: [] }, defaults)).toEqual(step('7', 'en 7', 'de 7'));
    expect(nextStep({ enabled: true, steps: [step('20')] }, defaults)).toEqual(step('27', 'en 14', 'de 14'));
    expect(nextStep({ enabled: true, steps: [step('3'), step('10')] }, defaults)).toEqual(
      step('30', 'en 30', 'de 30'),
    );
    expect(nextStep({ enabled: true, steps: [step('3'), step('10'), step('20')] }, defaults)).toBeNull();
  });
});
