import type { APIRequestContext } from '@playwright/test';
import { ok } from './support';

/**
 * A booking type of the provider signed in on `request`, made through the provider's API as a provider
 * would: 30 minutes, every day 08:00–20:00 in Berlin, an hour's notice.
 */
export async function bookingType(request: APIRequestContext, name: string): Promise<string> {
  const day = [['08:00', '20:00']];
  const week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  const created = await ok<{ id: string }>(
    await request.post('/api/booking-types', {
      data: {
        name,
        durationMinutes: 30,
        locationKind: 'video',
        location: 'https://meet.example.com/kickoff',
        timeZone: 'Europe/Berlin',
        weeklyHours: week,
        minNoticeMinutes: 60,
        horizonDays: 30,
        changeNoticeMinutes: 60,
      },
    }),
    201,
  );
  return created.id;
}

export interface Booking {
  id: string;
  startsAt: string;
  status: string;
  sequence: number;
  clientTimeZone: string;
}
