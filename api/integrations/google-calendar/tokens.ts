import { OAuth2RequestError, type OAuth2Tokens } from 'arctic';
import type { Sql, Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { decryptSecret, encryptSecret, paymentSecretsKey } from '../../payments/secrets';
import { type GoogleSettings, googleSettings } from './settings';

/*
 * The stored tokens of a provider's Google connection: encrypted at rest with PAYMENT_SECRETS_KEY (the
 * Stripe keys' helpers), each bound by its associated data to the provider and the column
 * (`google-calendar:<providerId>:access_token`), so a ciphertext copied elsewhere does not decrypt.
 * `validAccessToken` refreshes a token that expires within a minute (or that Google just refused), under
 * the connection row's lock so that two workers never both spend the refresh token; Google refusing the
 * refresh token (`invalid_grant`: revoked, expired, password changed) marks the connection broken.
 */

export type TokenDeps = Pick<AppDeps, 'config' | 'sql' | 'now'>;

/** The connection cannot be used until the provider connects again (or there is none). */
export class GoogleConnectionUnusable extends Error {
  constructor(readonly reason: 'not_connected' | 'broken') {
    super(`Google Calendar connection ${reason}`);
  }
}

/** Google (or the network to it) failed; worth trying again later. */
export class GoogleUnavailable extends Error {}

const REFRESH_MARGIN_MS = 60_000;

export const tokenContext = (providerId: string, name: 'access_token' | 'refresh_token') =>
  `google-calendar:${providerId}:${name}`;

export function sealToken(
  deps: Pick<AppDeps, 'config'>,
  providerId: string,
  name: 'access_token' | 'refresh_token',
  token: string,
) {
  return encryptSecret(paymentSecretsKey(deps.config), token, tokenContext(providerId, name));
}

export function openToken(
  deps: Pick<AppDeps, 'config'>,
  providerId: string,
  name: 'access_token' | 'refresh_token',
  stored: Uint8Array,
) {
  return decryptSecret(paymentSecretsKey(deps.config), stored, tokenContext(providerId, name));
}

/** The columns a token response updates (a refresh may or may not bring a new refresh token). */
export function tokenColumns(
  deps: Pick<AppDeps, 'config'>,
  providerId: string,
  tokens: OAuth2Tokens,
  now: Date,
) {
  const data = tokens.data as { expires_in?: unknown };
  const expiresIn = typeof data.expires_in === 'number' ? data.expires_in : 3600;
  return {
    access_token_enc: sealToken(deps, providerId, 'access_token', tokens.accessToken()),
    refresh_token_enc: tokens.hasRefreshToken()
      ? sealToken(deps, providerId, 'refresh_token', tokens.refreshToken())
      : null,
    access_token_expires_at: new Date(now.getTime() + expiresIn * 1000),
  };
}

interface TokenRow {
  status: 'connected' | 'broken';
  access_token_enc: Uint8Array;
  refresh_token_enc: Uint8Array | null;
  access_token_expires_at: Date;
}

/** The Google settings, or the connection is unusable because the server has none. */
export function requireSettings(deps: Pick<AppDeps, 'config'>): GoogleSettings {
  const settings = googleSettings(deps.config);
  if (!settings) throw new GoogleConnectionUnusable('not_connected');
  return settings;
}

/**
 * An access token for the provider's connection that Google should accept: the stored one while it is
 * valid for more than a minute, else a refreshed one. `refused` is a token Google just answered 401 to:
 * refreshed unless another worker already replaced it.
 * @throws GoogleConnectionUnusable without a usable connection (refresh refused: now marked broken)
 * @throws GoogleUnavailable when the token endpoint cannot be reached or fails
 */
export async function validAccessToken(
  deps: TokenDeps,
  providerId: string,
  refused?: string,
): Promise<string> {
  const settings = requireSettings(deps);
  const outcome = await deps.sql.begin(async (tx): Promise<RefreshOutcome> => {
    const [row] = await tx<TokenRow[]>`
      SELECT status, access_token_enc, refresh_token_enc, access_token_expires_at
      FROM app_google_tokens_for_update(${providerId})`;
    if (!row) return { kind: 'unusable', reason: 'not_connected' };
    if (row.status === 'broken') return { kind: 'unusable', reason: 'broken' };
    const current = openToken(deps, providerId, 'access_token', row.access_token_enc);
    const fresh = new Date(row.access_token_expires_at).getTime() - deps.now().getTime() > REFRESH_MARGIN_MS;
    if (fresh && current !== refused) return { kind: 'token', token: current };
    if (!row.refresh_token_enc) return markBroken(tx, deps, providerId);
    const refreshToken = openToken(deps, providerId, 'refresh_token', row.refresh_token_enc);
    let tokens: OAuth2Tokens;
    try {
      tokens = await settings.client.refreshAccessToken(settings.endpoints.token, refreshToken, []);
    } catch (err) {
      if (err instanceof OAuth2RequestError && err.code === 'invalid_grant')
        return markBroken(tx, deps, providerId);
      return { kind: 'unavailable', error: err };
    }
    const columns = tokenColumns(deps, providerId, tokens, deps.now());
    await tx`
      SELECT app_google_tokens_store(${providerId}, ${columns.access_token_enc}, ${columns.refresh_token_enc},
        ${columns.access_token_expires_at}, ${deps.now()})`;
    return { kind: 'token', token: tokens.accessToken() };
  });
  if (outcome.kind === 'token') return outcome.token;
  if (outcome.kind === 'unusable') throw new GoogleConnectionUnusable(outcome.reason);
  throw new GoogleUnavailable('the Google token endpoint failed', { cause: outcome.error });
}

/** Google refused the grant: the connection is kept (so the page can say "reconnect") but not used. */
type RefreshOutcome =
  | { kind: 'token'; token: string }
  | { kind: 'unusable'; reason: 'not_connected' | 'broken' }
  | { kind: 'unavailable'; error: unknown };

async function markBroken(
  tx: Tx | Sql,
  deps: Pick<AppDeps, 'now'>,
  providerId: string,
): Promise<RefreshOutcome> {
  await tx`SELECT app_google_mark_broken(${providerId}, ${deps.now()})`;
  return { kind: 'unusable', reason: 'broken' };
}
