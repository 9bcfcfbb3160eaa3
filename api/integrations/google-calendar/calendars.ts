import type { AppDeps } from '../../http/context';
import { type GoogleCall, type GoogleResponse, googleMessage, requestWithToken } from './google-api';
import { GoogleUnavailable } from './tokens';

/** One calendar of the account, as this product uses it. */
export interface GoogleCalendarItem {
  id: string;
  summary: string;
  primary: boolean;
  writable: boolean;
}

/** Pages of the calendar list read at most (250 each: far more calendars than anyone has). */
const MAX_PAGES = 4;

/**
 * The account's calendars (`calendarList.list`), every page, read with `request` (a token while
 * connecting, or the provider's connection through `googleRequest`).
 */
export async function readCalendars(
  request: (call: GoogleCall) => Promise<GoogleResponse>,
): Promise<GoogleCalendarItem[]> {
  const items: GoogleCalendarItem[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await request({
      method: 'GET',
      path: '/users/me/calendarList',
      query: { maxResults: '250', ...(pageToken ? { pageToken } : {}) },
    });
    if (res.status !== 200) throw new GoogleUnavailable(`calendarList: ${googleMessage(res)}`);
    const body = res.body as { items?: RawCalendar[]; nextPageToken?: string };
    for (const raw of body.items ?? []) {
      if (typeof raw.id !== 'string') continue;
      items.push({
        id: raw.id,
        summary: (raw.summaryOverride ?? raw.summary ?? raw.id).slice(0, 500),
        primary: raw.primary === true,
        writable: raw.accessRole === 'owner' || raw.accessRole === 'writer',
      });
    }
    pageToken = body.nextPageToken;
    if (!pageToken) break;
  }
  return items;
}

interface RawCalendar {
  id?: unknown;
  summary?: string;
  summaryOverride?: string;
  primary?: boolean;
  accessRole?: string;
}

/** The calendars of the account a token was just issued for. */
export const readCalendarList = (deps: Pick<AppDeps, 'config'>, token: string) =>
  readCalendars((call) => requestWithToken(deps, token, call));
