import { verifyPassword } from '../../auth/password';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';

/**
 * Re-checks the signed-in user's password before a sensitive change (password, account deletion), so a
 * borrowed or stolen session alone cannot lock the owner out or erase their data.
 * @param field the input field the error points at, so the form can highlight it
 * @throws `wrong_password` (422, with `fields`) when it does not match
 */
export async function verifyCurrentPassword(
  sql: Sql,
  userId: string,
  password: string,
  field: string,
): Promise<void> {
  const [user] = await sql<{ password_hash: string }[]>`SELECT password_hash FROM users WHERE id = ${userId}`;
  if (!user) throw new ApiError('unauthorized');
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new ApiError('wrong_password', { fields: [{ path: field, key: 'errors.wrong_password' }] });
  }
}
