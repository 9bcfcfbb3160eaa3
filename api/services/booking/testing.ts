import { createPortalSession } from '../../auth/portal-client/portal-session';
import type { Sql } from '../../db/client';
import { send } from '../../routes/account/testing';
import type { TestContext } from '../../testing/harness';
import type { WeeklyHours } from './slots';

/**
 * Test helpers for bookings: booking types written by SQL (their CRUD API is another part's), and a second
 * signed-in client of a world's portal.
 */

export interface InsertBookingType {
  providerId: string;
  name?: string;
  timeZone?: string;
  weeklyHours?: WeeklyHours;
  durationMinutes?: number;
  intervalMinutes?: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  minNoticeMinutes?: number;
  horizonDays?: number;
  dailyCap?: number | null;
  changeNoticeMinutes?: number;
  clientScope?: 'all' | 'chosen';
  chosenClientIds?: string[];
  active?: boolean;
}

const WORKDAY = [['09:00', '17:00']] as const;
export const EVERY_DAY: WeeklyHours = {
  mon: WORKDAY,
  tue: WORKDAY,
  wed: WORKDAY,
  thu: WORKDAY,
  fri: WORKDAY,
  sat: WORKDAY,
  sun: WORKDAY,
};

/** Inserts a booking type (defaults: 30 minutes every day 09:00–17:00 Berlin, no notice, 30 days); its id. */
export async function insertBookingType(sql: Sql, input: InsertBookingType): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO booking_types (provider_id, name, duration_minutes, location_kind, location, time_zone, weekly_hours,
      buffer_before_minutes, buffer_after_minutes, min_notice_minutes, horizon_days, daily_cap,
      slot_interval_minutes, change_notice_minutes, client_scope, active)
    VALUES (${input.providerId}, ${input.name ?? 'Intro call'}, ${input.durationMinutes ?? 30}, 'video',
      'https://meet.example.com/intro', ${input.timeZone ?? 'Europe/Berlin'},
      ${sql.json((input.weeklyHours ?? EVERY_DAY) as never)}, ${input.bufferBeforeMinutes ?? 0},
      ${input.bufferAfterMinutes ?? 0}, ${input.minNoticeMinutes ?? 0}, ${input.horizonDays ?? 30},
      ${input.dailyCap ?? null}, ${input.intervalMinutes ?? 30}, ${input.changeNoticeMinutes ?? 60},
      ${input.clientScope ?? 'all'}, ${input.active ?? true})
    RETURNING id`;
  const id = (row as { id: string }).id;
  for (const clientId of input.chosenClientIds ?? []) {
    await sql`INSERT INTO booking_type_clients (provider_id, booking_type_id, client_id)
              VALUES (${input.providerId}, ${id}, ${clientId})`;
  }
  return id;
}

/** Another client of the portal, signed in; its id and bearer token. */
export async function anotherClient(
  t: TestContext,
  world: { owner: string; providerId: string; portalId: string },
  label: string,
  language: 'en' | 'de' = 'en',
): Promise<{ id: string; token: string }> {
  const res = await send(t, 'POST', '/api/clients', world.owner, {
    portalId: world.portalId,
    name: `${label} client`,
    email: `${label}-client@example.com`,
    language,
  });
  const client = (await res.json()) as { id: string };
  const session = await createPortalSession(
    t.sql,
    { id: client.id, portalId: world.portalId, providerId: world.providerId },
    'password',
    t.deps.now(),
  );
  return { id: client.id, token: session.token };
}
