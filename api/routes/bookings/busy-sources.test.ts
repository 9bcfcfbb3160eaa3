import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotList } from '../../../shared/contracts/bookings';
import { insertBookingType } from '../../services/booking/testing';
import { type FilesWorld, filesWorld } from '../../services/files/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { portalRequest } from '../portal-client/testing';

/**
 * What blocks a booking slot besides other bookings (issue 30): the provider's own calendar events (a
 * recurring one in its zone) and the busy times of their Google calendar; and what a booking or an event
 * written by a provider with a Google connection queues for Google Calendar.
 */

let t: TestContext;
let w: FilesWorld;

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_DISABLED: 'true' });
  w = await filesWorld(t, 'busy');
});
afterAll(() => t.close());

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The next day at least two days ahead, as `YYYY-MM-DD` (UTC). */
function dayAhead(days: number): string {
  return new Date(t.deps.now().getTime() + days * DAY).toISOString().slice(0, 10);
}

async function slotStarts(typeId: string, day: string): Promise<string[]> {
  const from = `${day}T00:00:00.000Z`;
  const to = new Date(Date.parse(from) + DAY).toISOString();
  const res = await portalRequest(
    t,
    'GET',
    `/api/portal/${w.portalId}/booking-types/${typeId}/slots?from=${from}&to=${to}&timeZone=UTC`,
    w.token,
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as SlotList).slots.map((s) => s.startsAt);
}

async function queuedSyncs(): Promise<string[]> {
  const rows = await t.sql<{ key: string }[]>`
    SELECT key FROM ${t.sql(t.db.queueSchema)}._private_jobs WHERE key LIKE 'google-sync:%' ORDER BY key`;
  return rows.map((r) => r.key);
}

describe('busy time', () => {
  it('keeps slots clear of the provider’s events, recurring ones included, and of Google’s busy times', async () => {
    // Every day 09:00–17:00 UTC, 60 minutes on the hour, a 15-minute buffer after.
    const hours: [string, string][] = [['09:00', '17:00']];
    const typeId = await insertBookingType(t.sql, {
      providerId: w.providerId,
      timeZone: 'UTC',
      durationMinutes: 60,
      intervalMinutes: 60,
      bufferAfterMinutes: 15,
      weeklyHours: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours },
    });
    const day = dayAhead(3);
    const at = (h: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + h * HOUR).toISOString();
    expect(await slotStarts(typeId, day)).toEqual([9, 10, 11, 12, 13, 14, 15, 16].map(at));

    // A daily event 11:00–11:30 from yesterday on: 11:00 is taken, and 10:00 too (its buffer ends 11:15).
    const event = await send(t, 'POST', '/api/calendar/events', w.owner, {
      title: 'Stand-up',
      start: `${dayAhead(2)}T11:00`,
      end: `${dayAhead(2)}T11:30`,
      timeZone: 'UTC',
      rrule: 'FREQ=DAILY;COUNT=5',
    });
    expect(event.status, await event.clone().text()).toBe(201);
    expect(await slotStarts(typeId, day)).toEqual([9, 12, 13, 14, 15, 16].map(at));

    // Google says 14:30–15:00 is busy (a fresh answer in the cache, as the connection left it).
    await t.sql`
      INSERT INTO google_calendar_connections (provider_id, account_email, access_token_enc, access_token_expires_at)
      VALUES (${w.providerId}, 'busy@example.com', '\\x00', ${new Date(t.deps.now().getTime() + HOUR)})`;
    await t.sql`
      INSERT INTO google_busy_cache (provider_id, window_from, window_to, intervals, fetched_at)
      VALUES (${w.providerId}, ${new Date(t.deps.now().getTime() - DAY)}, ${new Date(t.deps.now().getTime() + 30 * DAY)},
        ${t.sql.json([{ start: at(14.5), end: at(15) }])}, ${t.deps.now()})`;
    expect(await slotStarts(typeId, day)).toEqual([9, 12, 13, 15, 16].map(at));

    // With the connection, an event written and a booking made are queued for Google Calendar, once each.
    const eventId = ((await event.json()) as { id: string }).id;
    const patched = await send(t, 'PATCH', `/api/calendar/events/${eventId}`, w.owner, {
      title: 'Daily stand-up',
    });
    expect(patched.status).toBe(200);
    const booked = await portalRequest(t, 'POST', `/api/portal/${w.portalId}/bookings`, w.token, {
      bookingTypeId: typeId,
      startsAt: at(12),
      timeZone: 'UTC',
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const bookingId = ((await booked.json()) as { id: string }).id;
    expect(await queuedSyncs()).toEqual(
      [`google-sync:booking:${bookingId}`, `google-sync:event:${eventId}`].sort(),
    );
  });
});
