import { CodeChallengeMethod } from 'arctic';
import type {
  GoogleCalendarChoice,
  GoogleCalendarConnectStart,
  GoogleCalendarList,
  GoogleCalendarState,
} from '../../../shared/contracts/google-calendar';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { beginAuthorisation } from '../authorisations';
import { type GoogleCalendarItem, readCalendars } from './calendars';
import { googleRequest } from './google-api';
import { googleCalendarKind } from './kind';
import { GOOGLE_SCOPES, googleSettings } from './settings';
import { queueBackfill } from './sync';
import { GoogleConnectionUnusable, GoogleUnavailable, openToken } from './tokens';

/*
 * The Integrations page's Google Calendar card: its state, connecting (the authorisation URL with PKCE;
 * the return goes through `authorisations.ts` and `kind.ts`), the account's calendars and the one written
 * to, and disconnecting (the grant revoked at Google, the tokens deleted).
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'now' | 'log' | 'jobs'>;

interface ConnectionRow {
  account_email: string | null;
  status: 'connected' | 'broken';
  calendar_id: string | null;
  calendar_name: string | null;
  last_sync_error: string | null;
  last_sync_error_at: Date | null;
  last_synced_at: Date | null;
  created_at: Date;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The card's state: whether the server can connect at all, and the provider's connection. */
export async function getGoogleCalendarState(deps: Deps, scope: ProviderScope): Promise<GoogleCalendarState> {
  const [row] = await deps.sql<ConnectionRow[]>`
    SELECT account_email, status, calendar_id, calendar_name, last_sync_error, last_sync_error_at,
           last_synced_at, created_at
    FROM google_calendar_connections WHERE ${ownedBy(deps.sql, scope, 'provider_id')}`;
  return {
    configured: googleSettings(deps.config) !== null,
    connection: row
      ? {
          accountEmail: row.account_email,
          status: row.status,
          calendarId: row.calendar_id,
          calendarName: row.calendar_name,
          lastSyncError: row.last_sync_error,
          lastSyncErrorAt: iso(row.last_sync_error_at),
          lastSyncedAt: iso(row.last_synced_at),
          connectedAt: new Date(row.created_at).toISOString(),
        }
      : null,
  };
}

/**
 * Starts connecting: a state (stored hashed, bound to the provider, 10 minutes, used once) and a PKCE
 * verifier (stored sealed with the state), and Google's authorisation URL asking for offline access (a
 * refresh token) and the calendar scopes. 409 `google_calendar_not_configured` without a client id.
 */
export async function startGoogleConnection(
  deps: Deps,
  scope: ProviderScope,
): Promise<GoogleCalendarConnectStart> {
  const settings = googleSettings(deps.config);
  if (!settings) throw new ApiError('google_calendar_not_configured');
  const started = await deps.sql.begin((tx) =>
    beginAuthorisation(tx, scope, googleCalendarKind, { now: deps.now(), pkce: true }),
  );
  const url = settings.client.createAuthorizationURLWithPKCE(
    settings.endpoints.authorization,
    started.state,
    CodeChallengeMethod.S256,
    started.codeVerifier ?? '',
    GOOGLE_SCOPES,
  );
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('include_granted_scopes', 'true');
  return { url: url.toString(), expiresAt: started.expiresAt.toISOString() };
}

/** A connection failure as the API's error (the card shows it in words). */
export function googleApiError(err: unknown): unknown {
  if (err instanceof GoogleConnectionUnusable)
    return new ApiError(
      err.reason === 'broken' ? 'google_calendar_broken' : 'google_calendar_not_connected',
      {
        cause: err,
      },
    );
  if (err instanceof GoogleUnavailable) return new ApiError('google_calendar_unavailable', { cause: err });
  return err;
}

