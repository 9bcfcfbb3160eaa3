import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../shared/contracts/calendar';
import { actingFor, ownedBy, type ProviderScope } from '../../auth/scope';
import { hashToken, randomToken } from '../../auth/token';
import type { Sql } from '../../db/client';
import { type Lang, translate } from '../../http/i18n';
import { type EventRow, selectEvents } from './events';
import { vtimezone } from './vtimezone';

/*
 * The private iCalendar feed (issue 30): one secret address per provider that Google, Apple and Outlook
 * subscribe to. Only the token's SHA-256 is stored (`calendar_feeds.token_hash`); regenerating replaces it,
 * revoking deletes it. The feed carries the provider's events (RRULE and EXDATE with their TZID, a stable UID
 * and SEQUENCE), their bookings from 90 days back (cancelled ones STATUS:CANCELLED) and their open invoices'
 * due days (all-day).
 */

const hashOf = (token: string) => hashToken(token).toString('hex');
/** A token is 43 base64url characters (`randomToken`). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function feedStatus(sql: Sql, scope: ProviderScope): Promise<CalendarFeedStatus> {
  const [row] = await sql<{ created_at: Date; last_read_at: Date | null }[]>`
    SELECT created_at, last_read_at FROM calendar_feeds WHERE ${ownedBy(sql, scope, 'provider_id')}`;
  return {
    active: !!row,
    createdAt: row?.created_at.toISOString() ?? null,
    lastReadAt: row?.last_read_at?.toISOString() ?? null,
  };
}

/** A new secret address (the previous one, if any, stops working); the only time it is shown. */
export async function createFeed(
  sql: Sql,
  scope: ProviderScope,
  publicUrl: string,
  now: Date,
): Promise<CalendarFeedCreated> {
  const token = randomToken();
  await sql`
    INSERT INTO calendar_feeds (provider_id, token_hash, created_at) VALUES (${scope.providerId}, ${hashOf(token)}, ${now})
    ON CONFLICT (provider_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at,
      last_read_at = NULL`;
  return {
    url: `${publicUrl.replace(/\/$/, '')}/api/calendar/feed/${token}.ics`,
    createdAt: now.toISOString(),
  };
}

/** Revokes the feed: its address answers 404 from now on. */
export async function revokeFeed(sql: Sql, scope: ProviderScope): Promise<void> {
  await sql`DELETE FROM calendar_feeds WHERE ${ownedBy(sql, scope, 'provider_id')}`;
}

/**
 * The feed of the provider whose token `file` (`<token>.ics`) names, or null (unknown, revoked, malformed):
 * the lookup is by the token's hash, so its time says nothing about how close a guess was.
 */
export async function readFeed(sql: Sql, file: string, publicUrl: string, now: Date): Promise<string | null> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  const hash = hashOf(TOKEN.test(token) ? token : file);
  const [feed] = await sql<{ provider_id: string }[]>`
    UPDATE calendar_feeds SET last_read_at = ${now} WHERE token_hash = ${hash} RETURNING provider_id`;
  if (!feed || !TOKEN.test(token)) return null;
  const scope = actingFor(feed.provider_id);
  const since = new Date(now.getTime() - 90 * 86_400_000);
  const [[profile], events, bookings, invoices] = await Promise.all([
    sql<{ preferred_language: Lang }[]>`
      SELECT preferred_language FROM profiles WHERE ${ownedBy(sql, scope, 'user_id')}`,
    selectEvents(sql, scope),
    sql<FeedBooking[]>`
      SELECT b.id, b.uid, b.sequence, b.title, b.starts_at, b.ends_at, b.status, c.name AS client_name, b.location,
             b.note, b.updated_at
      FROM bookings b JOIN clients c ON c.provider_id = b.provider_id AND c.id = b.client_id
      WHERE ${ownedBy(sql, scope, 'b.provider_id')} AND b.ends_at > ${since}
      ORDER BY b.starts_at`,
    sql<FeedInvoice[]>`
      SELECT i.id, i.number, to_char(i.due_date, 'YYYY-MM-DD') AS due_date, c.name AS client_name, i.updated_at
      FROM invoices i JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
      WHERE ${ownedBy(sql, scope, 'i.provider_id')} AND i.status IN ('sent', 'overdue') AND i.due_date IS NOT NULL
      ORDER BY i.due_date`,
  ]);
  const lang = profile?.preferred_language ?? 'en';
  return buildFeed({ lang, events, bookings, invoices, publicUrl, now });
}

