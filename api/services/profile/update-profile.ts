import type { z } from 'zod';
import type { Profile, ProfileUpdateInput } from '../../../shared/contracts/profile';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { getProfile, type ProfileRow, toProfile } from './get-profile';

type Changes = z.output<typeof ProfileUpdateInput>;

const COLUMNS = {
  fullName: 'full_name',
  businessName: 'business_name',
  website: 'website',
  preferredLanguage: 'preferred_language',
  currency: 'currency',
  timeZone: 'time_zone',
} as const satisfies Record<keyof Changes, string>;

/**
 * Changes only the fields present in `changes` (spec §7: update profiles by user_id) and returns the
 * whole profile, in one statement.
 * @throws `profile_not_found` when the user has no profile row
 */
export async function updateProfile(
  sql: Sql,
  scope: ProviderScope,
  changes: Changes,
  now: Date,
): Promise<Profile> {
  const values: Record<string, string | null | Date> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = changes[field as keyof Changes];
    if (value !== undefined) values[column] = value;
  }
  if (Object.keys(values).length === 0) return getProfile(sql, scope);
  values.updated_at = now;
  const [row] = await sql<ProfileRow[]>`
    UPDATE profiles p SET ${sql(values)}
    FROM users u
    WHERE ${ownedBy(sql, scope, 'p.user_id')} AND u.id = p.user_id
    RETURNING p.full_name, p.business_name, p.website, p.preferred_language, p.currency, p.time_zone, u.email`;
  if (!row) throw new ApiError('profile_not_found');
  return toProfile(row);
}
