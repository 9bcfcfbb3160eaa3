import {
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyCreateInput,
  type ApiKeyPage,
  type ApiKeyScope,
  type ApiKeyStatus,
} from '../../../shared/contracts/api-keys';
import { newApiKeySecret } from '../../auth/api-keys/secret';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { keyset, type SortColumn } from '../keyset';

/*
 * A provider's API keys (issue 27): list, create (the secret returned once, only its sha256 stored),
 * revoke. Account-level: only the signed-in provider's session reaches these (`access.ts`), never a key.
 */

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function statusOf(row: KeyRow, now: Date): ApiKeyStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toApiKey(row: KeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    revokedAt: iso(row.revoked_at),
    status: statusOf(row, now),
  };
}

const SORTS: Record<'createdAt', SortColumn> = { createdAt: { sql: 'k.created_at', type: 'timestamptz' } };

/** The provider's keys, newest first, a page at a time (revoked and expired ones included, marked). */
export async function listApiKeys(
  sql: Sql,
  scope: ProviderScope,
  query: { limit: number; cursor?: string | undefined },
  now: Date,
): Promise<ApiKeyPage> {
  const keys = keyset(sql, {
    columns: SORTS,
    sort: 'createdAt',
    order: 'desc',
    idColumn: 'k.id',
    cursor: query.cursor,
    limit: query.limit,
  });
  const rows = await sql<(KeyRow & { sort_key: string })[]>`
    SELECT k.id, k.name, k.prefix, k.scopes, k.created_at, k.expires_at, k.last_used_at, k.last_used_ip,
           k.revoked_at, ${keys.sortKey}
    FROM api_keys k
    WHERE ${ownedBy(sql, scope, 'k.provider_id')} ${keys.after}
    ORDER BY ${keys.orderBy}
    LIMIT ${query.limit + 1}`;
  const { rows: page, nextCursor } = keys.page(rows);
  return { items: page.map((row) => toApiKey(row, now)), nextCursor };
}

/**
 * Creates a key: at most {@link API_KEYS_MAX} live ones (not revoked, not expired) per provider, counted
 * under a per-provider lock so concurrent creations cannot pass it together; an expiry must be in the future.
 * @returns the key and its secret, which is never available again
 */
export async function createApiKey(
  sql: Sql,
  scope: ProviderScope,
  input: { name: string; expiresAt?: string | null | undefined; scopes: ApiKeyCreateInput['scopes'] },
  now: Date,
): Promise<ApiKeyCreated> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new ApiError('validation_failed', {
      fields: [{ path: 'expiresAt', key: 'validation.apiKeyExpiryPast' }],
    });
  }
  const { secret, secretHash, prefix } = newApiKeySecret();
  const scopes = [...new Set(input.scopes)];
  const row = await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`api_keys:${scope.providerId}`}, 0))`;
    const [{ live } = { live: 0 }] = await tx<{ live: number }[]>`
      SELECT count(*)::int AS live FROM api_keys k
      WHERE ${ownedBy(tx, scope, 'k.provider_id')} AND k.revoked_at IS NULL
        AND (k.expires_at IS NULL OR k.expires_at > ${now})`;
    if (live >= API_KEYS_MAX) throw new ApiError('api_key_limit', { vars: { max: API_KEYS_MAX } });
    const [created] = await tx<KeyRow[]>`
      INSERT INTO api_keys (provider_id, name, prefix, secret_hash, scopes, created_at, expires_at)
      VALUES (${scope.providerId}, ${input.name}, ${prefix}, ${secretHash}, ${scopes}, ${now}, ${expiresAt})
      RETURNING id, name, prefix, scopes, created_at, expires_at, last_used_at, last_used_ip, revoked_at`;
    if (!created) throw new Error('the key was not stored');
    return created;
  });
  return { apiKey: toApiKey(row, now), secret };
}

/** Revokes one of the provider's keys (again: no change); another provider's key answers 404. */
export async function revokeApiKey(
  sql: Sql,
  scope: ProviderScope,
  apiKeyId: string,
  now: Date,
): Promise<void> {
  const rows = await sql`
    UPDATE api_keys k SET revoked_at = coalesce(k.revoked_at, ${now})
    WHERE k.id = ${apiKeyId} AND ${ownedBy(sql, scope, 'k.provider_id')}
    RETURNING k.id`;
  if (rows.length === 0) throw new ApiError('not_found');
}
