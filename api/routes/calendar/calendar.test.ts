import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import nodeIcal, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEntries, CalendarEvent, CalendarFeedCreated } from '../../../shared/contracts/calendar';
import { eventBusyIntervals } from '../../services/calendar/busy';
import { type InvoicesWorld, invoicesWorld } from '../../services/invoices/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';

/**
 * The calendar through HTTP (issue 30): events and their refusals (a translated 422 on the field, nothing
 * written; another provider's client, project or event 404), recurring series with exceptions and
 * "this occurrence only" edits, the window of entries (bookings, project days, open invoices' due days),
 * the busy intervals for the slot calculator, and the private feed: parsed by two independent parsers
 * (ical.js, node-ical) with times checked in Berlin and New York across a DST change; revoked → 404.
 */

let t: TestContext;
let w: InvoicesWorld;
let other: InvoicesWorld;

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_DISABLED: 'true' });
  w = await invoicesWorld(t, 'cal');
  other = await invoicesWorld(t, 'cal2');
});
afterAll(() => t.close());

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const base = {
  title: 'Design review',
  start: '2027-03-22T10:00',
  end: '2027-03-22T11:00',
  timeZone: 'Europe/Berlin',
};
const create = (body: Record<string, unknown>, owner = w.owner) =>
  send(t, 'POST', '/api/calendar/events', owner, { ...base, ...body });
const createOk = async (body: Record<string, unknown> = {}) => json<CalendarEvent>(await create(body), 201);
const window = async (from: string, to: string, zone = 'Europe/Berlin', owner = w.owner) =>
  json<CalendarEntries>(
    await send(
      t,
      'GET',
      `/api/calendar/entries?from=${from}&to=${to}&timeZone=${encodeURIComponent(zone)}`,
      owner,
    ),
  );
const count = async () => Number((await t.sql`SELECT count(*)::int AS n FROM calendar_events`)[0]?.n);

