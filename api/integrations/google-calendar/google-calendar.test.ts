import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleStandIn, startGoogleStandIn } from '../../../tests/google/calendar-stand-in';
import { call, makeProvider } from '../../../tests/integration/isolation/world';
import { googleCalendarSync } from '../../jobs/tasks/google-calendar-sync';
import { taskContext } from '../../jobs/testing';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../testing/harness';
import { BUSY_CACHE_MS, googleBusy, googleBusyIntervals } from './busy';
import { googleEventId, queueGoogleSync } from './sync';

/*
 * Google Calendar against `oauth2-mock-server` and the Calendar API stand-in (tests/google/), through the
 * product's ordinary configuration: connecting with PKCE and the state checks, refreshing, a refused grant,
 * choosing the calendar, writing events and bookings exactly once through retries and 409s, free/busy and
 * its cache, disconnecting.
 */

type Provider = Awaited<ReturnType<typeof makeProvider>>;

let google: GoogleStandIn;
let t: TestContext;
beforeAll(async () => {
  google = await startGoogleStandIn();
  t = await createTestContext(google.env);
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

/** Starts connecting and follows Google's redirect: the return page's query. */
async function authorise(p: Provider): Promise<URLSearchParams> {
  const start = await call(t, 'POST', '/api/integrations/google-calendar/connect', { cookie: p.cookie });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const res = await fetch(url, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(`${TEST_ORIGIN}/calendar-oauth-callback`);
  return location.searchParams;
}

const complete = (p: Provider, query: URLSearchParams) =>
  call(t, 'POST', '/api/integrations/callback', {
    cookie: p.cookie,
    body: Object.fromEntries(
      [...query.entries()].map(([k, v]) => [k === 'error_description' ? 'errorDescription' : k, v]),
    ),
  });

async function connect(p: Provider) {
  const res = await complete(p, await authorise(p));
  expect(await res.json()).toMatchObject({ integration: 'google_calendar', outcome: 'connected' });
}

const state = async (p: Provider) =>
  (await (await call(t, 'GET', '/api/integrations/google-calendar', { cookie: p.cookie })).json()) as {
    configured: boolean;
    connection: {
      status: string;
      accountEmail: string;
      calendarId: string | null;
      lastSyncError: string | null;
    } | null;
  };

const runSync = (p: Provider, source: 'event' | 'booking', id: string, attempt = 1) =>
  googleCalendarSync.run(
    { providerId: p.providerId, source, id },
    { ...taskContext(t), attempt, maxAttempts: 3 },
  );

const eventsOf = (uid: string) => [...google.events.values()].filter((e) => e.id === googleEventId(uid));

describe('connecting', () => {
  it('asks Google with PKCE (S256), the calendar scopes, offline access and the state; stores tokens encrypted', async () => {
    const p = await makeProvider(t, 'gc-connect');
    const start = await call(t, 'POST', '/api/integrations/google-calendar/connect', { cookie: p.cookie });
    const { url } = (await start.json()) as { url: string };
    const asked = new URL(url);
    expect(asked.searchParams.get('client_id')).toBe(google.clientId);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.searchParams.get('access_type')).toBe('offline');
    expect(asked.searchParams.get('scope')?.split(' ')).toEqual([
      'https://www.googleapis.com/auth/calendar.events',
      'https://www.googleapis.com/auth/calendar.readonly',
    ]);
    expect(asked.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/calendar-oauth-callback`);

    await connect(p);
    expect(await state(p)).toMatchObject({
      configured: true,
      connection: { status: 'connected', accountEmail: google.accountEmail, calendarId: null },
    });
    const [row] = await t.sql<{ access_token_enc: Uint8Array; refresh_token_enc: Uint8Array }[]>`
      SELECT access_token_enc, refresh_token_enc FROM google_calendar_connections WHERE provider_id = ${p.providerId}`;
    const stored = Buffer.concat([
      Buffer.from(row?.access_token_enc ?? []),
      Buffer.from(row?.refresh_token_enc ?? []),
    ]);
    expect(stored.toString('latin1')).not.toMatch(/eyJ/); // no JWT access token in the clear
    expect(row?.refresh_token_enc).toBeTruthy();
  });

  it('refuses a wrong, another provider’s, reused or expired state, and says when access was declined', async () => {
    const p = await makeProvider(t, 'gc-state');
    const other = await makeProvider(t, 'gc-state-other');
    const query = await authorise(p);

    const wrong = new URLSearchParams(query);
    wrong.set('state', 'x'.repeat(43));
    expect((await complete(p, wrong)).status).toBe(404);
    expect((await complete(other, query)).status).toBe(404);
    expect((await state(other)).connection).toBeNull();

    expect((await complete(p, query)).status).toBe(200);
    const reused = await complete(p, query);
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe(
      'authorisation_state_used',
    );

    const late = await authorise(p);
    t.advance(11 * 60_000);
    const expired = await complete(p, late);
    expect(expired.status).toBe(409);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe(
      'authorisation_state_expired',
    );

    const q = await makeProvider(t, 'gc-denied');
    google.failNextAuthorisation('access_denied');
    const denied = await authorise(q);
    expect(denied.get('code')).toBeNull();
    expect(await (await complete(q, denied)).json()).toMatchObject({
      outcome: 'denied',
      error: 'access_denied',
    });
    expect((await state(q)).connection).toBeNull();
  });

  it('reports a code Google refuses (already used) as failed, storing nothing', async () => {
    const p = await makeProvider(t, 'gc-refused');
    const query = await authorise(p);
    // The code is spent by someone else first (the mock server forgets its challenge after one exchange).
    const first = await complete(p, query);
    expect(first.status).toBe(200);
    const q = await makeProvider(t, 'gc-refused-2');
    const again = await authorise(q);
    const stolen = new URLSearchParams(again);
    stolen.set('code', query.get('code') ?? '');
    expect(await (await complete(q, stolen)).json()).toMatchObject({ outcome: 'failed' });
    expect((await state(q)).connection).toBeNull();
  });

  it('queues the current and coming events and bookings when connected', async () => {
    const p = await makeProvider(t, 'gc-backfill');
    const [past] = await t.sql<{ id: string }[]>`
      INSERT INTO calendar_events (provider_id, title, starts_at, ends_at, time_zone, series_ends_at, uid)
      VALUES (${p.providerId}, 'Done', now() - interval '2 days', now() - interval '47 hours', 'UTC',
        now() - interval '47 hours', ${`${crypto.randomUUID()}@test`}) RETURNING id`;
    const [coming] = await t.sql<{ id: string }[]>`
      INSERT INTO calendar_events (provider_id, title, starts_at, ends_at, time_zone, series_ends_at, uid)
      VALUES (${p.providerId}, 'Soon', now() + interval '2 days', now() + interval '49 hours', 'UTC',
        now() + interval '49 hours', ${`${crypto.randomUUID()}@test`}) RETURNING id`;
    await connect(p);
    const queued = await t.sql<{ key: string }[]>`
      SELECT key FROM ${t.sql(t.db.queueSchema)}._private_jobs WHERE key LIKE 'google-sync:%'`;
    const ids = queued.map((j) => j.key.replace(/^google-sync:event:/, ''));
    expect(ids).toContain(coming?.id);
    expect(ids).not.toContain(past?.id);
  });

  it('says so when the server has no Google client', async () => {
    const bare = await createTestContext();
    try {
      const p = await makeProvider(bare, 'gc-bare');
      const res = await call(bare, 'GET', '/api/integrations/google-calendar', { cookie: p.cookie });
      expect(await res.json()).toEqual({ configured: false, connection: null });
      const start = await call(bare, 'POST', '/api/integrations/google-calendar/connect', {
        cookie: p.cookie,
      });
      expect(start.status).toBe(409);
      expect(((await start.json()) as { error: { code: string } }).error.code).toBe(
        'google_calendar_not_configured',
      );
    } finally {
      await bare.close();
    }
  });
});

describe('tokens', () => {
  it('refreshes a token before it expires, and once after Google answers 401', async () => {
    const p = await makeProvider(t, 'gc-refresh');
    await connect(p);
    const token = async () =>
      (
        await t.sql<{ access_token_enc: Uint8Array }[]>`
        SELECT access_token_enc FROM google_calendar_connections WHERE provider_id = ${p.providerId}`
      )[0]?.access_token_enc;
    const first = await token();
    const list = () => call(t, 'GET', '/api/integrations/google-calendar/calendars', { cookie: p.cookie });
    expect((await list()).status).toBe(200);
    expect(Buffer.from((await token()) ?? []).equals(Buffer.from(first ?? []))).toBe(true);

    // Within a minute of its expiry (our clock): refreshed before the call.
    t.advance(3600_000 - 30_000);
    expect((await list()).status).toBe(200);
    const second = await token();
    expect(Buffer.from(second ?? []).equals(Buffer.from(first ?? []))).toBe(false);

    // Google no longer takes it (its clock): the 401 refreshes, the call is made again.
    google.expireAccessTokens();
    const before = google.calls.length;
    expect((await list()).status).toBe(200);
    expect(google.calls.slice(before).map((c) => c.status)).toEqual([401, 200]);
  });

  it('marks the connection broken when Google refuses the refresh token (invalid_grant); reconnecting heals it', async () => {
    const p = await makeProvider(t, 'gc-broken');
    await connect(p);
    google.expireAccessTokens();
    google.refuseNextRefresh();
    const res = await call(t, 'GET', '/api/integrations/google-calendar/calendars', { cookie: p.cookie });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('google_calendar_broken');
    expect((await state(p)).connection?.status).toBe('broken');
    expect(
      await queueGoogleSync(t.deps, t.sql, {
        providerId: p.providerId,
        source: 'event',
        id: crypto.randomUUID(),
      }),
    ).toBe(false);
    const now = t.deps.now();
    expect(await googleBusy(t.deps, p.providerId, now, new Date(now.getTime() + 86400_000))).toEqual({
      intervals: [],
      status: 'broken',
    });
    await connect(p);
    expect((await state(p)).connection?.status).toBe('connected');
  });
});

describe('the calendar written to', () => {
  it('lists the account’s calendars and takes only one it may write to', async () => {
    const p = await makeProvider(t, 'gc-choose');
    await connect(p);
    const list = await call(t, 'GET', '/api/integrations/google-calendar/calendars', { cookie: p.cookie });
    const { items } = (await list.json()) as { items: { id: string; writable: boolean; chosen: boolean }[] };
    expect(items.map((c) => [c.id, c.writable, c.chosen])).toEqual([
      [google.accountEmail, true, true],
      ['c_client_meetings@group.calendar.google.com', true, false],
      ['en.german#holiday@group.v.calendar.google.com', false, false],
    ]);
    const reader = await call(t, 'PATCH', '/api/integrations/google-calendar', {
      cookie: p.cookie,
      body: { calendarId: 'en.german#holiday@group.v.calendar.google.com' },
    });
    expect(reader.status).toBe(422);
    const unknown = await call(t, 'PATCH', '/api/integrations/google-calendar', {
      cookie: p.cookie,
      body: { calendarId: 'someone-else@example.com' },
    });
    expect(unknown.status).toBe(422);
    const chosen = await call(t, 'PATCH', '/api/integrations/google-calendar', {
      cookie: p.cookie,
      body: { calendarId: 'c_client_meetings@group.calendar.google.com' },
    });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toMatchObject({
      connection: {
        calendarId: 'c_client_meetings@group.calendar.google.com',
        calendarName: 'Client meetings',
      },
    });
  });
});

describe('sync', () => {
  async function insertEvent(p: Provider, fields: { title: string; rrule?: string; exdates?: Date[] }) {
    const uid = `${crypto.randomUUID()}@client-portal.test`;
    const [row] = await t.sql<{ id: string }[]>`
      INSERT INTO calendar_events (provider_id, title, starts_at, ends_at, time_zone, rrule, exdates, series_ends_at, uid)
      VALUES (${p.providerId}, ${fields.title}, '2027-03-29 08:00:00+00', '2027-03-29 09:00:00+00', 'Europe/Berlin',
        ${fields.rrule ?? null}, ${(fields.exdates ?? []).map((d) => d.toISOString())}::timestamptz[], ${fields.rrule ? null : new Date('2027-03-29T09:00:00Z')}, ${uid})
      RETURNING id`;
    return { id: row?.id ?? '', uid };
  }

  it('creates an event once, turns a retried insert’s 409 into an update, updates and deletes once', async () => {
    const p = await makeProvider(t, 'gc-sync');
    await connect(p);
    await call(t, 'PATCH', '/api/integrations/google-calendar', {
      cookie: p.cookie,
      body: { calendarId: 'c_client_meetings@group.calendar.google.com' },
    });
    const event = await insertEvent(p, { title: 'Kick-off' });
    expect(
      await queueGoogleSync(t.deps, t.sql, { providerId: p.providerId, source: 'event', id: event.id }),
    ).toBe(true);

    // Google fails first: the attempt throws (retried by the queue), nothing is written.
    google.failNextCalls(503, 1, 'POST');
    await expect(runSync(p, 'event', event.id)).rejects.toThrow(/503/);
    expect(eventsOf(event.uid)).toHaveLength(0);
    await runSync(p, 'event', event.id, 2);
    expect(eventsOf(event.uid)).toHaveLength(1);
    expect(eventsOf(event.uid)[0]).toMatchObject({
      calendarId: 'c_client_meetings@group.calendar.google.com',
      status: 'confirmed',
      body: {
        summary: 'Kick-off',
        iCalUID: event.uid,
        start: { dateTime: '2027-03-29T08:00:00.000Z', timeZone: 'Europe/Berlin' },
      },
    });

    // A worker that inserted at Google but died before recording it: the retry's insert gets 409 → update.
    await t.sql`DELETE FROM google_calendar_synced WHERE source_id = ${event.id}`;
    const before = google.calls.length;
    await runSync(p, 'event', event.id);
    expect(google.calls.slice(before).map((c) => `${c.method} ${c.status}`)).toEqual(['POST 409', 'PUT 200']);
    expect(eventsOf(event.uid)).toHaveLength(1);

    await t.sql`UPDATE calendar_events SET title = 'Kick-off (moved)', sequence = 1 WHERE id = ${event.id}`;
    await runSync(p, 'event', event.id);
    expect(eventsOf(event.uid)).toHaveLength(1);
    expect(eventsOf(event.uid)[0]?.body.summary).toBe('Kick-off (moved)');

    await t.sql`DELETE FROM calendar_events WHERE id = ${event.id}`;
    await runSync(p, 'event', event.id);
    expect(eventsOf(event.uid)[0]?.status).toBe('cancelled');
    const afterDelete = google.calls.length;
    await runSync(p, 'event', event.id);
    expect(google.calls.length).toBe(afterDelete); // deleted once: nothing more to do
    expect((await state(p)).connection).toMatchObject({ lastSyncError: null });
  });

  it('moves the upcoming events to another calendar when one is chosen, once', async () => {
    const p = await makeProvider(t, 'gc-move');
    await connect(p);
    const event = await insertEvent(p, { title: 'Review' });
    await runSync(p, 'event', event.id);
    expect(eventsOf(event.uid).map((e) => [e.calendarId, e.status])).toEqual([
      [google.accountEmail, 'confirmed'],
    ]);
    await t.sql`DELETE FROM ${t.sql(t.db.queueSchema)}._private_jobs WHERE key = ${`google-sync:event:${event.id}`}`;
    const chosen = await call(t, 'PATCH', '/api/integrations/google-calendar', {
      cookie: p.cookie,
      body: { calendarId: 'c_client_meetings@group.calendar.google.com' },
    });
    expect(chosen.status).toBe(200);
    const queued = await t.sql`
      SELECT 1 FROM ${t.sql(t.db.queueSchema)}._private_jobs WHERE key = ${`google-sync:event:${event.id}`}`;
    expect(queued).toHaveLength(1);
    await runSync(p, 'event', event.id);
    expect(
      eventsOf(event.uid)
        .map((e) => [e.calendarId, e.status])
        .sort(),
    ).toEqual([
      [google.accountEmail, 'cancelled'],
      ['c_client_meetings@group.calendar.google.com', 'confirmed'],
    ]);
    const before = google.calls.length;
    await runSync(p, 'event', event.id);
    expect(google.calls.slice(before).map((c) => c.method)).toEqual(['PUT']);
    expect(eventsOf(event.uid).filter((e) => e.status === 'confirmed')).toHaveLength(1);
  });

  it('sends a recurring event with its RRULE and EXDATEs in its time zone', async () => {
    const p = await makeProvider(t, 'gc-recurring');
    await connect(p);
    const event = await insertEvent(p, {
      title: 'Weekly check-in',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10',
      exdates: [new Date('2027-04-05T08:00:00Z'), new Date('2027-04-12T08:00:00Z')],
    });
    await queueGoogleSync(t.deps, t.sql, { providerId: p.providerId, source: 'event', id: event.id });
    await runSync(p, 'event', event.id);
    expect(eventsOf(event.uid)[0]).toMatchObject({
      calendarId: google.accountEmail,
      body: {
        recurrence: [
          'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10',
          'EXDATE;TZID=Europe/Berlin:20270405T100000,20270412T100000',
        ],
      },
    });
  });

  it('writes a booking and deletes it when cancelled; keeps a refusal as the last sync error', async () => {
    const p = await makeProvider(t, 'gc-booking');
    await connect(p);
    const [portal] = await t.sql<{ id: string }[]>`
      INSERT INTO client_portals (provider_id, portal_name) VALUES (${p.providerId}, 'Studio') RETURNING id`;
    const [client] = await t.sql<{ id: string }[]>`
      INSERT INTO clients (provider_id, portal_id, name, email)
      VALUES (${p.providerId}, ${portal?.id ?? ''}, 'Jana Fischer', ${`jana-${crypto.randomUUID()}@example.com`}) RETURNING id`;
    const [type] = await t.sql<{ id: string }[]>`
      INSERT INTO booking_types (provider_id, name, duration_minutes, location_kind, time_zone, weekly_hours)
      VALUES (${p.providerId}, 'Consultation', 30, 'video', 'Europe/Berlin', '{}') RETURNING id`;
    const uid = `${crypto.randomUUID()}@client-portal.test`;
    const [booking] = await t.sql<{ id: string }[]>`
      INSERT INTO bookings (provider_id, booking_type_id, client_id, starts_at, ends_at, blocked_from, blocked_until,
        client_time_zone, title, location_kind, location, uid)
      VALUES (${p.providerId}, ${type?.id ?? ''}, ${client?.id ?? ''}, '2027-05-03 07:00:00+00', '2027-05-03 07:30:00+00',
        '2027-05-03 07:00:00+00', '2027-05-03 07:30:00+00', 'Europe/Berlin', 'Consultation', 'video',
        'https://meet.example.com/abc', ${uid})
      RETURNING id`;
    const id = booking?.id ?? '';
    await queueGoogleSync(t.deps, t.sql, { providerId: p.providerId, source: 'booking', id });
    await runSync(p, 'booking', id);
    expect(eventsOf(uid)).toHaveLength(1);
    expect(eventsOf(uid)[0]?.body).toMatchObject({
      summary: 'Consultation · Jana Fischer',
      location: 'https://meet.example.com/abc',
      start: { dateTime: '2027-05-03T07:00:00.000Z', timeZone: 'Europe/Berlin' },
    });

    // Google refuses the update (not worth retrying): kept as the card's last sync error.
    await t.sql`UPDATE bookings SET title = 'Consultation (long)' WHERE id = ${id}`;
    google.failNextCalls(400, 1, 'PUT');
    await runSync(p, 'booking', id);
    expect((await state(p)).connection?.lastSyncError).toMatch(/^400/);

    await t.sql`UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = 'client' WHERE id = ${id}`;
    await runSync(p, 'booking', id);
    expect(eventsOf(uid)[0]?.status).toBe('cancelled');
    expect((await state(p)).connection?.lastSyncError).toBeNull();
  });

  it('queues nothing for a provider without a connection', async () => {
    const p = await makeProvider(t, 'gc-none');
    expect(
      await queueGoogleSync(t.deps, t.sql, {
        providerId: p.providerId,
        source: 'event',
        id: crypto.randomUUID(),
      }),
    ).toBe(false);
  });
});

describe('free/busy', () => {
  it('reads busy times, serves them from the cache for two minutes, and asks again when fresh', async () => {
    const p = await makeProvider(t, 'gc-busy');
    await connect(p);
    const from = new Date('2027-06-01T00:00:00Z');
    const to = new Date('2027-06-08T00:00:00Z');
    google.addBusy(google.accountEmail, new Date('2027-06-02T09:00:00Z'), new Date('2027-06-02T10:00:00Z'));
    expect(await googleBusyIntervals(t.deps, p.providerId, from, to)).toEqual([
      { start: new Date('2027-06-02T09:00:00Z'), end: new Date('2027-06-02T10:00:00Z') },
    ]);
    google.addBusy(google.accountEmail, new Date('2027-06-03T09:00:00Z'), new Date('2027-06-03T11:00:00Z'));
    const before = google.calls.length;
    expect(await googleBusyIntervals(t.deps, p.providerId, from, to)).toHaveLength(1);
    expect(google.calls.length).toBe(before); // from the cache
    expect(await googleBusyIntervals(t.deps, p.providerId, from, to, { fresh: true })).toHaveLength(2);
    google.addBusy(google.accountEmail, new Date('2027-06-04T09:00:00Z'), new Date('2027-06-04T11:00:00Z'));
    t.advance(BUSY_CACHE_MS + 1000);
    expect(await googleBusyIntervals(t.deps, p.providerId, from, to)).toHaveLength(3);

    // Google failing: the last answer, flagged stale; nothing at all for a provider without a connection.
    google.failNextCalls(500, 2, 'POST');
    expect(await googleBusy(t.deps, p.providerId, from, to, { fresh: true })).toMatchObject({
      status: 'stale',
    });
    const none = await makeProvider(t, 'gc-busy-none');
    expect(await googleBusy(t.deps, none.providerId, from, to)).toEqual({
      intervals: [],
      status: 'not_connected',
    });
  });
});

describe('disconnecting', () => {
  it('revokes the grant at Google and deletes the tokens', async () => {
    const p = await makeProvider(t, 'gc-disconnect');
    await connect(p);
    const res = await call(t, 'DELETE', '/api/integrations/google-calendar', { cookie: p.cookie });
    expect(res.status).toBe(204);
    await expect.poll(() => google.revoked.length).toBeGreaterThan(0);
    expect((await state(p)).connection).toBeNull();
    const [left] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM google_calendar_connections WHERE provider_id = ${p.providerId}`;
    expect(left?.n).toBe(0);
    expect((await call(t, 'DELETE', '/api/integrations/google-calendar', { cookie: p.cookie })).status).toBe(
      404,
    );
  });
});
