import { describe, expect, it } from 'vitest';
import { daysBetween, dueCounts, dueState } from './due-state';

describe('an invoice against its due date', () => {
  it('counts calendar days, across month ends, leap days and the DST change', () => {
    expect(daysBetween('2026-12-07', '2026-12-07')).toBe(0);
    expect(daysBetween('2026-11-30', '2026-12-07')).toBe(7);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-12-07', '2026-11-30')).toBe(-7);
  });

  it('is overdue for the days since the due date, due today, or due in some days', () => {
    const today = '2026-12-07';
    expect(dueState({ status: 'sent', dueDate: '2026-11-30' }, today)).toEqual({ kind: 'overdue', days: 7 });
    expect(dueState({ status: 'overdue', dueDate: '2026-12-06' }, today)).toEqual({
      kind: 'overdue',
      days: 1,
    });
    expect(dueState({ status: 'sent', dueDate: today }, today)).toEqual({ kind: 'dueToday' });
    expect(dueState({ status: 'sent', dueDate: '2026-12-20' }, today)).toEqual({ kind: 'due', days: 13 });
    // Marked overdue by hand before its date: overdue, not "due in".
    expect(dueState({ status: 'overdue', dueDate: '2026-12-20' }, today)).toEqual({
      kind: 'overdue',
      days: 0,
    });
    for (const status of ['paid', 'cancelled', 'draft'])
      expect(dueState({ status, dueDate: '2026-11-30' }, today)).toEqual({ kind: 'none' });
    expect(dueState({ status: 'sent', dueDate: null }, today)).toEqual({ kind: 'none' });
  });

  it('counts what is overdue and what is still due', () => {
    expect(
      dueCounts(
        [
          { status: 'sent', dueDate: '2026-11-30' },
          { status: 'overdue', dueDate: '2026-11-01' },
          { status: 'sent', dueDate: '2026-12-30' },
          { status: 'sent', dueDate: null },
          { status: 'paid', dueDate: '2026-11-01' },
        ],
        '2026-12-07',
      ),
    ).toEqual({ overdue: 2, due: 2 });
  });
});
