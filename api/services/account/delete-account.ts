import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import type { Logger } from '../../http/logger';
import type { JobQueue } from '../../jobs/queue';
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
 * once they are gone no request can reach a file, so a storage failure does not fail the deletion. The
 * `delete_provider_files` job is enqueued in the deletion's transaction and the files are also removed at
 * once: when storage fails now (logged with what to retry), the job removes them later, with backoff; when
 * it does not, the job finds nothing left. Its sending domain at Resend goes the same way (a
 * `remove_mail_domain` job from the same transaction).
 */
export async function deleteAccount(
  { sql, store, log, jobs }: { sql: Sql; store: FileStore; log: Logger; jobs: JobQueue },
  scope: ProviderScope,
  password: string,
): Promise<void> {
  const userId = scope.providerId;
  await verifyCurrentPassword(sql, userId, password, 'password');
  const outside = await sql.begin(async (tx) => {
    const mailDomains = await tx<{ resend_domain_id: string }[]>`
      SELECT resend_domain_id FROM mail_domains WHERE ${ownedBy(tx, scope, 'provider_id')}`;
    const logos = await tx<{ logo_path: string }[]>`
      SELECT logo_path FROM client_portals WHERE ${ownedBy(tx, scope, 'provider_id')} AND logo_path IS NOT NULL`;
    const [user] = await tx<
      { email: string }[]
    >`DELETE FROM users WHERE ${ownedBy(tx, scope, 'id')} RETURNING email`;
    if (user) await tx`DELETE FROM outbox_emails WHERE to_address = ${user.email}`;
    const keys = logos.map((l) => l.logo_path).filter((key) => !key.startsWith(providerPrefix(userId)));
    await jobs.enqueue(tx, 'delete_provider_files', { providerId: userId, keys });
    for (const { resend_domain_id } of mailDomains) {
      await jobs.enqueue(tx, 'remove_mail_domain', { resendDomainId: resend_domain_id });
    }
    return keys;
  });
  await cleanUpAfterCommit(log, { deleteProviderFiles: { providerId: userId, keys: outside } }, () =>
    deleteProviderFiles(store, userId, outside),
  );
}
