import { z } from 'zod';
import { text } from './common';

/*
 * Google Calendar on the Integrations page (issue 30): the connection's state, the account's calendars and
 * the choice of the one bookings and events are written to.
 */

export const GoogleCalendarConnection = z
  .object({
    accountEmail: text().nullable().meta({ description: 'The Google account (its primary calendar’s id).' }),
    status: z.enum(['connected', 'broken']).meta({
      description:
        '`broken`: Google refused the stored grant (revoked, expired); nothing is synced until the provider connects again.',
    }),
    calendarId: text()
      .nullable()
      .meta({ description: 'The calendar written to; null: the primary calendar.' }),
    calendarName: text().nullable(),
    lastSyncError: text()
      .nullable()
      .meta({ description: 'Google’s answer to the last write that failed for good.' }),
    lastSyncErrorAt: z.iso.datetime().nullable(),
    lastSyncedAt: z.iso.datetime().nullable(),
    connectedAt: z.iso.datetime(),
  })
  .meta({ id: 'GoogleCalendarConnection' });
export type GoogleCalendarConnection = z.infer<typeof GoogleCalendarConnection>;

export const GoogleCalendarState = z
  .object({
    configured: z
      .boolean()
      .meta({ description: 'false: this server has no Google OAuth client (GOOGLE_CLIENT_ID).' }),
    connection: GoogleCalendarConnection.nullable(),
  })
  .meta({ id: 'GoogleCalendarState' });
export type GoogleCalendarState = z.infer<typeof GoogleCalendarState>;

export const GoogleCalendarConnectStart = z
  .object({
    url: z.url().meta({ description: 'Google’s authorisation page; send the browser there.' }),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'GoogleCalendarConnectStart' });
export type GoogleCalendarConnectStart = z.infer<typeof GoogleCalendarConnectStart>;

export const GoogleCalendarEntry = z
  .object({
    id: text(),
    summary: text(),
    primary: z.boolean(),
    writable: z.boolean().meta({ description: 'The account may add events to it (owner or writer).' }),
    chosen: z.boolean(),
  })
  .meta({ id: 'GoogleCalendarEntry' });
export type GoogleCalendarEntry = z.infer<typeof GoogleCalendarEntry>;

export const GoogleCalendarList = z
  .object({ items: z.array(GoogleCalendarEntry) })
  .meta({ id: 'GoogleCalendarList' });
export type GoogleCalendarList = z.infer<typeof GoogleCalendarList>;

export const GoogleCalendarChoice = z
  .object({
    calendarId: text({ error: 'validation.googleCalendarRequired' })
      .trim()
      .min(1, { error: 'validation.googleCalendarRequired' })
      .max(1024, { error: 'validation.googleCalendarRequired' }),
  })
  .meta({ id: 'GoogleCalendarChoice' });
export type GoogleCalendarChoice = z.infer<typeof GoogleCalendarChoice>;
