import type { APIRequestContext } from '@playwright/test';
import postgres from 'postgres';
import { ok } from './support';

/** The booking specs' set-up: booking types written by SQL into the e2e server's database (needs DATABASE_URL). */
export const DB_URL = process.env.DATABASE_URL;

/** A booking type of the provider signed in on `request`: 30 minutes, every day 08:00–20:00 in Berlin. */
export async function bookingType(request: APIRequestContext, name: string): Promise<string> {
  if (!DB_URL) throw new Error('needs DATABASE_URL');
  const session = await ok<{ user: { id: string } }>(await request.get('/api/auth/session'));
  const url = new URL(DB_URL);
  url.pathname = `/e2e_${process.env.E2E_PORT ?? 4317}`;
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const day = [['08:00', '20:00']];
  const week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  try {
    const [row] = await sql<{ id: string }[]>`
      INSERT INTO booking_types (provider_id, name, duration_minutes, location_kind, location, time_zone, weekly_hours,
                                 min_notice_minutes, horizon_days, change_notice_minutes)
      VALUES (${session.user.id}, ${name}, 30, 'video', 'https://meet.example.com/kickoff', 'Europe/Berlin',
              ${sql.json(week)}, 60, 30, 60)
      RETURNING id`;
    return row?.id ?? '';
  } finally {
    await sql.end();
  }
}

export interface Booking {
  id: string;
  startsAt: string;
  status: string;
  sequence: number;
  clientTimeZone: string;
}
