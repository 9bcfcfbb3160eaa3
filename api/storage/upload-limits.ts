import type { Context } from 'hono';
import type { Scope } from '../auth/scope';
import type { AppEnv } from '../http/context';
import { enforceRateLimit, type RateLimitRule } from '../http/rate-limit';

/**
 * Uploads (project files, their new versions, portal logos) per uploader: a provider (whatever the
 * credential: session or API key) or a portal client, counted in the shared `rate_limits` table, so every
 * instance counts against the same budget (issue 31). A person dropping a folder of files stays well
 * inside the minute's 60; a script looping on the route is stopped there, and at 600 an hour.
 */
export const UPLOAD_LIMITS = {
  perMinute: { name: 'upload:minute', limit: 60, windowMs: 60_000 },
  perHour: { name: 'upload:hour', limit: 600, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts one upload of the scope's uploader, before its body is read: 429 `rate_limited` with
 * `Retry-After` past a limit (the minute's first; a refused upload does not count towards the hour).
 * Call it after the access check, so a request for another tenant's project answers 404 and counts nothing.
 * @example await enforceUploadLimit(c, scope)
 */
export async function enforceUploadLimit(c: Context<AppEnv>, scope: Scope): Promise<void> {
  const uploader = scope.kind === 'client' ? `client:${scope.clientId}` : `provider:${scope.providerId}`;
  await enforceRateLimit(c, UPLOAD_LIMITS.perMinute, uploader);
  await enforceRateLimit(c, UPLOAD_LIMITS.perHour, uploader);
}
