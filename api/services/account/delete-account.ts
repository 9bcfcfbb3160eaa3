import type { Sql } from '../../db/client';
import { verifyCurrentPassword } from './verify-current-password';

/**
 * Deletes the provider after re-checking the password. Every tenant-owned row references `users(id)`
 * with ON DELETE CASCADE (sessions, profile, portals, clients, projects, invoices, portal events), so one
 * DELETE removes all of it atomically; the mail log addressed to the account goes in the same transaction.
 */
export async function deleteAccount(sql: Sql, userId: string, password: string): Promise<void> {
  await verifyCurrentPassword(sql, userId, password, 'password');
  await sql.begin(async (tx) => {
    const [user] = await tx<{ email: string }[]>`DELETE FROM users WHERE id = ${userId} RETURNING email`;
    if (user) await tx`DELETE FROM outbox_emails WHERE to_address = ${user.email}`;
  });
}
