import { assertPasswordNotCommon } from '../../auth/common-passwords';
import { hashPassword } from '../../auth/password';
import { endClientSessions } from '../../auth/portal-client/portal-session';
import { type ProviderScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';

/**
 * Sets a client's password (argon2id) for a client who cannot receive mail; the provider tells the
 * client. The password must not be a common one (422 on `password`); that and the hashing happen only
 * after the client is known to be the provider's, so another provider's client answers 404 whatever the
 * password. Every portal session of the client ends in the same transaction (ASVS 7.4.3): whoever was
 * signed in must sign in again, with the new password or a magic link.
 * @returns how many portal sessions ended
 */
export async function setClientPassword(
  sql: Sql,
  scope: ProviderScope,
  clientId: string,
  password: string,
  now: Date,
): Promise<number> {
  const [exists] =
    await sql`SELECT 1 FROM clients WHERE ${tenant(sql, scope, { provider: 'provider_id', client: 'id' })} AND id = ${clientId}`;
  if (!exists) throw new ApiError('not_found');
  assertPasswordNotCommon(password, 'password');
  const hash = await hashPassword(password);
  return sql.begin(async (tx) => {
    const [row] = await tx`
      UPDATE clients SET password_hash = ${hash}, updated_at = ${now}
      WHERE ${tenant(tx, scope, { provider: 'provider_id', client: 'id' })} AND id = ${clientId} RETURNING id`;
    if (!row) throw new ApiError('not_found');
    return endClientSessions(tx, scope.providerId, clientId);
  });
}
