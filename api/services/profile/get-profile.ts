import type { Profile } from '../../../shared/contracts/profile';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';

export interface ProfileRow {
  full_name: string;
  business_name: string | null;
  website: string | null;
  preferred_language: 'en' | 'de';
  currency: string | null;
  time_zone: string | null;
  email: string;
}

/** The wire shape of a profile row. */
export function toProfile(row: ProfileRow): Profile {
  return {
    fullName: row.full_name,
    businessName: row.business_name,
    website: row.website,
    preferredLanguage: row.preferred_language,
    currency: row.currency,
    timeZone: row.time_zone,
    email: row.email,
  };
}

/**
 * The provider's own profile (spec §7: read profiles by user_id).
 * @throws `profile_not_found` ("Profile not found", spec §8) when the user has no profile row
 */
export async function getProfile(sql: Sql, scope: ProviderScope): Promise<Profile> {
  const [row] = await sql<ProfileRow[]>`
    SELECT p.full_name, p.business_name, p.website, p.preferred_language, p.currency, p.time_zone, u.email
    FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE ${ownedBy(sql, scope, 'p.user_id')}`;
  if (!row) throw new ApiError('profile_not_found');
  return toProfile(row);
}
