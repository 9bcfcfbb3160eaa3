import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookingOverride,
  BookingOverrideList,
  BookingType,
  BookingTypeList,
} from '../../../shared/contracts/booking-types';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { addClient, type PortalWorld, portalWorld } from '../portal-client/testing';

/**
 * Booking types and date overrides through HTTP (issue 30): create, read, change and delete with the
 * chosen clients written in the same transaction; the profile's zone as the default; refusals as
 * translated 422s on their fields with nothing written; another provider's type, client or override 404;
 * one override per day and scope (409); a type with a booking ahead is not deleted.
 */

let t: TestContext;
let w: PortalWorld;
let other: PortalWorld;
let second: { id: string };

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_DISABLED: 'true' });
  w = await portalWorld(t, 'bt');
  other = await portalWorld(t, 'bt2');
  second = await addClient(t, w, 'bt-second');
});
afterAll(() => t.close());

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const WEEK = {
  mon: [['09:00', '17:00']],
  tue: [['09:00', '17:00']],
  wed: [['09:00', '17:00']],
  thu: [['09:00', '17:00']],
  fri: [['09:00', '17:00']],
  sat: [],
  sun: [],
};
const create = (body: Record<string, unknown> = {}, owner = w.owner) =>
  send(t, 'POST', '/api/booking-types', owner, {
    name: 'Intro call',
    durationMinutes: 30,
    locationKind: 'video',
    location: 'https://meet.example.com/intro',
    weeklyHours: WEEK,
    ...body,
  });
const typeCount = async () =>
  Number((await t.sql`SELECT count(*) AS n FROM booking_types WHERE provider_id = ${w.providerId}`)[0]?.n);

