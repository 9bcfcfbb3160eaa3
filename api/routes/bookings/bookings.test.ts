import ICAL from 'ical.js';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Booking,
  BookingList,
  BookingRefusal,
  PortalBookingTypeList,
  SlotList,
} from '../../../shared/contracts/bookings';
import type { OutboxMail } from '../../../shared/contracts/dev';
import { outbox } from '../../auth/testing';
import { sendBookingReminders } from '../../services/booking/reminders';
import { anotherClient, insertBookingType } from '../../services/booking/testing';
import { type FilesWorld, filesWorld } from '../../services/files/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { portalRequest } from '../portal-client/testing';

/**
 * The bookings API through HTTP (issue 30): the client's types and slots, booking with its checks (notice,
 * horizon, cap, availability, buffers), two clients taking the last slot at once, rescheduling and cancelling
 * until the change notice, the invitations (parsed by ical.js and node-ical), the provider's list and cancel.
 */

let t: TestContext;
let w: FilesWorld;
let other: FilesWorld;

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_DISABLED: 'true' });
  w = await filesWorld(t, 'book');
  other = await filesWorld(t, 'book-other');
});
afterAll(() => t.close());

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const portal = (method: string, path: string, body?: unknown, token = w.token, portalId = w.portalId) =>
  portalRequest(t, method, `/api/portal/${portalId}${path}`, token, body);

const DAY = 86_400_000;
const window = (days = 14) => {
  const from = new Date(t.deps.now().getTime());
  return `from=${from.toISOString()}&to=${new Date(from.getTime() + days * DAY).toISOString()}`;
};
const slotsOf = async (typeId: string, token = w.token, zone = 'America/New_York') =>
  json<SlotList>(
    await portal('GET', `/booking-types/${typeId}/slots?${window()}&timeZone=${zone}`, undefined, token),
  );
const book = (typeId: string, startsAt: string, token = w.token, extra: Record<string, unknown> = {}) =>
  portal(
    'POST',
    '/bookings',
    { bookingTypeId: typeId, startsAt, timeZone: 'Europe/Berlin', ...extra },
    token,
  );

const providerEmail = async () =>
  ((await (await send(t, 'GET', '/api/auth/session', w.owner)).json()) as { user: { email: string } }).user
    .email;

function invitationOf(mail: OutboxMail | undefined): string {
  const file = mail?.attachments?.find((a) => a.filename === 'invite.ics');
  expect(file, 'the mail has invite.ics').toBeDefined();
  return Buffer.from(file?.content ?? '', 'base64').toString('utf8');
}

