import type { Sql } from '../../db/client';
import type { Logger } from '../../http/logger';
import { providerPrefix } from '../../storage/keys';
import { cleanUpAfterCommit, deleteProviderFiles } from '../../storage/provider-files';
import type { FileStore } from '../../storage/store';
import { verifyCurrentPassword } from './verify-current-password';

/**
 * Deletes the provider after re-checking the password. Every tenant-owned row references `users(id)`
 * with ON DELETE CASCADE (sessions, profile, portals, clients, projects, invoices, portal events), so one
 * DELETE removes all of it atomically; the mail log addressed to the account goes in the same transaction.
 *
 * Then its files: everything under its storage prefix (`providers/<id>/`: portal logos, and whatever later
 * features store there) and the logos kept outside it (stored before migration 0010). The rows go first:
 * once they are gone no request can reach a file, so a storage failure does not fail the deletion; it is
 * logged with the provider id and keys for `deleteProviderFiles` to be run again.
 */
export async function deleteAccount(
  { sql, store, log }: { sql: Sql; store: FileStore; log: Logger },
  userId: string,
  password: string,
): Promise<void> {
  await verifyCurrentPassword(sql, userId, password, 'password');
  const outside = await sql.begin(async (tx) => {
    const logos = await tx<{ logo_path: string }[]>`
      SELECT logo_path FROM client_portals WHERE provider_id = ${userId} AND logo_path IS NOT NULL`;
    const [user] = await tx<{ email: string }[]>`DELETE FROM users WHERE id = ${userId} RETURNING email`;
    if (user) await tx`DELETE FROM outbox_emails WHERE to_address = ${user.email}`;
    return logos.map((l) => l.logo_path).filter((key) => !key.startsWith(providerPrefix(userId)));
  });
  await cleanUpAfterCommit(log, { deleteProviderFiles: { providerId: userId, keys: outside } }, () =>
    deleteProviderFiles(store, userId, outside),
  );
}