describe('booking types', () => {
  it('are created in the profile’s zone (UTC while it names none), read, listed and changed', async () => {
    const utc = await json<BookingType>(await create({ name: 'Before the zone' }), 201);
    expect(utc.timeZone).toBe('UTC');
    await json(await send(t, 'PATCH', '/api/profile', w.owner, { timeZone: 'Europe/Berlin' }));
    const created = await json<BookingType>(
      await create({
        weeklyHours: {
          ...WEEK,
          sat: [
            ['13:00', '24:00'],
            ['08:00', '12:00'],
          ],
        },
      }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Intro call',
      timeZone: 'Europe/Berlin',
      clientScope: 'all',
      clients: [],
      minNoticeMinutes: 240,
      horizonDays: 60,
      active: true,
    });
    expect(created.weeklyHours.sat).toEqual([
      ['08:00', '12:00'],
      ['13:00', '24:00'],
    ]);
    expect(
      await json<BookingType>(await send(t, 'GET', `/api/booking-types/${created.id}`, w.owner)),
    ).toEqual(created);
    const changed = await json<BookingType>(
      await send(t, 'PATCH', `/api/booking-types/${created.id}`, w.owner, {
        durationMinutes: 45,
        dailyCap: 3,
        locationKind: 'phone',
        location: '+49 30 1234567',
        active: false,
      }),
    );
    expect(changed).toMatchObject({ durationMinutes: 45, dailyCap: 3, locationKind: 'phone', active: false });
    const list = await json<BookingTypeList>(await send(t, 'GET', '/api/booking-types?limit=1', w.owner));
    expect(list.items.map((i) => i.id)).toEqual([created.id]);
    const rest = await json<BookingTypeList>(
      await send(t, 'GET', `/api/booking-types?limit=1&cursor=${list.nextCursor}`, w.owner),
    );
    expect(rest.items.map((i) => i.id)).toEqual([utc.id]);
    const inactive = await json<BookingTypeList>(
      await send(t, 'GET', '/api/booking-types?active=false', w.owner),
    );
    expect(inactive.items.map((i) => i.id)).toEqual([created.id]);
    const search = await json<BookingTypeList>(await send(t, 'GET', '/api/booking-types?q=BEFORE', w.owner));
    expect(search.items.map((i) => i.id)).toEqual([utc.id]);
  });

  it('keep their chosen clients, replace them, and forget them when open to all again', async () => {
    const chosen = await json<BookingType>(
      await create({ name: 'Project review', clientScope: 'chosen', clientIds: [w.client.id, second.id] }),
      201,
    );
    expect(chosen.clients.map((c) => c.id).sort()).toEqual([w.client.id, second.id].sort());
    const one = await json<BookingType>(
      await send(t, 'PATCH', `/api/booking-types/${chosen.id}`, w.owner, { clientIds: [second.id] }),
    );
    expect(one.clients).toEqual([{ id: second.id, name: 'bt-second client' }]);
    const none = await send(t, 'PATCH', `/api/booking-types/${chosen.id}`, w.owner, { clientIds: [] });
    expect(none.status).toBe(422);
    const all = await json<BookingType>(
      await send(t, 'PATCH', `/api/booking-types/${chosen.id}`, w.owner, { clientScope: 'all' }),
    );
    expect(all.clients).toEqual([]);
    const rows = await t.sql`SELECT 1 FROM booking_type_clients WHERE booking_type_id = ${chosen.id}`;
    expect(rows).toHaveLength(0);
    const back = await send(t, 'PATCH', `/api/booking-types/${chosen.id}`, w.owner, {
      clientScope: 'chosen',
    });
    expect((await json<{ error: { fields: { path: string }[] } }>(back, 422)).error.fields[0]?.path).toBe(
      'clientIds',
    );
  });

  it('refuse bad input with a translated reason and write nothing', async () => {
    const before = await typeCount();
    const overlap = await create({
      weeklyHours: {
        ...WEEK,
        wed: [
          ['09:00', '12:00'],
          ['11:00', '13:00'],
        ],
      },
    });
    const body = await json<{ error: { fields: { path: string; message: string }[] } }>(overlap, 422);
    expect(body.error.fields[0]).toMatchObject({
      path: 'weeklyHours.wed',
      message: 'Two time ranges of this day overlap',
    });
    const german = await send(
      t,
      'POST',
      '/api/booking-types',
      w.owner,
      { name: '' },
      { 'Accept-Language': 'de' },
    );
    const fields = (await json<{ error: { fields: { path: string; message: string }[] } }>(german, 422)).error
      .fields;
    expect(fields.find((f) => f.path === 'name')?.message).toBe('Bitte geben Sie einen Namen ein');
    expect((await create({ timeZone: 'Europe/Nowhere' })).status).toBe(422);
    expect((await create({ location: 'http://meet.example.com' })).status).toBe(422);
    expect((await create({ durationMinutes: 481 })).status).toBe(422);
    // A foreign client among the chosen: 404, and not even the type is written.
    const foreign = await create({ clientScope: 'chosen', clientIds: [w.client.id, other.client.id] });
    expect(foreign.status).toBe(404);
    expect(await typeCount()).toBe(before);
  });

  it('keep a video link https when only the kind changes', async () => {
    const phone = await json<BookingType>(await create({ locationKind: 'phone', location: '030 1234' }), 201);
    const res = await send(t, 'PATCH', `/api/booking-types/${phone.id}`, w.owner, { locationKind: 'video' });
    expect(res.status).toBe(422);
    expect(
      (await json<BookingType>(await send(t, 'GET', `/api/booking-types/${phone.id}`, w.owner))).locationKind,
    ).toBe('phone');
  });

  it('are another provider’s 404, and a foreign client cannot be chosen by a change', async () => {
    const mine = await json<BookingType>(await create({ name: 'Mine' }), 201);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await send(t, method, `/api/booking-types/${mine.id}`, other.owner, body)).status).toBe(404);
    }
    const list = await json<BookingTypeList>(await send(t, 'GET', '/api/booking-types', other.owner));
    expect(list.items.map((i) => i.id)).not.toContain(mine.id);
    const steal = await send(t, 'PATCH', `/api/booking-types/${mine.id}`, w.owner, {
      clientScope: 'chosen',
      clientIds: [other.client.id],
    });
    expect(steal.status).toBe(404);
    expect(
      (await json<BookingType>(await send(t, 'GET', `/api/booking-types/${mine.id}`, w.owner))).clientScope,
    ).toBe('all');
  });

  it('are deleted, unless a confirmed booking lies ahead', async () => {
    const type = await json<BookingType>(await create({ name: 'Booked' }), 201);
    const start = new Date(t.deps.now().getTime() + 3 * 86_400_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    await t.sql`
      INSERT INTO bookings (provider_id, booking_type_id, client_id, starts_at, ends_at, blocked_from, blocked_until,
                            client_time_zone, title, location_kind, uid)
      VALUES (${w.providerId}, ${type.id}, ${w.client.id}, ${start}, ${end}, ${start}, ${end}, 'UTC', 'Booked',
              'video', ${`bt-${type.id}@test`})`;
    const refused = await send(t, 'DELETE', `/api/booking-types/${type.id}`, w.owner);
    expect((await json<{ error: { code: string } }>(refused, 409)).error.code).toBe(
      'booking_type_has_bookings',
    );
    await t.sql`UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE booking_type_id = ${type.id}`;
    expect((await send(t, 'DELETE', `/api/booking-types/${type.id}`, w.owner)).status).toBe(204);
    expect((await send(t, 'GET', `/api/booking-types/${type.id}`, w.owner)).status).toBe(404);
  });
});

