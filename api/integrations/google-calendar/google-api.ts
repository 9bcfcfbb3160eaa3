import type { AppDeps } from '../../http/context';
import { GoogleUnavailable, requireSettings, type TokenDeps, validAccessToken } from './tokens';

/*
 * The one wrapper around the Calendar API (v3, JSON over HTTPS): the provider's access token as Bearer,
 * refreshed and the call made once more when Google answers 401, a timeout, and Google's answer handed
 * back as status and body (each caller decides what a 404 or 409 means for it). Network failures throw
 * `GoogleUnavailable`.
 */

const TIMEOUT_MS = 15_000;

export interface GoogleResponse {
  status: number;
  body: unknown;
}

export interface GoogleCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the Calendar API base, e.g. `/users/me/calendarList`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** One request with a given token (also used while connecting, before anything is stored). */
export async function requestWithToken(
  deps: Pick<AppDeps, 'config'>,
  token: string,
  call: GoogleCall,
): Promise<GoogleResponse> {
  const base = requireSettings(deps).endpoints.calendarApi;
  const url = new URL(`${base}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  let res: Response;
  try {
    res = await fetch(url, {
      method: call.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new GoogleUnavailable(`Google Calendar could not be reached (${call.method} ${call.path})`, {
      cause: err,
    });
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

/**
 * A Calendar API call as the provider: a 401 refreshes the token and tries once more.
 * @throws GoogleConnectionUnusable, GoogleUnavailable (see `validAccessToken`)
 */
export async function googleRequest(
  deps: TokenDeps,
  providerId: string,
  call: GoogleCall,
): Promise<GoogleResponse> {
  const token = await validAccessToken(deps, providerId);
  const first = await requestWithToken(deps, token, call);
  if (first.status !== 401) return first;
  const refreshed = await validAccessToken(deps, providerId, token);
  return requestWithToken(deps, refreshed, call);
}

/** Google's error message of an answer, for the log and the "last sync error" (at most 300 characters). */
export function googleMessage(res: GoogleResponse): string {
  const error = (res.body as { error?: { message?: unknown } } | null)?.error;
  const message = typeof error?.message === 'string' ? error.message : `HTTP ${res.status}`;
  return `${res.status}: ${message}`.slice(0, 300);
}
