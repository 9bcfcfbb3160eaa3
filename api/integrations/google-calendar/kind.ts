import type { AuthorisationKind } from '../kinds';
import { type GoogleCalendarItem, readCalendarList } from './calendars';
import { queueBackfill } from './sync';
import { requireSettings, tokenColumns } from './tokens';

/**
 * The Google Calendar authorisation (`/calendar-oauth-callback` → `POST /api/integrations/callback`):
 * exchanges the code with the PKCE verifier, finds the account (its primary calendar's id is its e-mail
 * address), and stores the tokens encrypted. Connecting again (after a broken grant, or another account)
 * replaces the tokens; another account also forgets the chosen calendar and what was synced to the old one.
 * Then the provider's current and coming events and bookings are queued for the calendar (at most
 * `BACKFILL_LIMIT` of each, the soonest first; every later change queues its own sync).
 */
export const googleCalendarKind: AuthorisationKind = {
  name: 'google_calendar',
  async complete({ deps, tx, scope, code, codeVerifier }) {
    const settings = requireSettings(deps);
    const tokens = await settings.client.validateAuthorizationCode(
      settings.endpoints.token,
      code,
      codeVerifier,
    );
    const calendars: GoogleCalendarItem[] = await readCalendarList(deps, tokens.accessToken());
    const account = calendars.find((c) => c.primary)?.id ?? null;
    const columns = tokenColumns(deps, scope.providerId, tokens, deps.now);
    const [previous] = await tx<{ account_email: string | null }[]>`
      SELECT account_email FROM google_calendar_connections WHERE provider_id = ${scope.providerId} FOR UPDATE`;
    const sameAccount = previous !== undefined && previous.account_email === account;
    if (previous && !sameAccount)
      await tx`DELETE FROM google_calendar_synced WHERE provider_id = ${scope.providerId}`;
    await tx`DELETE FROM google_busy_cache WHERE provider_id = ${scope.providerId}`;
    await tx`
      INSERT INTO google_calendar_connections (provider_id, account_email, access_token_enc, refresh_token_enc,
        access_token_expires_at, created_at, updated_at)
      VALUES (${scope.providerId}, ${account}, ${columns.access_token_enc}, ${columns.refresh_token_enc},
        ${columns.access_token_expires_at}, ${deps.now}, ${deps.now})
      ON CONFLICT (provider_id) DO UPDATE SET
        account_email = EXCLUDED.account_email,
        access_token_enc = EXCLUDED.access_token_enc,
        refresh_token_enc = COALESCE(EXCLUDED.refresh_token_enc, google_calendar_connections.refresh_token_enc),
        access_token_expires_at = EXCLUDED.access_token_expires_at,
        calendar_id = CASE WHEN ${sameAccount} THEN google_calendar_connections.calendar_id END,
        calendar_name = CASE WHEN ${sameAccount} THEN google_calendar_connections.calendar_name END,
        status = 'connected', broken_at = NULL, last_sync_error = NULL, last_sync_error_at = NULL,
        created_at = CASE WHEN ${sameAccount} THEN google_calendar_connections.created_at ELSE EXCLUDED.created_at END,
        updated_at = EXCLUDED.updated_at`;
    await queueBackfill(deps, tx, scope.providerId, deps.now);
  },
};