/** A booking as the feed shows it: its times, client and place. */
interface FeedBooking {
  uid: string;
  sequence: number;
  title: string;
  starts_at: Date;
  ends_at: Date;
  status: string;
  client_name: string;
  location: string | null;
  note: string | null;
  updated_at: Date;
}

/** An open invoice as the feed shows it: its due day. */
interface FeedInvoice {
  id: string;
  number: string;
  due_date: string;
  client_name: string;
  updated_at: Date;
}

interface FeedContent {
  lang: Lang;
  events: EventRow[];
  bookings: FeedBooking[];
  invoices: FeedInvoice[];
  publicUrl: string;
  now: Date;
}

/** The feed's text (`text/calendar`), made by `ical-generator` with luxon times in each event's zone. */
export function buildFeed({ lang, events, bookings, invoices, publicUrl, now }: FeedContent): string {
  const years = events.map((e) => e.starts_at.getUTCFullYear());
  const fromYear = Math.min(now.getUTCFullYear() - 1, ...years);
  const toYear = Math.min(fromYear + 40, Math.max(now.getUTCFullYear() + 5, ...years.map((y) => y + 1)));
  const calendar = ical({
    name: translate(lang, 'calendarFeed.name'),
    prodId: { company: 'Client Portal', product: 'Calendar', language: lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 3600,
    timezone: { name: null, generator: (zone) => vtimezone(zone, fromYear, toYear) },
  });
  for (const e of events) {
    const start = DateTime.fromJSDate(e.starts_at, { zone: e.time_zone });
    const end = DateTime.fromJSDate(e.ends_at, { zone: e.time_zone });
    const exdates = e.exdates.map((d) => DateTime.fromJSDate(d, { zone: e.time_zone }));
    const exdateLine = !exdates.length
      ? ''
      : e.all_day
        ? `\nEXDATE;VALUE=DATE:${exdates.map((d) => d.toFormat('yyyyLLdd')).join(',')}`
        : `\nEXDATE;TZID=${e.time_zone}:${exdates.map((d) => d.toFormat("yyyyLLdd'T'HHmmss")).join(',')}`;
    calendar.createEvent({
      id: e.uid,
      sequence: e.sequence,
      stamp: e.updated_at,
      lastModified: e.updated_at,
      created: e.created_at,
      start,
      end,
      allDay: e.all_day,
      timezone: e.time_zone,
      summary: e.title,
      location: e.location,
      description: [e.notes, e.video_url].filter(Boolean).join('\n\n') || null,
      url: e.video_url,
      repeating: e.rrule ? `RRULE:${e.rrule}${exdateLine}` : null,
    });
  }
  for (const b of bookings) {
    calendar.createEvent({
      id: b.uid,
      sequence: b.sequence,
      stamp: b.updated_at,
      lastModified: b.updated_at,
      start: b.starts_at,
      end: b.ends_at,
      summary: translate(lang, 'calendarFeed.booking', { title: b.title, client: b.client_name }),
      location: b.location,
      description: b.note,
      status: b.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  for (const i of invoices) {
    const day = DateTime.fromISO(i.due_date, { zone: 'UTC' });
    calendar.createEvent({
      id: `invoice-due-${i.id}@client-portal`,
      stamp: i.updated_at,
      start: day,
      end: day.plus({ days: 1 }),
      allDay: true,
      summary: translate(lang, 'calendarFeed.invoiceDue', { number: i.number, client: i.client_name }),
      url: `${publicUrl.replace(/\/$/, '')}/dashboard/invoices/${i.id}`,
    });
  }
  return calendar.toString();
}
