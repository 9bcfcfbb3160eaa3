import { describe, expect, it } from 'vitest';
import { repeatOf, ruleOf } from './repeat';

describe('the form’s repetition', () => {
  it('makes a weekly rule on the start’s weekday, with the last day as UNTIL', () => {
    expect(ruleOf('weekly', '2027-03-16', '')).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(ruleOf('monthly', '2027-03-16', '2027-12-31')).toBe('FREQ=MONTHLY;UNTIL=20271231');
  });

  it('reads simple stored rules back and keeps anything else as custom', () => {
    expect(repeatOf('FREQ=WEEKLY;BYDAY=TU')).toEqual({ repeat: 'weekly', until: '' });
    expect(repeatOf('FREQ=DAILY;UNTIL=20270405T215900Z')).toEqual({ repeat: 'daily', until: '2027-04-05' });
    expect(repeatOf('FREQ=WEEKLY;BYDAY=MO,WE')).toEqual({ repeat: 'custom', until: '' });
    expect(repeatOf('FREQ=MONTHLY;BYDAY=4MO')).toEqual({ repeat: 'custom', until: '' });
    expect(repeatOf(null)).toEqual({ repeat: 'none', until: '' });
  });

  it('shows a timed event’s UNTIL as its last day in the event’s zone, west and east of UTC', () => {
    expect(repeatOf('FREQ=DAILY;UNTIL=20270406T035900Z', 'America/New_York').until).toBe('2027-04-05');
    expect(repeatOf('FREQ=DAILY;UNTIL=20270405T215900Z', 'Europe/Berlin').until).toBe('2027-04-05');
    expect(repeatOf('FREQ=DAILY;UNTIL=20270405T105900Z', 'Pacific/Auckland').until).toBe('2027-04-05');
    expect(repeatOf('FREQ=DAILY;UNTIL=20270405', 'America/New_York').until).toBe('2027-04-05');
  });
});
