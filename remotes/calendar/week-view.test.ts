import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../../shared/contracts/calendar';
import { layoutDay } from './week-view';

/** A timed entry from local wall-clock times on 22 March 2027 (hours may pass 24: the next day). */
const timed = (key: string, from: number, to: number): CalendarEntry => ({
  key,
  kind: 'event',
  title: key,
  allDay: false,
  startsAt: new Date(2027, 2, 22, 0, from * 60).toISOString(),
  endsAt: new Date(2027, 2, 22, 0, to * 60).toISOString(),
  startDay: '2027-03-22',
  endDay: '2027-03-22',
  eventId: null,
  recurring: false,
  bookingId: null,
  status: null,
  clientId: null,
  clientName: null,
  projectId: null,
  projectName: null,
  invoiceId: null,
  invoiceNumber: null,
  location: null,
  videoUrl: null,
});

const lanes = (day: string, entries: CalendarEntry[]) =>
  Object.fromEntries(layoutDay(day, entries).map((s) => [s.entry.key, [s.start, s.end, s.lane, s.lanes]]));

describe('the week grid’s day layout', () => {
  it('places entries at their minutes; overlapping ones side by side, the next free lane reused', () => {
    expect(
      lanes('2027-03-22', [timed('a', 9, 11), timed('b', 10, 12), timed('c', 11, 12), timed('d', 14, 14.25)]),
    ).toEqual({
      a: [540, 660, 0, 2],
      b: [600, 720, 1, 2],
      c: [660, 720, 0, 2],
      // Alone, and drawn half an hour tall although it lasts 15 minutes.
      d: [840, 870, 0, 1],
    });
  });

  it('cuts an entry that runs past midnight at each day’s edge, and leaves out all-day entries', () => {
    const late = timed('late', 23, 25);
    expect(lanes('2027-03-22', [late, { ...timed('x', 1, 2), allDay: true }])).toEqual({
      late: [1380, 1440, 0, 1],
    });
    expect(lanes('2027-03-23', [late])).toEqual({ late: [0, 60, 0, 1] });
    expect(lanes('2027-03-24', [late])).toEqual({});
  });
});
