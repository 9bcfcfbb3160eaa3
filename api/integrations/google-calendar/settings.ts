import { OAuth2Client } from 'arctic';
import type { Config } from '../../config';

/*
 * Where this server talks to Google: the platform's OAuth client (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET)
 * and the four endpoints, Google's own unless the configuration names others (tests and e2e run against
 * `oauth2-mock-server` and the Calendar API stand-in of tests/google/, through these same variables).
 */

export const GOOGLE_ENDPOINTS = {
  authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  revocation: 'https://oauth2.googleapis.com/revoke',
  calendarApi: 'https://www.googleapis.com/calendar/v3',
} as const;

/**
 * What the connection asks for: writing events to the chosen calendar (`calendar.events`), and reading the
 * calendar list and free/busy of the account's calendars (`calendar.readonly`).
 */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
];

/** The page Google sends the browser back to (spec §2: `/calendar-oauth-callback`). */
export const CALLBACK_PATH = '/calendar-oauth-callback';

export interface GoogleSettings {
  client: OAuth2Client;
  endpoints: { authorization: string; token: string; revocation: string; calendarApi: string };
  redirectUri: string;
}

type GoogleConfig = Pick<
  Config,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_AUTHORIZATION_URL'
  | 'GOOGLE_TOKEN_URL'
  | 'GOOGLE_REVOCATION_URL'
  | 'GOOGLE_CALENDAR_API_BASE'
  | 'publicOrigin'
>;

/** This server's Google client and endpoints; null when no GOOGLE_CLIENT_ID is configured. */
export function googleSettings(config: GoogleConfig): GoogleSettings | null {
  if (!config.GOOGLE_CLIENT_ID) return null;
  const redirectUri = `${config.publicOrigin}${CALLBACK_PATH}`;
  return {
    client: new OAuth2Client(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET ?? null, redirectUri),
    endpoints: {
      authorization: config.GOOGLE_AUTHORIZATION_URL ?? GOOGLE_ENDPOINTS.authorization,
      token: config.GOOGLE_TOKEN_URL ?? GOOGLE_ENDPOINTS.token,
      revocation: config.GOOGLE_REVOCATION_URL ?? GOOGLE_ENDPOINTS.revocation,
      calendarApi: (config.GOOGLE_CALENDAR_API_BASE ?? GOOGLE_ENDPOINTS.calendarApi).replace(/\/+$/, ''),
    },
    redirectUri,
  };
}