async function requireConnection(deps: Deps, scope: ProviderScope): Promise<ConnectionRow> {
  const [row] = await deps.sql<ConnectionRow[]>`
    SELECT account_email, status, calendar_id, calendar_name, last_sync_error, last_sync_error_at,
           last_synced_at, created_at
    FROM google_calendar_connections WHERE ${ownedBy(deps.sql, scope, 'provider_id')}`;
  if (!row) throw new ApiError('google_calendar_not_connected');
  if (row.status === 'broken') throw new ApiError('google_calendar_broken');
  return row;
}

async function calendarsOf(deps: Deps, scope: ProviderScope): Promise<GoogleCalendarItem[]> {
  try {
    return await readCalendars((call) => googleRequest(deps, scope.providerId, call));
  } catch (err) {
    if (err instanceof GoogleUnavailable) deps.log.warn({ err }, 'Google calendar list failed');
    throw googleApiError(err);
  }
}

/** The account's calendars, read from Google now, with the one written to marked. */
export async function listGoogleCalendars(deps: Deps, scope: ProviderScope): Promise<GoogleCalendarList> {
  const row = await requireConnection(deps, scope);
  const calendars = await calendarsOf(deps, scope);
  const chosen = row.calendar_id ?? calendars.find((c) => c.primary)?.id;
  return { items: calendars.map((c) => ({ ...c, chosen: c.id === chosen })) };
}

/**
 * Chooses the calendar bookings and events are written to: one of the account's that it may write
 * (422 on `calendarId` otherwise). Upcoming events and bookings move there (queued again: the sync deletes
 * each where it was and writes it to the chosen calendar); past ones stay where they went.
 */
export async function chooseGoogleCalendar(
  deps: Deps,
  scope: ProviderScope,
  input: GoogleCalendarChoice,
): Promise<GoogleCalendarState> {
  await requireConnection(deps, scope);
  const calendars = await calendarsOf(deps, scope);
  const calendar = calendars.find((c) => c.id === input.calendarId && c.writable);
  if (!calendar)
    throw new ApiError('validation_failed', {
      fields: [{ path: 'calendarId', key: 'validation.googleCalendarNotWritable' }],
    });
  await deps.sql.begin(async (tx) => {
    await tx`
      UPDATE google_calendar_connections SET calendar_id = ${calendar.id}, calendar_name = ${calendar.summary},
        updated_at = ${deps.now()}
      WHERE ${ownedBy(tx, scope, 'provider_id')}`;
    await tx`DELETE FROM google_busy_cache WHERE ${ownedBy(tx, scope, 'provider_id')}`;
    await queueBackfill(deps, tx, scope.providerId, deps.now());
  });
  return getGoogleCalendarState(deps, scope);
}

/**
 * Disconnects: revokes the grant at Google (the refresh token, which takes its access tokens with it; a
 * failure is logged, the tokens are deleted anyway) and deletes the connection, what was synced and the
 * busy times. Events already in Google stay there. 404 without a connection.
 */
export async function disconnectGoogleCalendar(deps: Deps, scope: ProviderScope): Promise<void> {
  const [row] = await deps.sql<{ access_token_enc: Uint8Array; refresh_token_enc: Uint8Array | null }[]>`
    SELECT access_token_enc, refresh_token_enc FROM google_calendar_connections
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')}`;
  if (!row) throw new ApiError('not_found');
  const settings = googleSettings(deps.config);
  if (settings) {
    try {
      const token = row.refresh_token_enc
        ? openToken(deps, scope.providerId, 'refresh_token', row.refresh_token_enc)
        : openToken(deps, scope.providerId, 'access_token', row.access_token_enc);
      await settings.client.revokeToken(settings.endpoints.revocation, token);
    } catch (err) {
      deps.log.warn({ err }, 'Google did not confirm the revocation; the tokens are deleted anyway');
    }
  }
  await deps.sql.begin(async (tx) => {
    await tx`DELETE FROM google_calendar_synced WHERE ${ownedBy(tx, scope, 'provider_id')}`;
    await tx`DELETE FROM google_busy_cache WHERE ${ownedBy(tx, scope, 'provider_id')}`;
    await tx`DELETE FROM google_calendar_connections WHERE ${ownedBy(tx, scope, 'provider_id')}`;
  });
}
