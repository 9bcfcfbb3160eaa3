import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { DateTime, IANAZone } from 'luxon';

/*
 * A booking's iCalendar invitation (RFC 5545/5546) by `ical-generator`: METHOD:REQUEST for a new or moved
 * booking, METHOD:CANCEL (STATUS:CANCELLED) for a cancelled one, the booking's stable UID and SEQUENCE, the
 * provider as ORGANIZER and the client as ATTENDEE, the times in the reader's zone with its VTIMEZONE.
 */

export interface InvitationInput {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  title: string;
  description: string;
  location: string | null;
  /** The zone the times are written in (the reader's). */
  timeZone: string;
  cancelled: boolean;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** When the invitation was made (DTSTAMP). */
  stamp: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
const localStamp = (ms: number, offset: number) => {
  const d = new Date(ms + offset * MINUTE);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;
};

/**
 * The VTIMEZONE of an IANA zone from its offsets as the runtime knows them: one observance per offset change
 * from a year before `around` to a year after (each with its own DTSTART, no rules to go stale), or one
 * fixed observance for a zone without changes.
 */
export function vtimezone(timeZone: string, around: Date): string {
  const zone = IANAZone.create(timeZone);
  const from = around.getTime() - 366 * DAY;
  const to = around.getTime() + 366 * DAY;
  const kind = (ms: number) =>
    DateTime.fromMillis(ms, { zone: timeZone }).isInDST ? 'DAYLIGHT' : 'STANDARD';
  const name = (ms: number) =>
    DateTime.fromMillis(ms, { zone: timeZone, locale: 'en-GB' }).offsetNameShort ?? timeZone;
  const parts: string[] = [];
  const observance = (ms: number, fromOffset: number, toOffset: number) => {
    const k = kind(ms);
    parts.push(
      `BEGIN:${k}`,
      `DTSTART:${localStamp(ms, fromOffset)}`,
      `TZOFFSETFROM:${offsetText(fromOffset)}`,
      `TZOFFSETTO:${offsetText(toOffset)}`,
      `TZNAME:${name(ms)}`,
      `END:${k}`,
    );
  };
  const first = zone.offset(from);
  observance(from, first, first);
  let previous = first;
  for (let day = from + DAY; day <= to; day += DAY) {
    const offset = zone.offset(day);
    if (offset === previous) continue;
    let lo = day - DAY;
    let hi = day;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (zone.offset(mid) === previous) lo = mid;
      else hi = mid;
    }
    observance(hi, previous, offset);
    previous = offset;
  }
  return ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, ...parts, 'END:VTIMEZONE'].join('\r\n');
}

/** The invitation as an `.ics` text. */
export function bookingInvitation(input: InvitationInput): string {
  const calendar = ical({
    prodId: { company: 'Client Portal', product: 'Bookings', language: 'EN' },
    method: input.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    timezone: { name: input.timeZone, generator: (tz) => vtimezone(tz, input.start) },
  });
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    stamp: input.stamp,
    start: DateTime.fromJSDate(input.start, { zone: input.timeZone }),
    end: DateTime.fromJSDate(input.end, { zone: input.timeZone }),
    timezone: input.timeZone,
    summary: input.title,
    description: input.description,
    location: input.location,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: input.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  // ical-generator writes every date in the calendar's zone; DTSTAMP must be UTC (RFC 5545 §3.8.7.2).
  const stamp = `${localStamp(input.stamp.getTime() - (input.stamp.getTime() % 1000), 0).slice(0, 13)}${pad(input.stamp.getUTCSeconds())}Z`;
  return calendar.toString().replace(/^DTSTAMP:.*$/m, `DTSTAMP:${stamp}`);
}