describe('calendar events', () => {
  it('creates, reads, changes and deletes an event; sequence grows with each change', async () => {
    const event = await createOk({
      location: 'Office',
      videoUrl: 'https://meet.example.com/x',
      notes: 'Agenda',
    });
    expect(event).toMatchObject({
      start: '2027-03-22T10:00',
      end: '2027-03-22T11:00',
      startsAt: '2027-03-22T09:00:00.000Z',
      sequence: 0,
    });
    expect(event.seriesEndsAt).toBe(event.endsAt);
    const moved = await json<CalendarEvent>(
      await send(t, 'PATCH', `/api/calendar/events/${event.id}`, w.owner, {
        start: '2027-03-23T14:00',
        end: '2027-03-23T15:30',
      }),
    );
    expect(moved).toMatchObject({
      startsAt: '2027-03-23T13:00:00.000Z',
      endsAt: '2027-03-23T14:30:00.000Z',
      sequence: 1,
      uid: event.uid,
    });
    expect((await send(t, 'GET', `/api/calendar/events/${event.id}`, other.owner)).status).toBe(404);
    expect(
      (await send(t, 'PATCH', `/api/calendar/events/${event.id}`, other.owner, { title: 'x' })).status,
    ).toBe(404);
    expect((await send(t, 'DELETE', `/api/calendar/events/${event.id}`, other.owner)).status).toBe(404);
    expect((await send(t, 'DELETE', `/api/calendar/events/${event.id}`, w.owner)).status).toBe(204);
    expect((await send(t, 'GET', `/api/calendar/events/${event.id}`, w.owner)).status).toBe(404);
  });

  it('refuses bad input with a translated reason on its field and writes nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ end: '2027-03-22T09:00' }, 'end', 'validation.calendarEndBeforeStart'],
      [{ end: '2027-04-10T10:00' }, 'end', 'validation.calendarTooLong'],
      [{ allDay: true, start: '2027-01-01', end: '2028-01-05' }, 'end', 'validation.calendarAllDayTooLong'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'validation.timeZoneInvalid'],
      [{ rrule: 'FREQ=HOURLY' }, 'rrule', 'validation.calendarRruleTooFrequent'],
      [{ rrule: 'FREQ=MINUTELY;COUNT=3' }, 'rrule', 'validation.calendarRruleTooFrequent'],
      [{ rrule: 'FREQ=NEVER' }, 'rrule', 'validation.calendarRrule'],
      [{ videoUrl: 'http://meet.example.com/x' }, 'videoUrl', 'validation.calendarVideoUrl'],
      [{ videoUrl: 'javascript:alert(1)' }, 'videoUrl', 'validation.calendarVideoUrl'],
      [{ title: ' ' }, 'title', 'validation.calendarTitleRequired'],
    ];
    for (const [body, path, key] of cases) {
      const res = await send(
        t,
        'POST',
        '/api/calendar/events',
        w.owner,
        { ...base, ...body },
        { 'Accept-Language': 'de' },
      );
      const error = (
        await json<{ error: { fields: { path: string; key: string; message: string }[] } }>(res, 422)
      ).error;
      expect(error.fields[0], JSON.stringify(body)).toMatchObject({ path, key });
      expect(error.fields[0]?.message).not.toBe(key);
    }
    // Another provider's client or project: 404; a project of another client: 422.
    expect((await create({ clientId: other.clientId })).status).toBe(404);
    expect((await create({ projectId: other.projectId })).status).toBe(404);
    expect(await count()).toBe(before);
    const linked = await createOk({ clientId: w.clientId, projectId: w.projectId });
    expect(linked.clientName).toBeTruthy();
    expect(linked.projectName).toBe('cal project');
  });

  it('deletes one occurrence of a weekly series and edits another as an event of its own', async () => {
    const series = await createOk({ title: 'Weekly sync', rrule: 'FREQ=WEEKLY;COUNT=4' });
    expect(series.seriesEndsAt).toBe('2027-04-12T09:00:00.000Z');
    const second = '2027-03-29T08:00:00.000Z';
    const bad = await send(
      t,
      'DELETE',
      `/api/calendar/events/${series.id}?occurrence=2027-03-29T09:00:00.000Z`,
      w.owner,
    );
    expect(bad.status).toBe(422);
    expect(
      (await send(t, 'DELETE', `/api/calendar/events/${series.id}?occurrence=${second}`, w.owner)).status,
    ).toBe(204);
    const single = await json<CalendarEvent>(
      await send(t, 'PATCH', `/api/calendar/events/${series.id}`, w.owner, {
        occurrence: '2027-04-05T08:00:00.000Z',
        start: '2027-04-05T15:00',
        end: '2027-04-05T16:00',
      }),
    );
    expect(single).toMatchObject({ rrule: null, title: 'Weekly sync', startsAt: '2027-04-05T13:00:00.000Z' });
    const after = await json<CalendarEvent>(
      await send(t, 'GET', `/api/calendar/events/${series.id}`, w.owner),
    );
    expect(after.exdates).toEqual([second, '2027-04-05T08:00:00.000Z']);
    expect(after.sequence).toBe(2);
    const entries = (await window('2027-03-20', '2027-04-20')).items.filter((e) => e.title === 'Weekly sync');
    expect(entries.map((e) => [e.startsAt, e.recurring])).toEqual([
      ['2027-03-22T09:00:00.000Z', true],
      ['2027-04-05T13:00:00.000Z', false],
      ['2027-04-12T08:00:00.000Z', true],
    ]);
  });

  it('changes an occurrence and the following ones: the series ends before it, a new one with the rest of its COUNT starts there', async () => {
    const series = await createOk({ title: 'Standup', rrule: 'FREQ=WEEKLY;COUNT=6' });
    // 22 March … 26 April; the third (5 April) an exception, the fifth (19 April) an exception after the split.
    await send(t, 'DELETE', `/api/calendar/events/${series.id}?occurrence=2027-04-05T08:00:00.000Z`, w.owner);
    await send(t, 'DELETE', `/api/calendar/events/${series.id}?occurrence=2027-04-19T08:00:00.000Z`, w.owner);
    const tail = await json<CalendarEvent>(
      await send(t, 'PATCH', `/api/calendar/events/${series.id}`, w.owner, {
        occurrence: '2027-04-12T08:00:00.000Z',
        following: true,
        title: 'Standup (new room)',
        start: '2027-04-12T10:00',
        end: '2027-04-12T11:00',
      }),
    );
    expect(tail).toMatchObject({
      title: 'Standup (new room)',
      startsAt: '2027-04-12T08:00:00.000Z',
      rrule: 'FREQ=WEEKLY;COUNT=3',
      exdates: ['2027-04-19T08:00:00.000Z'],
      seriesEndsAt: '2027-04-26T09:00:00.000Z',
    });
    const head = await json<CalendarEvent>(
      await send(t, 'GET', `/api/calendar/events/${series.id}`, w.owner),
    );
    expect(head).toMatchObject({
      rrule: 'FREQ=WEEKLY;UNTIL=20270412T075959Z',
      exdates: ['2027-04-05T08:00:00.000Z'],
      // The rule's last occurrence (5 April, an exception: the end is an upper bound, as for any series).
      seriesEndsAt: '2027-04-05T09:00:00.000Z',
    });
    const entries = (await window('2027-03-20', '2027-05-10')).items.filter((e) =>
      e.title.startsWith('Standup'),
    );
    expect(entries.map((e) => [e.title, e.startsAt])).toEqual([
      ['Standup', '2027-03-22T09:00:00.000Z'],
      ['Standup', '2027-03-29T08:00:00.000Z'],
      ['Standup (new room)', '2027-04-12T08:00:00.000Z'],
      ['Standup (new room)', '2027-04-26T08:00:00.000Z'],
    ]);
    // From its first occurrence, "this and following" is the whole series.
    const whole = await json<CalendarEvent>(
      await send(t, 'PATCH', `/api/calendar/events/${tail.id}`, w.owner, {
        occurrence: '2027-04-12T08:00:00.000Z',
        following: true,
        title: 'Standup B',
      }),
    );
    expect(whole).toMatchObject({ id: tail.id, title: 'Standup B', rrule: 'FREQ=WEEKLY;COUNT=3' });
  });

  it('deletes an occurrence and the following ones, all-day and timed; from the first, the whole event', async () => {
    const days = await createOk({
      title: 'Retreat',
      allDay: true,
      start: '2027-03-22',
      end: '2027-03-22',
      rrule: 'FREQ=DAILY;UNTIL=20270331',
    });
    const cut = await send(
      t,
      'DELETE',
      // 25 March from midnight in Berlin.
      `/api/calendar/events/${days.id}?occurrence=2027-03-24T23:00:00.000Z&following=true`,
      w.owner,
    );
    expect(cut.status, await cut.text()).toBe(204);
    const left = await json<CalendarEvent>(await send(t, 'GET', `/api/calendar/events/${days.id}`, w.owner));
    expect(left.rrule).toBe('FREQ=DAILY;UNTIL=20270324');
    const retreat = (await window('2027-03-20', '2027-04-05')).items.filter((e) => e.title === 'Retreat');
    expect(retreat.map((e) => e.startDay)).toEqual(['2027-03-22', '2027-03-23', '2027-03-24']);
    const timed = await createOk({ title: 'Gone', rrule: 'FREQ=DAILY;COUNT=3' });
    const before = await count();
    expect(
      (
        await send(
          t,
          'DELETE',
          `/api/calendar/events/${timed.id}?occurrence=${timed.startsAt}&following=true`,
          w.owner,
        )
      ).status,
    ).toBe(204);
    expect(await count()).toBe(before - 1);
  });

  it('reads a window with bookings, project days and open invoices; refuses more than 62 days', async () => {
    const [type] = await t.sql<{ id: string }[]>`
      INSERT INTO booking_types (provider_id, name, duration_minutes, location_kind, time_zone, weekly_hours)
      VALUES (${w.providerId}, 'Consultation', 30, 'video', 'Europe/Berlin', '{}') RETURNING id`;
    for (const [start, status] of [
      ['2027-05-03T08:00:00Z', 'confirmed'],
      ['2027-05-04T08:00:00Z', 'cancelled'],
    ] as const) {
      const starts = new Date(start);
      const ends = new Date(starts.getTime() + 30 * 60_000);
      await t.sql`
        INSERT INTO bookings (provider_id, booking_type_id, client_id, starts_at, ends_at, blocked_from, blocked_until,
                              status, client_time_zone, title, location_kind, location, uid, cancelled_at, cancelled_by)
        VALUES (${w.providerId}, ${type?.id ?? ''}, ${w.clientId}, ${starts}, ${ends}, ${starts}, ${ends}, ${status},
                'Europe/Berlin', 'Consultation', 'video', 'https://meet.example.com/c', ${`b-${start}@test`},
                ${status === 'cancelled' ? starts : null}, ${status === 'cancelled' ? 'client' : null})`;
    }
    await t.sql`UPDATE projects SET start_date = '2027-05-02', end_date = '2027-05-20' WHERE id = ${w.projectId}`;
    const [invoice] = await t.sql<{ id: string }[]>`
      INSERT INTO invoices (provider_id, client_id, number, subtotal_cents, tax_cents, amount_cents, currency, status, due_date, issued_at)
      VALUES (${w.providerId}, ${w.clientId}, 'CAL-1', 1000, 0, 1000, 'EUR', 'sent', '2027-05-10', now()) RETURNING id`;
    await t.sql`
      INSERT INTO invoices (provider_id, client_id, number, subtotal_cents, tax_cents, amount_cents, currency, status, due_date, issued_at, paid_at)
      VALUES (${w.providerId}, ${w.clientId}, 'CAL-2', 1000, 0, 1000, 'EUR', 'paid', '2027-05-11', now(), now())`;
    const entries = await window('2027-05-01', '2027-05-31');
    expect(entries.items.map((e) => [e.kind, e.startDay, e.status])).toEqual([
      ['project_start', '2027-05-02', null],
      ['booking', '2027-05-03', 'confirmed'],
      ['booking', '2027-05-04', 'cancelled'],
      ['invoice_due', '2027-05-10', null],
      ['project_end', '2027-05-20', null],
    ]);
    expect(entries.items.find((e) => e.kind === 'invoice_due')).toMatchObject({
      invoiceId: invoice?.id,
      invoiceNumber: 'CAL-1',
    });
    expect(entries.items.find((e) => e.kind === 'booking')).toMatchObject({
      videoUrl: 'https://meet.example.com/c',
    });
    expect((await window('2027-05-01', '2027-05-31', 'UTC', other.owner)).items).toEqual([]);
    const tooLong = await send(t, 'GET', '/api/calendar/entries?from=2027-01-01&to=2027-03-05', w.owner);
    expect(tooLong.status).toBe(422);
    expect((await tooLong.json()).error.fields[0]).toMatchObject({
      path: 'to',
      key: 'validation.calendarWindowTooLong',
    });
  });

  it('gives the slot calculator the timed occurrences as busy time, not all-day events', async () => {
    await createOk({
      title: 'Busy NY',
      start: '2027-06-07T09:00',
      end: '2027-06-07T10:00',
      timeZone: 'America/New_York',
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    await createOk({ title: 'Holiday', allDay: true, start: '2027-06-07', end: '2027-06-09' });
    const busy = await eventBusyIntervals(
      t.sql,
      w.providerId,
      new Date('2027-06-07T00:00Z'),
      new Date('2027-06-09T00:00Z'),
    );
    expect(busy.map((b) => [b.start.toISOString(), b.end.toISOString()])).toEqual([
      ['2027-06-07T13:00:00.000Z', '2027-06-07T14:00:00.000Z'],
      ['2027-06-08T13:00:00.000Z', '2027-06-08T14:00:00.000Z'],
    ]);
    expect(
      await eventBusyIntervals(
        t.sql,
        other.providerId,
        new Date('2027-06-07T00:00Z'),
        new Date('2027-06-09T00:00Z'),
      ),
    ).toEqual([]);
  });
});

