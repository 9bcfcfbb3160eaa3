import type { ProviderScope } from '../auth/scope';
import type { AppDeps } from '../http/context';
import { createBookingOverride } from '../services/booking-types/overrides';
import { createBookingType } from '../services/booking-types/write-booking-types';

/*
 * The demo's booking types (issue 30), so the portal's booking page shows slots at once: a 30-minute
 * "Intro call" by video for every client, Monday to Friday 9:00–17:00 in Berlin, and a 60-minute "Project
 * review" for Ada and Jörg only (Tuesdays and Thursdays, with buffers and a daily cap); Christmas Eve off
 * for every type, and the intro calls end at noon on New Year's Eve. Both days are the next ones to come.
 */

const WEEKDAYS_9_TO_5 = [['09:00', '17:00']] as [string, string][];

/** The next `MM-DD` on or after today (this year's, else next year's). */
function nextDay(today: string, monthDay: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${monthDay}`;
  return thisYear >= today ? thisYear : `${year + 1}-${monthDay}`;
}

export async function seedDemoBooking(deps: AppDeps, providerId: string): Promise<void> {
  const scope: ProviderScope = { kind: 'provider', providerId, sessionId: '' };
  const chosen = await deps.sql<{ id: string }[]>`
    SELECT id FROM clients
    WHERE provider_id = ${providerId} AND email IN ('ada.demo@example.com', 'joerg.demo@example.com')
    ORDER BY name`;
  const common = {
    timeZone: 'Europe/Berlin',
    minNoticeMinutes: 240,
    horizonDays: 60,
    changeNoticeMinutes: 1440,
    active: true,
  };
  const intro = await createBookingType(deps.sql, scope, {
    ...common,
    name: 'Intro call',
    description: 'Thirty minutes to get to know each other and talk about your project.',
    durationMinutes: 30,
    locationKind: 'video',
    location: 'https://meet.example.com/demo-studio-intro',
    weeklyHours: {
      mon: WEEKDAYS_9_TO_5,
      tue: WEEKDAYS_9_TO_5,
      wed: WEEKDAYS_9_TO_5,
      thu: WEEKDAYS_9_TO_5,
      fri: WEEKDAYS_9_TO_5,
      sat: [],
      sun: [],
    },
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 10,
    dailyCap: null,
    slotIntervalMinutes: 30,
    clientScope: 'all',
    clientIds: [],
  });
  await createBookingType(deps.sql, scope, {
    ...common,
    name: 'Project review',
    description: 'An hour on where your project stands and what comes next.',
    durationMinutes: 60,
    locationKind: 'video',
    location: 'https://meet.example.com/demo-studio-review',
    weeklyHours: {
      mon: [],
      tue: [
        ['10:00', '12:00'],
        ['14:00', '17:00'],
      ],
      wed: [],
      thu: [
        ['10:00', '12:00'],
        ['14:00', '17:00'],
      ],
      fri: [],
      sat: [],
      sun: [],
    },
    bufferBeforeMinutes: 15,
    bufferAfterMinutes: 15,
    dailyCap: 2,
    slotIntervalMinutes: 60,
    clientScope: 'chosen',
    clientIds: chosen.map((c) => c.id),
  });
  const today = deps.now().toISOString().slice(0, 10);
  await createBookingOverride(deps.sql, scope, {
    bookingTypeId: null,
    day: nextDay(today, '12-24'),
    hours: [],
    label: 'Christmas Eve',
  });
  await createBookingOverride(deps.sql, scope, {
    bookingTypeId: intro.id,
    day: nextDay(today, '12-31'),
    hours: [['09:00', '12:00']],
    label: "New Year's Eve",
  });
}
