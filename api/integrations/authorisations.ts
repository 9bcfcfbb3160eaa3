import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { AuthorisationCallback, AuthorisationOutcome } from '../../shared/contracts/integrations';
import { ownedBy, type ProviderScope } from '../auth/scope';
import type { Sql, Tx } from '../db/client';
import { ApiError } from '../http/errors';
import { AUTHORISATION_KINDS, type AuthorisationDeps, type AuthorisationKind } from './kinds';

/*
 * The one mechanism an integration's OAuth authorisation returns through (`/integrations/callback`):
 * `beginAuthorisation` makes a random `state` for the authorisation URL and stores only its SHA-256, bound
 * to the provider and the integration, valid for 10 minutes and used once; `completeAuthorisation` takes
 * what the authorisation server sent back, checks the state against the caller's own authorisations
 * (another provider's state is as unknown as a made-up one), spends it, and lets the integration's kind
 * (`kinds.ts`) finish with the code. The PKCE verifier is kept encrypted with a key derived from the state,
 * which only the browser's return carries: the table alone does not reveal it.
 */

/** How long a started authorisation may take to come back. */
export const AUTHORISATION_TTL_MS = 10 * 60_000;

/** The OAuth `error` of a user who said no (RFC 6749 §4.1.2.1). */
const DENIED = 'access_denied';

const hashState = (state: string): Buffer => createHash('sha256').update(state, 'utf8').digest();

/** The key that seals the PKCE verifier: the state itself, which the database never holds. */
const verifierKey = (state: string): Buffer =>
  createHash('sha256').update(`integration-pkce-verifier\0${state}`, 'utf8').digest();

function sealVerifier(state: string, verifier: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', verifierKey(state), iv);
  const body = Buffer.concat([cipher.update(verifier, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function openVerifier(state: string, sealed: Uint8Array): string {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', verifierKey(state), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

export interface StartedAuthorisation {
  /** Goes into the authorisation URL as `state` (43 characters of base64url, 256 random bits). */
  state: string;
  /** The PKCE `code_verifier` (RFC 7636), whose S256 challenge goes into the URL; null without PKCE. */
  codeVerifier: string | null;
  expiresAt: Date;
}

/**
 * Starts an authorisation of `kind` for the provider: the state (and, with `pkce`, a code verifier) the
 * integration puts into its authorisation URL, whose redirect URI is `<PUBLIC_URL>/integrations/callback`.
 * @example const { state, codeVerifier } = await beginAuthorisation(tx, scope, googleCalendar, { now: deps.now(), pkce: true })
 */
export async function beginAuthorisation(
  tx: Sql | Tx,
  scope: ProviderScope,
  kind: Pick<AuthorisationKind, 'name'>,
  opts: { now: Date; pkce?: boolean },
): Promise<StartedAuthorisation> {
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = opts.pkce ? randomBytes(32).toString('base64url') : null;
  const expiresAt = new Date(opts.now.getTime() + AUTHORISATION_TTL_MS);
  await tx`
    INSERT INTO integration_authorisations (provider_id, integration, state_hash, code_verifier_enc, created_at, expires_at)
    VALUES (${scope.providerId}, ${kind.name}, ${hashState(state)},
            ${codeVerifier ? sealVerifier(state, codeVerifier) : null}, ${opts.now}, ${expiresAt})`;
  return { state, codeVerifier, expiresAt };
}

interface AuthorisationRow {
  id: string;
  integration: string;
  code_verifier_enc: Uint8Array | null;
  expires_at: Date;
  used_at: Date | null;
}

type Outcome = AuthorisationOutcome['outcome'];

/**
 * The return of an authorisation: the state must be one of the caller's own (404
 * `authorisation_state_invalid` otherwise, also for another provider's), unused (409
 * `authorisation_state_used`) and not expired (409 `authorisation_state_expired`). It is spent at once;
 * then a denial (`error=access_denied`) or another error of the authorisation server is reported as such,
 * and a code is handed to the integration's kind to finish (its failure is reported, not thrown: the code
 * cannot be used twice anyway).
 */
export async function completeAuthorisation(
  deps: AuthorisationDeps,
  tx: Tx,
  scope: ProviderScope,
  input: AuthorisationCallback,
  kinds: readonly AuthorisationKind[] = AUTHORISATION_KINDS,
): Promise<AuthorisationOutcome> {
  const [row] = await tx<AuthorisationRow[]>`
    SELECT id, integration, code_verifier_enc, expires_at, used_at FROM integration_authorisations
    WHERE state_hash = ${hashState(input.state)} AND ${ownedBy(tx, scope, 'provider_id')}
    FOR UPDATE`;
  if (!row) throw new ApiError('authorisation_state_invalid');
  if (row.used_at) throw new ApiError('authorisation_state_used');
  if (new Date(row.expires_at).getTime() <= deps.now.getTime())
    throw new ApiError('authorisation_state_expired');

  const report = async (outcome: Outcome): Promise<AuthorisationOutcome> => {
    await tx`
      UPDATE integration_authorisations SET used_at = ${deps.now}, outcome = ${outcome}, code_verifier_enc = NULL
      WHERE id = ${row.id}`;
    return {
      integration: row.integration,
      outcome,
      error: input.error ?? null,
      errorDescription: input.error ? (input.errorDescription ?? null) : null,
    };
  };

  if (input.error) return report(input.error === DENIED ? 'denied' : 'failed');
  const kind = kinds.find((k) => k.name === row.integration);
  if (!input.code || !kind) {
    if (!kind)
      deps.log.warn({ integration: row.integration }, 'authorisation of an unregistered integration');
    return report('failed');
  }
  const codeVerifier = row.code_verifier_enc ? openVerifier(input.state, row.code_verifier_enc) : null;
  try {
    // A savepoint: what the kind wrote before failing is undone, the spent state stays spent.
    await tx.savepoint((sp) => kind.complete({ deps, tx: sp, scope, code: input.code ?? '', codeVerifier }));
  } catch (err) {
    deps.log.warn({ err, integration: row.integration }, 'an integration could not finish its authorisation');
    return report('failed');
  }
  return report('connected');
}