describe('types and slots', () => {
  it('lists only the types the client may book', async () => {
    const open = await insertBookingType(t.sql, { providerId: w.providerId, name: 'Open call' });
    const chosen = await insertBookingType(t.sql, {
      providerId: w.providerId,
      name: 'Chosen call',
      clientScope: 'chosen',
      chosenClientIds: [w.clientId],
    });
    const stranger = await anotherClient(t, w, 'book-stranger');
    const notChosen = await insertBookingType(t.sql, {
      providerId: w.providerId,
      name: 'Others only',
      clientScope: 'chosen',
      chosenClientIds: [stranger.id],
    });
    const inactive = await insertBookingType(t.sql, { providerId: w.providerId, name: 'Old', active: false });
    const ids = (await json<PortalBookingTypeList>(await portal('GET', '/booking-types'))).items.map(
      (i) => i.id,
    );
    expect(ids).toEqual(expect.arrayContaining([open, chosen]));
    expect(ids).not.toContain(notChosen);
    expect(ids).not.toContain(inactive);
    expect((await portal('GET', `/booking-types/${notChosen}/slots?${window()}&timeZone=UTC`)).status).toBe(
      404,
    );
    // Another portal's client sees none of them and cannot book them.
    const theirs = (
      await json<PortalBookingTypeList>(
        await portal('GET', '/booking-types', undefined, other.token, other.portalId),
      )
    ).items;
    expect(theirs).toEqual([]);
    const slot = (await slotsOf(open)).slots[0];
    expect(
      (
        await portal(
          'POST',
          '/bookings',
          { bookingTypeId: open, startsAt: slot?.startsAt, timeZone: 'UTC' },
          other.token,
          other.portalId,
        )
      ).status,
    ).toBe(404);
  });

  it('answers slots on the grid within availability, in the zone asked for, and refuses a long window', async () => {
    const typeId = await insertBookingType(t.sql, {
      providerId: w.providerId,
      durationMinutes: 45,
      intervalMinutes: 60,
    });
    const list = await slotsOf(typeId);
    expect(list.timeZone).toBe('America/New_York');
    expect(list.slots.length).toBeGreaterThan(50);
    for (const slot of list.slots) {
      const berlin = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(slot.startsAt));
      expect(['09', '10', '11', '12', '13', '14', '15', '16']).toContain(berlin.slice(0, 2));
      expect(berlin.slice(3)).toBe('00');
      expect(Date.parse(slot.endsAt) - Date.parse(slot.startsAt)).toBe(45 * 60_000);
    }
    const from = t.deps.now().toISOString();
    const tooLong = await portal(
      'GET',
      `/booking-types/${typeId}/slots?from=${from}&to=${new Date(Date.now() + 90 * DAY).toISOString()}&timeZone=UTC`,
    );
    expect(tooLong.status).toBe(422);
    const badZone = await portal('GET', `/booking-types/${typeId}/slots?${window()}&timeZone=Mars/Olympus`);
    expect(badZone.status).toBe(422);
  });
});

