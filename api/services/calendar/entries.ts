import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { CalendarEntries, CalendarEntry, CalendarWindowQuery } from '../../../shared/contracts/calendar';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { selectEvents, timesOf } from './events';
import { occurrences } from './recurrence';
import { dayIn, midnightOf } from './times';

const NONE = {
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
} satisfies Partial<CalendarEntry>;

/** The zone a window is read in: the one asked for, else the profile's, else UTC. */
export async function windowZone(sql: Sql, scope: ProviderScope, asked: string | undefined): Promise<string> {
  if (asked) return asked;
  const [profile] = await sql<{ time_zone: string | null }[]>`
    SELECT time_zone FROM profiles WHERE ${ownedBy(sql, scope, 'user_id')}`;
  return profile?.time_zone ?? 'UTC';
}

const lastDayOf = (end: Date, zone: string) => dayIn(new Date(end.getTime() - 1), zone);

/**
 * Everything dated of the provider in the days `from` to `to` (both included, at most 62) of a zone: the
 * occurrences of their events (expanded in each event's own zone, exceptions left out), their bookings
 * (cancelled ones too, marked), their projects' start and end days and their open (sent or overdue)
 * invoices' due days; ordered by start.
 */
export async function calendarEntries(
  sql: Sql,
  scope: ProviderScope,
  query: z.output<typeof CalendarWindowQuery>,
): Promise<CalendarEntries> {
  const zone = await windowZone(sql, scope, query.timeZone);
  const from = midnightOf(query.from, zone);
  const to = midnightOf(DateTime.fromISO(query.to).plus({ days: 1 }).toISODate() ?? query.to, zone);
  const [events, bookings, projects, invoices] = await Promise.all([
    selectEvents(
      sql,
      scope,
      sql`AND e.starts_at < ${to} AND (e.series_ends_at IS NULL OR e.series_ends_at > ${from})`,
    ),
    sql<
      {
        id: string;
        title: string;
        starts_at: Date;
        ends_at: Date;
        status: 'confirmed' | 'cancelled';
        client_id: string;
        client_name: string;
        project_id: string | null;
        project_name: string | null;
        location: string | null;
        location_kind: string;
      }[]
    >`
      SELECT b.id, b.title, b.starts_at, b.ends_at, b.status, b.client_id, c.name AS client_name, b.project_id,
             p.name AS project_name, b.location, b.location_kind
      FROM bookings b
      JOIN clients c ON c.provider_id = b.provider_id AND c.id = b.client_id
      LEFT JOIN projects p ON p.provider_id = b.provider_id AND p.id = b.project_id
      WHERE ${ownedBy(sql, scope, 'b.provider_id')} AND b.starts_at < ${to} AND b.ends_at > ${from}`,
    sql<
      {
        id: string;
        name: string;
        client_id: string;
        client_name: string;
        start_date: string | null;
        end_date: string | null;
      }[]
    >`
      SELECT p.id, p.name, p.client_id, c.name AS client_name, to_char(p.start_date, 'YYYY-MM-DD') AS start_date,
             to_char(p.end_date, 'YYYY-MM-DD') AS end_date
      FROM projects p JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
      WHERE ${ownedBy(sql, scope, 'p.provider_id')}
        AND (p.start_date BETWEEN ${query.from} AND ${query.to} OR p.end_date BETWEEN ${query.from} AND ${query.to})`,
    sql<
      {
        id: string;
        number: string;
        client_id: string;
        client_name: string;
        project_id: string | null;
        due_date: string;
      }[]
    >`
      SELECT i.id, i.number, i.client_id, c.name AS client_name, i.project_id, to_char(i.due_date, 'YYYY-MM-DD') AS due_date
      FROM invoices i JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
      WHERE ${ownedBy(sql, scope, 'i.provider_id')} AND i.status IN ('sent', 'overdue')
        AND i.due_date BETWEEN ${query.from} AND ${query.to}`,
  ]);
  const items: CalendarEntry[] = [];
  for (const event of events) {
    for (const o of occurrences(timesOf(event), from, to)) {
      const dayZone = event.all_day ? event.time_zone : zone;
      items.push({
        ...NONE,
        key: `${event.id}:${o.start.toISOString()}`,
        kind: 'event',
        title: event.title,
        allDay: event.all_day,
        startsAt: o.start.toISOString(),
        endsAt: o.end.toISOString(),
        startDay: dayIn(o.start, dayZone),
        endDay: lastDayOf(o.end, dayZone),
        eventId: event.id,
        recurring: event.rrule !== null,
        clientId: event.client_id,
        clientName: event.client_name,
        projectId: event.project_id,
        projectName: event.project_name,
        location: event.location,
        videoUrl: event.video_url,
      });
    }
  }
  for (const b of bookings) {
    items.push({
      ...NONE,
      key: `booking:${b.id}`,
      kind: 'booking',
      title: b.title,
      allDay: false,
      startsAt: b.starts_at.toISOString(),
      endsAt: b.ends_at.toISOString(),
      startDay: dayIn(b.starts_at, zone),
      endDay: lastDayOf(b.ends_at, zone),
      bookingId: b.id,
      status: b.status,
      clientId: b.client_id,
      clientName: b.client_name,
      projectId: b.project_id,
      projectName: b.project_name,
      location: b.location_kind === 'video' ? null : b.location,
      videoUrl: b.location_kind === 'video' ? b.location : null,
    });
  }
  for (const p of projects) {
    for (const [kind, day] of [
      ['project_start', p.start_date],
      ['project_end', p.end_date],
    ] as const) {
      if (!day || day < query.from || day > query.to) continue;
      items.push({
        ...NONE,
        key: `${kind}:${p.id}`,
        kind,
        title: p.name,
        allDay: true,
        startsAt: null,
        endsAt: null,
        startDay: day,
        endDay: day,
        clientId: p.client_id,
        clientName: p.client_name,
        projectId: p.id,
        projectName: p.name,
      });
    }
  }
  for (const i of invoices) {
    items.push({
      ...NONE,
      key: `invoice_due:${i.id}`,
      kind: 'invoice_due',
      title: i.number,
      allDay: true,
      startsAt: null,
      endsAt: null,
      startDay: i.due_date,
      endDay: i.due_date,
      clientId: i.client_id,
      clientName: i.client_name,
      projectId: i.project_id,
      invoiceId: i.id,
      invoiceNumber: i.number,
    });
  }
  items.sort(
    (a, b) =>
      a.startDay.localeCompare(b.startDay) ||
      Number(b.allDay) - Number(a.allDay) ||
      (a.startsAt ?? '').localeCompare(b.startsAt ?? '') ||
      a.key.localeCompare(b.key),
  );
  return { timeZone: zone, from: query.from, to: query.to, items };
}
