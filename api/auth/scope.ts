import type { Context } from 'hono';
import type { Sql, Tx } from '../db/client';
import type { AppEnv } from '../http/context';
import { providerOf } from './middleware';
import { portalClientOf } from './portal-client/middleware';
import type { PortalAuth } from './portal-client/portal-session';

/**
 * The caller of a request, as the auth middlewares established it from the credential (never from the
 * request body): a provider, or a signed-in client of one portal of one provider. Services take it with
 * their transaction, `(tx, scope, input)`, and build their tenant condition with `tenant()` or `ownedBy()`,
 * never by hand (`api/services/scope-discipline.test.ts` forbids a raw `provider_id = ${…}`), so a query
 * cannot forget it; a resource both audiences see (project, message, activity) is served to either scope
 * by the same service.
 */
export type Scope = ProviderScope | ClientScope;

export interface ProviderScope {
  kind: 'provider';
  providerId: string;
  sessionId: string;
  /** How the request was authenticated: the session cookie, or an API key (`keyId`; no session then). Absent for work without a request. */
  credential?: 'session' | 'key';
  keyId?: string;
}

export interface ClientScope {
  kind: 'client';
  providerId: string;
  portalId: string;
  clientId: string;
  clientName: string;
  sessionId: string;
}

/** The signed-in provider's scope, behind `requireProvider`. */
export function providerScope(c: Context<AppEnv>): ProviderScope {
  const { userId, sessionId, keyId } = providerOf(c);
  return keyId
    ? { kind: 'provider', providerId: userId, sessionId, credential: 'key', keyId }
    : { kind: 'provider', providerId: userId, sessionId, credential: 'session' };
}

/** The signed-in portal client's scope, behind `requirePortalClient`. */
export function clientScope(c: Context<AppEnv>): ClientScope {
  return scopeOfPortalSession(portalClientOf(c));
}

/** The scope of a validated portal session (the widget handoff starts one without a request scope). */
export function scopeOfPortalSession(
  auth: Pick<PortalAuth, 'providerId' | 'client'> & { sessionId?: string },
): ClientScope {
  return {
    kind: 'client',
    providerId: auth.providerId,
    portalId: auth.client.portalId,
    clientId: auth.client.id,
    clientName: auth.client.name,
    sessionId: auth.sessionId ?? '',
  };
}

/**
 * The scope of work that runs without a request for one provider: a job (the digest, previews, a purge),
 * given the provider id its payload carries, which the enqueuing request wrote from its own scope; or a
 * shared writer (`recordActivity`) whose caller passes its scope's provider. There is no session. Only the
 * modules allow-listed in `api/services/scope-discipline.test.ts` call it, each with its reason.
 * @example const scope = actingFor(payload.providerId); sql`… WHERE ${ownedBy(sql, scope, 'provider_id')}`
 */
export function actingFor(providerId: string): ProviderScope {
  return { kind: 'provider', providerId, sessionId: '' };
}

/**
 * The tenant condition of a row for a scope: always the provider, and for a client also the row's client.
 * `columns` name the row's provider and client columns (e.g. `p.provider_id`, `p.client_id`).
 * @example sql`SELECT … FROM projects p WHERE ${tenant(sql, scope, { provider: 'p.provider_id', client: 'p.client_id' })}`
 */
export function tenant(sql: Sql | Tx, scope: Scope, columns: { provider: string; client: string }) {
  const provider = sql`${sql(columns.provider)} = ${scope.providerId}`;
  return scope.kind === 'client' ? sql`${provider} AND ${sql(columns.client)} = ${scope.clientId}` : provider;
}

/**
 * The owner condition of a row that belongs to a provider and no single client (a portal, a provider's
 * settings): `column` is the row's provider column (e.g. `p.provider_id`).
 */
export function ownedBy(sql: Sql | Tx, scope: Scope, column: string) {
  return sql`${sql(column)} = ${scope.providerId}`;
}

/** Which side of a conversation or a read flag the scope is. */
export const sideOf = (scope: Scope): 'provider' | 'client' =>
  scope.kind === 'provider' ? 'provider' : 'client';
