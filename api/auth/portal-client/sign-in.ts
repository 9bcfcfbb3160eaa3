import type { PortalSession } from '../../../shared/contracts/portal-client';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import { dummyHash, verifyPassword } from '../password';
import { clientInPortal, clientsByEmail, type SignInClientRow } from './find-clients';
import { consumeMagicLink, findMagicLink } from './magic-link';
import { recordPortalEvent } from './portal-events';
import { createPortalSession, type SignInMethod } from './portal-session';

/**
 * Spec §7 `client_has_password`: whether the login page should offer password sign-in for this e-mail
 * (in the portal, or in any portal without one).
 */
export async function clientHasPassword(
  sql: Sql,
  input: { email: string; portalId?: string | undefined },
): Promise<boolean> {
  const clients = await clientsByEmail(sql, input.email, input.portalId);
  return clients.some((client) => client.password_hash !== null);
}

/**
 * Spec §7 `authenticate_client_password`: the client whose password matches, else `invalid_credentials`
 * (the spec's "Invalid Credentials" with the server's text). Unknown addresses and clients without a
 * password still pay one argon2 verification, so timing does not tell them apart.
 */
export async function authenticateClientPassword(
  sql: Sql,
  input: { email: string; password: string; portalId?: string | undefined },
): Promise<SignInClientRow> {
  const clients = await clientsByEmail(sql, input.email, input.portalId);
  const withPassword = clients.filter((client) => client.password_hash !== null);
  if (withPassword.length === 0) {
    await verifyPassword(await dummyHash(), input.password);
    throw new ApiError('invalid_credentials');
  }
  for (const client of withPassword) {
    if (await verifyPassword(client.password_hash ?? '', input.password)) return client;
  }
  throw new ApiError('invalid_credentials');
}

/**
 * The client a magic-link token signs in (by POST only, so mail scanners that GET the link cannot burn
 * it), and the step that uses the token up: `startPortalSession` runs it in the session's transaction, so
 * a session that cannot be stored leaves the link usable. Of two concurrent clicks only one gets past it.
 * @throws `invalid_token` for an unknown, used, superseded, expired or wrong-portal token, or when the
 * client has since been deleted or moved to another portal (from `spend` too, for a click that lost)
 */
export async function magicLinkSignIn(
  sql: Sql,
  token: string,
  portalId: string | undefined,
  now: Date,
): Promise<{ client: SignInClientRow; spend: (tx: Tx) => Promise<void> }> {
  const link = await findMagicLink(sql, token, now, portalId);
  const client = link ? await clientInPortal(sql, link.clientId, link.portalId) : null;
  if (!client) throw new ApiError('invalid_token');
  const spend = async (tx: Tx) => {
    const consumed = await consumeMagicLink(tx, token, now, portalId);
    if (consumed?.clientId !== client.id) throw new ApiError('invalid_token');
  };
  return { client, spend };
}

/**
 * Starts the client's 7-day portal session, records the login in `portal_events` (metadata `method`) and
 * returns what the portal stores as `portal_client_session`. With `spend`, the credential that signs the
 * client in is spent in the same transaction as the session is stored: either both happen or neither
 * (a session that cannot be stored leaves the credential usable; `spend` throws to refuse it).
 */
export async function startPortalSession(
  sql: Sql,
  log: Logger,
  client: SignInClientRow,
  method: SignInMethod,
  now: Date,
  meta: { userAgent?: string | undefined; ip?: string | undefined },
  spend?: (tx: Tx) => Promise<void>,
): Promise<PortalSession> {
  const who = { id: client.id, portalId: client.portal_id, providerId: client.provider_id };
  const { token, auth } = spend
    ? await sql.begin(async (tx) => {
        await spend(tx);
        return createPortalSession(tx, who, method, now, meta);
      })
    : await createPortalSession(sql, who, method, now, meta);
  await recordPortalEvent(
    sql,
    log,
    { providerId: client.provider_id, portalId: client.portal_id, clientId: client.id },
    { type: 'login', metadata: { method } },
  );
  return {
    client: auth.client,
    token,
    expiresAt: auth.expiresAt.toISOString(),
    createdAt: auth.createdAt.toISOString(),
  };
}
