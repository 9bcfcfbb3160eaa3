import { z } from 'zod';
import { text, Uuid } from './common';
import { PageQuery, pageOf } from './paging';

/*
 * API keys (issue 27): a provider's keys for their own scripts and tools, sent as
 * `Authorization: Bearer cp_live_…`. A key holds scopes `<family>:read` / `<family>:write` (write implies
 * read). The families are THIS list: a later family is one line here (and its path prefixes in
 * `api/auth/api-keys/access.ts`).
 */

/** The resource families a key can be given access to, in the order the interface shows them. */
export const API_KEY_FAMILIES = [
  'clients',
  'projects',
  'messages',
  'files',
  'invoices',
  'webhooks',
  'analytics',
  'calendar',
] as const;
export type ApiKeyFamily = (typeof API_KEY_FAMILIES)[number];

/**
 * Families with reads only (issue 29: the analytics): the dialog offers no write for them; a key given
 * `<family>:write` anyway reads with it (write implies read), nothing more.
 */
export const READ_ONLY_FAMILIES: ReadonlySet<ApiKeyFamily> = new Set(['analytics']);

/** Every scope a key may hold: `<family>:read` and `<family>:write`. */
export const API_KEY_SCOPES = API_KEY_FAMILIES.flatMap((family) => [
  `${family}:read` as const,
  `${family}:write` as const,
]);
export type ApiKeyScope = `${ApiKeyFamily}:${'read' | 'write'}`;

/** What a scope list allows for one family: nothing, reading, or reading and writing. */
export type ApiKeyAccess = 'none' | 'read' | 'write';

/** A family's access from a key's scopes (write implies read). */
export function accessOf(scopes: readonly string[], family: ApiKeyFamily): ApiKeyAccess {
  if (scopes.includes(`${family}:write`)) return 'write';
  return scopes.includes(`${family}:read`) ? 'read' : 'none';
}

/** Whether scopes allow `family` for a read or a write. */
export function scopesAllow(scopes: readonly string[], family: ApiKeyFamily, write: boolean): boolean {
  const access = accessOf(scopes, family);
  return write ? access === 'write' : access !== 'none';
}

/** The scope list of a per-family choice (what the create dialog sends). */
export function scopesOf(access: Partial<Record<ApiKeyFamily, ApiKeyAccess>>): ApiKeyScope[] {
  return API_KEY_FAMILIES.flatMap((family): ApiKeyScope[] => {
    const chosen = access[family] ?? 'none';
    return chosen === 'none' ? [] : [`${family}:${chosen}`];
  });
}

/** The visible start of every secret; the rest is 43 base62 characters (256 bits). */
export const API_KEY_SECRET_PREFIX = 'cp_live_';
/** The most keys (revoked ones not counted) one provider may have. */
export const API_KEYS_MAX = 25;
export const API_KEY_NAME_MAX = 80;

export const ApiKeyScopeSchema = z
  .enum(API_KEY_SCOPES as [ApiKeyScope, ...ApiKeyScope[]], { error: 'validation.apiKeyScopeInvalid' })
  .meta({
    description: '`<family>:read` or `<family>:write` (write implies read).',
    example: 'clients:read',
  });

export const ApiKeyStatus = z
  .enum(['active', 'expired', 'revoked'])
  .meta({ description: 'Whether the key is accepted now.' });
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>;

export const ApiKey = z
  .object({
    id: Uuid(),
    name: text(),
    prefix: text().meta({
      description: 'The start of the secret, to recognise the key (the secret itself is never shown again).',
      example: 'cp_live_3kTq9Z',
    }),
    scopes: z.array(ApiKeyScopeSchema),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'Last accepted request (recorded at most once a minute).' }),
    lastUsedIp: text().nullable().meta({ description: 'Address of that request.', example: '203.0.113.7' }),
    revokedAt: z.iso.datetime().nullable(),
    status: ApiKeyStatus,
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

const apiKeyExample = {
  id: '6f7a1c2e-0000-4000-8000-000000000001',
  name: 'Zapier',
  prefix: 'cp_live_3kTq9Z',
  scopes: ['clients:read', 'projects:write'],
  createdAt: '2026-12-01T09:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-12-07T08:41:00.000Z',
  lastUsedIp: '203.0.113.7',
  revokedAt: null,
  status: 'active',
};

export const ApiKeyListQuery = z.object({ ...PageQuery });

export const ApiKeyPage = pageOf(ApiKey).meta({
  id: 'ApiKeyPage',
  example: { items: [apiKeyExample], nextCursor: null },
});
export type ApiKeyPage = z.infer<typeof ApiKeyPage>;

export const ApiKeyCreateInput = z
  .object({
    name: text({ error: 'validation.apiKeyNameRequired' })
      .trim()
      .min(1, { error: 'validation.apiKeyNameRequired' })
      .max(API_KEY_NAME_MAX, { error: 'validation.apiKeyNameTooLong' }),
    expiresAt: z.iso
      .datetime({ offset: true, error: 'validation.dateInvalid' })
      .max(40, { error: 'validation.dateInvalid' })
      .nullable()
      .optional()
      .meta({ description: 'When the key stops working (must be in the future); null or absent: never.' }),
    scopes: z
      .array(ApiKeyScopeSchema)
      .min(1, { error: 'validation.apiKeyScopesRequired' })
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'validation.apiKeyScopeInvalid' }),
  })
  .meta({
    id: 'ApiKeyCreateInput',
    example: { name: 'Zapier', expiresAt: null, scopes: ['clients:read', 'projects:write'] },
  });
export type ApiKeyCreateInput = z.input<typeof ApiKeyCreateInput>;

export const ApiKeyCreated = z
  .object({
    apiKey: ApiKey,
    secret: text().meta({
      description: 'The key itself, shown this once: send it as `Authorization: Bearer <secret>`.',
      example: 'cp_live_3kTq9ZbX0f8LwQe2mN7rT1yU4iO6pA9sD5gH3jK8lZ0',
    }),
  })
  .meta({
    id: 'ApiKeyCreated',
    example: {
      apiKey: { ...apiKeyExample, lastUsedAt: null, lastUsedIp: null },
      secret: 'cp_live_3kTq9ZbX0f8LwQe2mN7rT1yU4iO6pA9sD5gH3jK8lZ0',
    },
  });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const ApiKeyParams = z.object({ keyId: Uuid({ error: 'validation.invalid' }) });