describe('booking', () => {
  it('books a slot with both e-mails and invitations, and the provider sees it', async () => {
    const typeId = await insertBookingType(t.sql, {
      providerId: w.providerId,
      name: 'Kick-off',
      bufferAfterMinutes: 30,
    });
    const slot = (await slotsOf(typeId)).slots[3] as { startsAt: string };
    const booking = await json<Booking>(
      await book(typeId, slot.startsAt, w.token, { projectId: w.projectId, note: 'About the logo' }),
      201,
    );
    expect(booking).toMatchObject({
      status: 'confirmed',
      title: 'Kick-off',
      projectId: w.projectId,
      sequence: 0,
      startsAt: slot.startsAt,
    });

    // The buffer after keeps the next half hour free.
    const after = (await slotsOf(typeId)).slots.map((s) => s.startsAt);
    expect(after).not.toContain(slot.startsAt);
    expect(after).not.toContain(new Date(Date.parse(slot.startsAt) + 30 * 60_000).toISOString());

    const listed = await json<BookingList>(await send(t, 'GET', '/api/bookings', w.owner));
    expect(listed.items.map((b) => b.id)).toContain(booking.id);
    expect((await json<Booking>(await send(t, 'GET', `/api/bookings/${booking.id}`, w.owner))).clientId).toBe(
      w.clientId,
    );
    expect((await send(t, 'GET', `/api/bookings/${booking.id}`, other.owner)).status).toBe(404);

    const [clientMail] = await outbox(t, 'book-client@example.com');
    expect(clientMail?.subject).toContain('Kick-off');
    const text = invitationOf(clientMail);
    const parsed = new ICAL.Component(ICAL.parse(text));
    expect(parsed.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(parsed.getFirstSubcomponent('vevent') as ICAL.Component);
    expect(event.uid).toMatch(/@/);
    expect(event.sequence).toBe(0);
    // The time is written in Berlin's wall clock with its VTIMEZONE, and means the booked instant.
    expect(text).toMatch(/DTSTART;TZID=Europe\/Berlin:/);
    const zone = new ICAL.Timezone(parsed.getFirstSubcomponent('vtimezone') as ICAL.Component);
    event.startDate.zone = zone;
    expect(event.startDate.toJSDate().toISOString()).toBe(slot.startsAt);
    const viaNode = Object.values(ical.sync.parseICS(text)).find((c) => c?.type === 'VEVENT') as VEvent;
    expect(new Date(viaNode.start).toISOString()).toBe(slot.startsAt);
    expect(viaNode.uid).toBe(event.uid);

    const [providerMail] = await outbox(t, await providerEmail());
    expect(providerMail?.kind).toBe('booking_created');
    expect(invitationOf(providerMail)).toContain(`UID:${event.uid}`);
  });

  it('gives exactly one of two clients the same slot at once; the other gets 409 with the next slots', async () => {
    const typeId = await insertBookingType(t.sql, { providerId: w.providerId, name: 'Race', dailyCap: 1 });
    const second = await anotherClient(t, w, 'book-racer');
    const slot = (await slotsOf(typeId)).slots[20] as { startsAt: string };
    const [a, b] = await Promise.all([
      book(typeId, slot.startsAt),
      book(typeId, slot.startsAt, second.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = (await (a.status === 409 ? a : b).json()) as BookingRefusal;
    expect(refused.error.code).toBe('slot_taken');
    expect(refused.nextSlots?.length).toBeGreaterThan(0);
    expect(refused.nextSlots?.map((s) => s.startsAt)).not.toContain(slot.startsAt);
    const [row] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM bookings WHERE booking_type_id = ${typeId} AND status = 'confirmed'`;
    expect(row?.n).toBe(1);
  });

  it('lets PostgreSQL refuse two overlapping confirmed bookings whatever the application does', async () => {
    const typeId = await insertBookingType(t.sql, { providerId: w.providerId });
    const insert = (uid: string, start: string) => t.sql`
      INSERT INTO bookings (provider_id, booking_type_id, client_id, starts_at, ends_at, blocked_from, blocked_until,
                            client_time_zone, title, location_kind, uid)
      VALUES (${w.providerId}, ${typeId}, ${w.clientId}, ${start}, ${start}::timestamptz + interval '30 minutes',
              ${start}, ${start}::timestamptz + interval '30 minutes', 'UTC', 'Raw', 'video', ${uid})`;
    await insert(`raw-a-${Date.now()}`, '2030-01-07T10:00:00Z');
    await expect(insert(`raw-b-${Date.now()}`, '2030-01-07T10:15:00Z')).rejects.toMatchObject({
      code: '23P01',
    });
  });

  it('refuses starts outside availability, the notice, the horizon and the daily cap with 422', async () => {
    const typeId = await insertBookingType(t.sql, {
      providerId: w.providerId,
      minNoticeMinutes: 48 * 60,
      horizonDays: 7,
      dailyCap: 1,
    });
    const slots = (await slotsOf(typeId)).slots;
    const first = Date.parse((slots[0] as { startsAt: string }).startsAt);
    expect(first).toBeGreaterThanOrEqual(t.deps.now().getTime() + 48 * 3_600_000);
    const refuse = async (startsAt: string, code = 'slot_unavailable') => {
      const body = await json<BookingRefusal>(
        await book(typeId, startsAt),
        code === 'slot_taken' ? 409 : 422,
      );
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toBe('');
      return body;
    };
    const offered = await refuse(new Date(first - 24 * 3_600_000).toISOString()); // inside the notice
    expect(offered.nextSlots?.[0]?.startsAt).toBe(slots[0]?.startsAt);
    await refuse(new Date(t.deps.now().getTime() + 20 * DAY).toISOString()); // beyond the horizon
    await refuse(new Date(first + 10 * 60_000).toISOString()); // off the grid
    const night = new Date(first);
    night.setUTCHours(2, 0, 0, 0);
    await refuse(new Date(night.getTime() + DAY).toISOString()); // 03:00 in Berlin
    await json<Booking>(await book(typeId, slots[0]?.startsAt as string), 201);
    // The day's cap is reached: another slot of that day is taken by the cap.
    await refuse(slots[2]?.startsAt as string, 'slot_taken');
  });
});

describe('changes', () => {
  it('reschedules with a higher sequence and cancels with METHOD:CANCEL, only until the change notice', async () => {
    const typeId = await insertBookingType(t.sql, {
      providerId: w.providerId,
      name: 'Review',
      changeNoticeMinutes: 24 * 60,
    });
    const slots = (await slotsOf(typeId)).slots;
    const far = slots.find((s) => Date.parse(s.startsAt) > t.deps.now().getTime() + 3 * DAY) as {
      startsAt: string;
    };
    const booking = await json<Booking>(await book(typeId, far.startsAt), 201);
    const later = slots.find((s) => Date.parse(s.startsAt) > Date.parse(far.startsAt) + 2 * 3_600_000) as {
      startsAt: string;
    };
    const moved = await json<Booking>(
      await portal('PATCH', `/bookings/${booking.id}`, { startsAt: later.startsAt }),
    );
    expect(moved).toMatchObject({ startsAt: later.startsAt, sequence: 1 });
    const [movedMail] = await outbox(t, 'book-client@example.com');
    expect(movedMail?.kind).toBe('booking_rescheduled');
    expect(invitationOf(movedMail)).toMatch(/SEQUENCE:1/);
    // The old time is free again.
    expect((await slotsOf(typeId)).slots.map((s) => s.startsAt)).toContain(far.startsAt);

    const cancelled = await json<Booking>(
      await portal('POST', `/bookings/${booking.id}/cancel`, { reason: 'Ill' }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'client', sequence: 2 });
    const [cancelMail] = await outbox(t, 'book-client@example.com');
    const ics = invitationOf(cancelMail);
    expect(ics).toMatch(/METHOD:CANCEL/);
    expect(ics).toMatch(/STATUS:CANCELLED/);
    expect(ics).toMatch(/SEQUENCE:2/);
    expect((await portal('POST', `/bookings/${booking.id}/cancel`, {})).status).toBe(409);
    const list = await json<BookingList>(await portal('GET', '/bookings?filter=cancelled'));
    expect(list.items.map((b) => b.id)).toContain(booking.id);

    // Within the change notice the client can no longer change it; the provider still can cancel.
    const soon = slots.find(
      (s) =>
        Date.parse(s.startsAt) < t.deps.now().getTime() + DAY - 3_600_000 &&
        Date.parse(s.startsAt) > t.deps.now().getTime(),
    ) as { startsAt: string } | undefined;
    // Every day has eight hours of slots, so the next 23 hours always hold one.
    expect(soon).toBeDefined();
    {
      const near = await json<Booking>(await book(typeId, (soon as { startsAt: string }).startsAt), 201);
      const tooLate = await json<BookingRefusal>(
        await portal('POST', `/bookings/${near.id}/cancel`, {}),
        422,
      );
      expect(tooLate.error.code).toBe('booking_change_too_late');
      expect((await portal('PATCH', `/bookings/${near.id}`, { startsAt: later.startsAt })).status).toBe(422);
      const byProvider = await json<Booking>(
        await send(t, 'POST', `/api/bookings/${near.id}/cancel`, w.owner, { reason: 'Travel' }),
      );
      expect(byProvider).toMatchObject({ status: 'cancelled', cancelledBy: 'provider' });
    }
    // Another client's booking is 404 to them.
    const stranger = await anotherClient(t, w, 'book-peeker');
    expect((await portal('POST', `/bookings/${booking.id}/cancel`, {}, stranger.token)).status).toBe(404);
  });
});

describe('reminders', () => {
  it('reminds both sides once, 24 hours before the start', async () => {
    const typeId = await insertBookingType(t.sql, { providerId: w.providerId, name: 'Reminded' });
    const slots = (await slotsOf(typeId)).slots;
    const far = slots.find((s) => Date.parse(s.startsAt) > t.deps.now().getTime() + 4 * DAY) as {
      startsAt: string;
    };
    const booking = await json<Booking>(await book(typeId, far.startsAt), 201);
    // Nothing is due yet.
    await sendBookingReminders(t.deps);
    const before = await t.sql<
      { reminder_sent_at: Date | null }[]
    >`SELECT reminder_sent_at FROM bookings WHERE id = ${booking.id}`;
    expect(before[0]?.reminder_sent_at).toBeNull();
    t.advance(Date.parse(far.startsAt) - 23 * 3_600_000 - t.deps.now().getTime());
    expect(await sendBookingReminders(t.deps)).toBeGreaterThanOrEqual(1);
    const [reminder] = await outbox(t, 'book-client@example.com');
    expect(reminder?.kind).toBe('booking_reminder');
    expect(invitationOf(reminder)).toMatch(/METHOD:REQUEST/);
    const [providerReminder] = await outbox(t, await providerEmail());
    expect(providerReminder?.kind).toBe('booking_reminder');
    // Once: the next sweep sends nothing for it.
    await sendBookingReminders(t.deps);
    const again = (await outbox(t, 'book-client@example.com')).filter((m) => m.kind === 'booking_reminder');
    expect(again).toHaveLength(1);
  });
});

describe('the provider’s list', () => {
  it('pages upcoming bookings soonest first by cursor, each once, and narrows to one client', async () => {
    const typeId = await insertBookingType(t.sql, { providerId: w.providerId, name: 'Paged' });
    const slots = (await slotsOf(typeId)).slots.slice(40, 45);
    for (const slot of slots) await json<Booking>(await book(typeId, slot.startsAt), 201);
    const all = await json<BookingList>(await send(t, 'GET', '/api/bookings?limit=100', w.owner));
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: BookingList = await json<BookingList>(
        await send(t, 'GET', `/api/bookings?limit=2${cursor ? `&cursor=${cursor}` : ''}`, w.owner),
      );
      walked.push(...page.items.map((b) => b.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all.items.map((b) => b.id));
    const starts = all.items.map((b) => b.startsAt);
    expect([...starts].sort()).toEqual(starts);
    const stranger = await anotherClient(t, w, 'book-lister');
    const theirs = await json<BookingList>(
      await send(t, 'GET', `/api/bookings?clientId=${stranger.id}`, w.owner),
    );
    expect(theirs.items).toEqual([]);
    const bad = await send(t, 'GET', `/api/bookings?filter=past&cursor=${cursor ?? 'x'}`, w.owner);
    expect(bad.status).toBe(422);
  });
});

describe('webhook events', () => {
  it('sends booking.created and booking.cancelled with the booking to a subscribed endpoint', async () => {
    const endpoint = await send(t, 'POST', '/api/webhook-endpoints', other.owner, {
      url: 'https://hooks.example.com/bookings',
      eventTypes: ['booking.created', 'booking.cancelled'],
    });
    expect(endpoint.status, await endpoint.clone().text()).toBe(201);
    const typeId = await insertBookingType(t.sql, { providerId: other.providerId, name: 'Hooked' });
    const slots = await json<SlotList>(
      await portal(
        'GET',
        `/booking-types/${typeId}/slots?${window()}&timeZone=UTC`,
        undefined,
        other.token,
        other.portalId,
      ),
    );
    const slot = slots.slots[0] as { startsAt: string };
    const res = await portal(
      'POST',
      '/bookings',
      { bookingTypeId: typeId, startsAt: slot.startsAt, timeZone: 'UTC' },
      other.token,
      other.portalId,
    );
    const booking = await json<Booking>(res, 201);
    await json<Booking>(
      await send(t, 'POST', `/api/bookings/${booking.id}/cancel`, other.owner, { reason: null }),
    );
    const events = await t.sql<{ type: string; body: string }[]>`
      SELECT type, body FROM webhook_events WHERE provider_id = ${other.providerId} ORDER BY created_at`;
    expect(events.map((e) => e.type)).toEqual(['booking.created', 'booking.cancelled']);
    const cancelled = JSON.parse(events[1]?.body ?? '{}') as { data: { object: Booking } };
    expect(cancelled.data.object).toMatchObject({
      id: booking.id,
      status: 'cancelled',
      cancelledBy: 'provider',
    });
  });
});