describe('date overrides', () => {
  let type: BookingType;
  beforeAll(async () => {
    type = await json<BookingType>(await create({ name: 'With overrides' }), 201);
  });

  it('are a holiday for all types or other hours for one, listed by day', async () => {
    const holiday = await json<BookingOverride>(
      await send(t, 'POST', '/api/booking-overrides', w.owner, { day: '2030-12-24', label: 'Christmas Eve' }),
      201,
    );
    expect(holiday).toMatchObject({
      bookingTypeId: null,
      hours: [],
      label: 'Christmas Eve',
      day: '2030-12-24',
    });
    const short = await json<BookingOverride>(
      await send(t, 'POST', '/api/booking-overrides', w.owner, {
        day: '2030-12-24',
        bookingTypeId: type.id,
        hours: [
          ['14:00', '16:00'],
          ['09:00', '12:00'],
        ],
      }),
      201,
    );
    expect(short).toMatchObject({
      bookingTypeName: 'With overrides',
      hours: [
        ['09:00', '12:00'],
        ['14:00', '16:00'],
      ],
    });
    await json(await send(t, 'POST', '/api/booking-overrides', w.owner, { day: '2030-01-01' }), 201);
    const all = await json<BookingOverrideList>(
      await send(t, 'GET', `/api/booking-overrides?bookingTypeId=${type.id}&from=2030-06-01`, w.owner),
    );
    expect(all.items.map((o) => o.id).sort()).toEqual([holiday.id, short.id].sort());
    const paged = await json<BookingOverrideList>(
      await send(t, 'GET', '/api/booking-overrides?limit=1', w.owner),
    );
    expect(paged.items[0]?.day).toBe('2030-01-01');
    expect(paged.nextCursor).not.toBeNull();
  });

  it('are one per day and scope (409), changed and deleted', async () => {
    const first = await json<BookingOverride>(
      await send(t, 'POST', '/api/booking-overrides', w.owner, { day: '2031-05-01' }),
      201,
    );
    const again = await send(t, 'POST', '/api/booking-overrides', w.owner, { day: '2031-05-01', hours: [] });
    expect((await json<{ error: { code: string } }>(again, 409)).error.code).toBe('booking_override_exists');
    const moved = await json<BookingOverride>(
      await send(t, 'PATCH', `/api/booking-overrides/${first.id}`, w.owner, {
        day: '2031-05-02',
        hours: [['10:00', '12:00']],
      }),
    );
    expect(moved).toMatchObject({ day: '2031-05-02', hours: [['10:00', '12:00']] });
    const other2 = await json<BookingOverride>(
      await send(t, 'POST', '/api/booking-overrides', w.owner, { day: '2031-05-01' }),
      201,
    );
    const clash = await send(t, 'PATCH', `/api/booking-overrides/${other2.id}`, w.owner, {
      day: '2031-05-02',
    });
    expect(clash.status).toBe(409);
    expect((await send(t, 'DELETE', `/api/booking-overrides/${first.id}`, w.owner)).status).toBe(204);
    expect((await send(t, 'DELETE', `/api/booking-overrides/${first.id}`, w.owner)).status).toBe(404);
  });

  it('refuse bad hours and another provider’s type or override', async () => {
    const bad = await send(t, 'POST', '/api/booking-overrides', w.owner, {
      day: '2032-01-01',
      hours: [['12:00', '10:00']],
    });
    expect(bad.status).toBe(422);
    const foreignType = await send(t, 'POST', '/api/booking-overrides', other.owner, {
      day: '2032-01-01',
      bookingTypeId: type.id,
    });
    expect(foreignType.status).toBe(404);
    const mine = await json<BookingOverride>(
      await send(t, 'POST', '/api/booking-overrides', w.owner, { day: '2032-02-02' }),
      201,
    );
    expect(
      (await send(t, 'PATCH', `/api/booking-overrides/${mine.id}`, other.owner, { label: 'x' })).status,
    ).toBe(404);
    expect((await send(t, 'DELETE', `/api/booking-overrides/${mine.id}`, other.owner)).status).toBe(404);
  });
});