describe('the private feed', () => {
  it('is created once, parsed by ical.js and node-ical with the right times across DST, and revoked', async () => {
    expect(await json(await send(t, 'GET', '/api/calendar/feed', other.owner))).toMatchObject({
      active: false,
    });
    const series = await createOk({
      title: 'Berlin weekly',
      start: '2027-03-15T10:00',
      end: '2027-03-15T11:00',
      rrule: 'FREQ=WEEKLY;COUNT=4',
    });
    await send(t, 'DELETE', `/api/calendar/events/${series.id}?occurrence=2027-03-22T09:00:00.000Z`, w.owner);
    await createOk({
      title: 'NY call',
      start: '2027-03-12T09:30',
      end: '2027-03-12T10:00',
      timeZone: 'America/New_York',
      rrule: 'FREQ=DAILY;COUNT=4',
    });
    await createOk({ title: 'Offsite', allDay: true, start: '2027-03-27', end: '2027-03-28' });
    const first = await json<CalendarFeedCreated>(await send(t, 'POST', '/api/calendar/feed', w.owner));
    const created = await json<CalendarFeedCreated>(await send(t, 'POST', '/api/calendar/feed', w.owner));
    const path = new URL(created.url).pathname;
    expect((await t.app.request(new URL(first.url).pathname)).status).toBe(404);
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const body = await res.text();
    expect(body).not.toContain(path.split('/').pop()?.replace('.ics', ''));

    // ical.js: expand the Berlin series with its VTIMEZONE and EXDATE.
    const vcalendar = new ICAL.Component(ICAL.parse(body));
    for (const tz of vcalendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
    const events = vcalendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    const berlin = events.find((e) => e.summary === 'Berlin weekly');
    if (!berlin) throw new Error('no Berlin series');
    expect(berlin.uid).toBe(series.uid);
    expect(berlin.sequence).toBe(1);
    const it = berlin.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next; next = it.next()) {
      if (berlin.isRecurrenceException()) continue;
      const excluded = (berlin.component.getAllProperties('exdate') as ICAL.Property[]).some((p) =>
        p.getValues().some((v) => (v as ICAL.Time).toUnixTime() === next.toUnixTime()),
      );
      if (!excluded) starts.push(new Date(next.toUnixTime() * 1000).toISOString());
    }
    expect(starts).toEqual([
      '2027-03-15T09:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
      '2027-04-05T08:00:00.000Z',
    ]);
    const ny = events.find((e) => e.summary === 'NY call');
    expect(ny?.startDate.toJSDate().toISOString()).toBe('2027-03-12T14:30:00.000Z');
    const offsite = events.find((e) => e.summary === 'Offsite');
    expect(offsite?.startDate.isDate).toBe(true);
    expect(offsite?.startDate.toString()).toBe('2027-03-27');
    expect(offsite?.endDate.toString()).toBe('2027-03-29');
    const due = events.find((e) => e.summary.startsWith('Invoice CAL-1 due'));
    expect(due?.startDate.toString()).toBe('2027-05-10');
    const cancelled = vcalendar
      .getAllSubcomponents('vevent')
      .filter((c) => c.getFirstPropertyValue('summary')?.toString().startsWith('Consultation'));
    expect(cancelled.map((c) => c.getFirstPropertyValue('status'))).toEqual(['CONFIRMED', 'CANCELLED']);

    // node-ical: the NY series across the March change, the Berlin one with its exception.
    const parsed = nodeIcal.sync.parseICS(body);
    const vevents = Object.values(parsed).filter((c) => c?.type === 'VEVENT') as VEvent[];
    const nyEvent = vevents.find((e) => String(e.summary) === 'NY call');
    const nyStarts =
      nyEvent?.rrule?.between(new Date('2027-03-01T00:00Z'), new Date('2027-04-01T00:00Z'), true) ?? [];
    expect(
      nyStarts.map((d: Date) => DateTime.fromJSDate(d).setZone('America/New_York').toFormat('dd HH:mm')),
    ).toEqual(['12 09:30', '13 09:30', '14 09:30', '15 09:30']);
    const berlinEvent = vevents.find((e) => String(e.summary) === 'Berlin weekly');
    expect(
      DateTime.fromJSDate(berlinEvent?.start as Date)
        .setZone('Europe/Berlin')
        .toFormat('HH:mm'),
    ).toBe('10:00');
    expect([
      ...new Set(Object.values(berlinEvent?.exdate ?? {}).map((d) => new Date(d as Date).toISOString())),
    ]).toEqual(['2027-03-22T09:00:00.000Z']);

    const status = await json<{ active: boolean; lastReadAt: string | null }>(
      await send(t, 'GET', '/api/calendar/feed', w.owner),
    );
    expect(status.active).toBe(true);
    expect(status.lastReadAt).not.toBeNull();
    expect((await send(t, 'DELETE', '/api/calendar/feed', w.owner)).status).toBe(204);
    expect((await t.app.request(path)).status).toBe(404);
    expect((await t.app.request('/api/calendar/feed/nothing.ics')).status).toBe(404);
  });
});
