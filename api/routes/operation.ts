import { createRoute, type RouteConfig, type RouteHandler, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { ErrorBody, text } from '../../shared/contracts/common';
import { PortalPathParam } from '../../shared/contracts/portal-client';
import { type KeyAccess, keyAccessOf } from '../auth/api-keys/access';
import { requireProviderOrKey } from '../auth/api-keys/middleware';
import { requireProvider } from '../auth/middleware';
import { PORTAL_SECURITY, requirePortalClient } from '../auth/portal-client/middleware';
import { type ClientScope, clientScope, type ProviderScope, providerScope, type Scope } from '../auth/scope';
import { runScoped } from '../db/scoped';
import { JSON_MAX_BYTES } from '../http/body-limit';
import type { App, AppEnv } from '../http/context';
import { idempotency } from '../http/idempotency';
import { errorResponses } from '../http/openapi';
import { concurrencyLimit } from '../http/overload';

/*
 * One way to write a route. Every operation file declares WHO may call it once, by the helper it uses, and
 * exports what registers it (`routes/index.ts` is the table of contents):
 *
 *   providerOperation  the provider's session cookie (`requireProvider`: 401 without, 402 after the trial
 *                      for writes), or an API key with the operation's scope where `auth/api-keys/access.ts`
 *                      gives it a family (`requireProviderOrKey`); the handler gets the `ProviderScope`.
 *                      A creating POST (201) also takes `Idempotency-Key` (`http/idempotency.ts`).
 *   clientOperation    a portal client's bearer token for the `{portalId}` of the path
 *                      (`requirePortalClient`); the handler gets the `ClientScope`.
 *   sharedOperation    a resource both sides see (projects, messages, files, invoices, activity) with the
 *                      same contract and service: the provider's operation at `/api/<path>` and the client's
 *                      at `/api/portal/{portalId}/<path>`, registered together; the handler gets either
 *                      `Scope` and the service decides by it.
 *   optionalProviderOperation  the provider's session if there is one (the session read, never 401).
 *   publicOperation    no identity (sign-in steps, public branding, health, webhooks with their own check).
 *
 * A pair's handler is typed with the provider's route: the client's route has the same request plus
 * `{portalId}` (which `requirePortalClient` has checked), so everything the handler reads is there.
 *
 * The OpenAPI security, the middleware that enforces it and the scope the handler receives come from one
 * place, so an operation cannot document one audience and check another. The isolation suite
 * (tests/integration/isolation/suite.ts) reads the audience back from the document and calls every
 * operation as every wrong identity.
 */

/**
 * What a route file writes: the route without its audience, which the helper adds, and with its stable
 * `operationId` (camelCase verb first: `listClients`, `getClient`; a pair's client half is derived).
 */
type OperationConfig = Omit<RouteConfig, 'security' | 'middleware' | 'operationId'> & { operationId: string };

/** Registers one operation (or several) on the app; what each route file exports. */
export type Register = (app: App) => void;

type Context<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];
type Result<R extends RouteConfig> = ReturnType<RouteHandler<R, AppEnv>>;

/**
 * Runs a scoped operation's handler in its scope's transaction (`api/db/scoped.ts`): row-level security
 * then hides every other tenant's rows from whatever the handler's services query. The handler's
 * `c.get('deps')` has the transaction as `sql` (a service's `sql.begin` is a savepoint of it) and a pub/sub
 * that publishes after the COMMIT. `ROW_LEVEL_SECURITY_DISABLED` (the bench's side-by-side only) runs it
 * as it is. The transaction first takes a slot of the concurrency limit in front of the pool
 * (`http/overload.ts`; 429 `overloaded` when every slot is taken and the queue is full), freed when the
 * connection is back in the pool.
 */
function inScope<S extends Scope, R>(c: Context<RouteConfig>, scope: S, run: (scope: S) => R): R {
  return limited(c, scope, run) as R;
}

/** {@link inScope}'s body (async: the slot may have to be waited for; the route's handler type is not). */
async function limited<S extends Scope, R>(c: Context<RouteConfig>, scope: S, run: (scope: S) => R) {
  const deps = c.get('deps');
  // Without the transaction nothing holds a connection (postgres.js pipelines the queries): no slot.
  if (deps.config.ROW_LEVEL_SECURITY_DISABLED) return run(scope);
  // The concurrency limit in front of the pool (`http/overload.ts`): 429 `overloaded` when full.
  const release = await concurrencyLimit(deps).acquire();
  return runScoped(
    deps.sql,
    deps.pubsub,
    scope,
    async ({ sql, pubsub, holdUntil, end }) => {
      c.set('deps', { ...deps, sql, pubsub, holdScopeUntil: holdUntil, endScope: end });
      try {
        return await run(scope);
      } finally {
        c.set('deps', deps);
      }
    },
    (err) =>
      c.get('log').warn({ err }, 'after the answer: a notification not published, or the COMMIT failed'),
    release,
  );
}

/** A handler of an operation: Hono's typed context (`c.req.valid(...)`, `c.json(...)`) and the caller. */
export type ScopedHandler<R extends RouteConfig, S> = (c: Context<R>, scope: S) => Result<R>;

const PROVIDER_SECURITY = [{ providerSession: [] }];

type Audience = 'provider' | 'portal' | 'optional' | 'public';
type Responses = RouteConfig['responses'];
const errorBody = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});

/**
 * The statuses every operation can answer whatever its handler does, from its audience and method: the
 * app's chain answers them before the route runs (api/CONTEXT.md "Data flow"). A route's own `responses`
 * win (an upload states its own 413 limit, a sign-in its own 401). The plan gate's 402 is added by
 * `documentPlanGate` (it knows the allow-list); 409 only where an operation declares it; 429 on every
 * scoped (provider or portal) operation for the concurrency limit, and where an operation declares its own;
 * 503 with `Retry-After` on every operation (the database away).
 */
function withStandardErrors(
  audience: Audience,
  config: Pick<RouteConfig, 'method' | 'path' | 'request' | 'responses'>,
): Responses {
  const write = config.method !== 'get' && config.method !== 'head';
  const request = config.request ?? {};
  const pathParams = config.path.includes('{');
  const standard: Responses = {
    400: errorBody(
      'Malformed request (`bad_request`): a body that is not valid JSON, or NUL in the URL, the cookies or the Authorization header.',
    ),
  };
  if (audience === 'provider' || audience === 'portal')
    standard[401] = errorBody(
      'Not signed in, or the credential is unknown, expired or ended (`unauthorized`).',
    );
  if (write && !config.path.startsWith('/api/portal/'))
    standard[403] = errorBody(
      'Cross-site request refused (`csrf_rejected`): a browser’s write must come from the platform’s own origin.',
    );
  if (pathParams) standard[404] = errorBody('Not found (`not_found`), also for another tenant’s object.');
  if (write) {
    standard[413] = errorBody(
      `Payload too large (\`payload_too_large\`): a JSON body may be at most ${JSON_MAX_BYTES / 1024} KB (${JSON_MAX_BYTES} bytes); the connection is closed.`,
    );
    standard[415] = errorBody(
      'Unsupported media type (`unsupported_media_type`): a request body must be JSON (`application/json`).',
    );
  }
  if (pathParams || request.query || request.body || request.params)
    standard[422] = errorBody('Validation failed (`validation_failed`); `fields` lists each failing field.');
  standard[500] = errorBody(
    'Internal error (`internal_error`): details are in the server’s log under the `requestId`.',
  );
  const responses: Responses = { ...standard, ...config.responses };
  // A scoped operation holds a pooled connection: above the concurrency limit in front of the pool
  // (`http/overload.ts`) it answers 429 `overloaded`, besides any 429 of its own.
  if (audience === 'provider' || audience === 'portal') {
    const own = responses[429];
    responses[429] =
      own && !('$ref' in own)
        ? { ...own, description: `${own.description} Also ${OVERLOADED}` }
        : errorBody(`Overloaded: ${OVERLOADED}`);
  }
  const tooMany = responses[429];
  if (tooMany && !('$ref' in tooMany) && !tooMany.headers)
    responses[429] = { ...tooMany, headers: RETRY_AFTER };
  // Every operation reads the database: while it is away (a restart, a failover) the answer is 503
  // `service_unavailable` with `Retry-After` (`db/unavailable.ts`), besides any 503 of its own.
  const own503 = responses[503];
  responses[503] =
    own503 && !('$ref' in own503)
      ? { ...own503, description: `${own503.description} Also ${DATABASE_AWAY}`, headers: RETRY_AFTER }
      : { ...errorBody(`Service unavailable: ${DATABASE_AWAY}`), headers: RETRY_AFTER };
  return responses;
}

const OVERLOADED =
  '`overloaded` when the service runs more operations at once than its database serves (`OVERLOAD_MAX_CONCURRENT`): nothing was done; retry after `Retry-After` seconds.';

const DATABASE_AWAY =
  '`service_unavailable` while the database is away for a moment (a restart, a failover): nothing was done; retry after `Retry-After` seconds.';

/** Every 429 (and a 503 that may clear soon) says when to try again. */
export const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer' as const, format: 'int32', minimum: 1, maximum: 86400 },
  },
};

/** What an API-key call's every answer carries (draft-ietf-httpapi-ratelimit-headers; `api/auth/api-keys`). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description:
      'With an API key: the key’s quota, `"default";q=<requests>;w=<window seconds>`. Absent with the session cookie.',
    schema: { type: 'string' as const, example: '"default";q=600;w=60' },
  },
  RateLimit: {
    description:
      'With an API key: what is left of the quota, `"default";r=<remaining>;t=<seconds until the window resets>`. Absent with the session cookie.',
    schema: { type: 'string' as const, example: '"default";r=599;t=42' },
  },
};

/** A replayed answer of an `Idempotency-Key` repeat says so (`api/http/idempotency.ts`). */
const IDEMPOTENT_REPLAYED = {
  'Idempotent-Replayed': {
    description:
      '`true` when this is the stored answer of an earlier request with the same `Idempotency-Key`.',
    schema: { type: 'string' as const, enum: ['true'] },
  },
};

/** Documents the headers an API-key operation's answers carry (each response keeps its own). */
function withKeyHeaders(responses: Responses, keyed: boolean, creates: boolean): Responses {
  if (!keyed && !creates) return responses;
  const out: Responses = {};
  for (const [status, response] of Object.entries(responses)) {
    if ('$ref' in response) {
      out[status] = response;
      continue;
    }
    out[status] = {
      ...response,
      headers: {
        ...(keyed ? RATE_LIMIT_HEADERS : {}),
        ...(creates && status.startsWith('2') ? IDEMPOTENT_REPLAYED : {}),
        ...response.headers,
      },
    };
  }
  return out;
}

/**
 * The provider's side of an operation (issue 27), decided here once for every provider operation: which
 * API-key scope may call it besides the session cookie (`api/auth/api-keys/access.ts`; account-level
 * operations take the cookie only), and whether it creates (a POST answering 201: `Idempotency-Key`).
 * The security, the middleware and the documented statuses and header follow from that.
 */
function providerSide<const R extends Pick<RouteConfig, 'method' | 'path' | 'request' | 'responses'>>(
  config: R,
) {
  const access: KeyAccess = keyAccessOf(config.method, config.path);
  const creates = config.method === 'post' && '201' in config.responses;
  const middleware: MiddlewareHandler<AppEnv>[] = [
    access ? requireProviderOrKey(access) : requireProvider,
    ...(creates ? [idempotency] : []),
  ];
  const headers = config.request?.headers;
  return {
    keyed: access !== null && access !== undefined,
    creates,
    security: access
      ? [...PROVIDER_SECURITY, { apiKey: [`${access.family}:${access.write ? 'write' : 'read'}`] }]
      : PROVIDER_SECURITY,
    middleware,
    ...(creates
      ? {
          request: {
            ...config.request,
            headers: (headers instanceof z.ZodObject ? headers : z.object({})).extend({
              'idempotency-key': text().min(1).max(255).optional().meta({
                description:
                  'Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID).',
                example: '5f0c7a0e-6a0b-4d8e-9b1a-2f3c4d5e6f70',
              }),
            }),
          },
        }
      : {}),
    responses: {
      ...(access ? errorResponses(403, 429) : {}),
      ...(creates ? errorResponses(409, 422) : {}),
      ...config.responses,
    },
  };
}

/**
 * An operation of the signed-in provider.
 * @example export const registerGetProject = providerOperation({ method: 'get', path: '/api/projects/{projectId}', … },
 *   async (c, scope) => c.json(await getProject(c.get('deps').sql, scope, c.req.valid('param').projectId), 200))
 */
export function providerOperation<const R extends OperationConfig>(
  config: R,
  handler: ScopedHandler<R, ProviderScope>,
): Register {
  const { keyed, creates, ...side } = providerSide(config);
  const route = createRoute({
    ...config,
    ...side,
    responses: withKeyHeaders(
      withStandardErrors('provider', { ...config, responses: side.responses }),
      keyed,
      creates,
    ),
  });
  return (app) => {
    app.openapi(route, (c) => inScope(c, providerScope(c), (s) => handler(c as unknown as Context<R>, s)));
  };
}

/**
 * An operation of a signed-in portal client; its path starts with `/api/portal/{portalId}/` and its
 * params include `PortalPathParam`'s `portalId` (the session must be of that portal).
 */
export function clientOperation<const R extends OperationConfig>(
  config: R,
  handler: ScopedHandler<R, ClientScope>,
): Register {
  const route = createRoute({
    ...config,
    responses: withStandardErrors('portal', config),
    security: PORTAL_SECURITY,
    middleware: [requirePortalClient] as const,
  });
  return (app) => {
    app.openapi(route, (c) => inScope(c, clientScope(c), (s) => handler(c as unknown as Context<R>, s)));
  };
}

/**
 * An operation that answers a signed-out caller too (the dashboard's session read): the provider's session
 * is documented as optional and the handler reads it itself (`authenticate`), never 401.
 */
export function optionalProviderOperation<const R extends OperationConfig>(
  config: R,
  handler: (c: Context<R>) => Result<R>,
): Register {
  const route = createRoute({
    ...config,
    responses: withStandardErrors('optional', config),
    security: [...PROVIDER_SECURITY, {}],
  });
  return (app) => {
    app.openapi(route, (c) => handler(c as unknown as Context<R>));
  };
}

/** An operation without a caller identity (documented so on purpose: `security: []`). */
export function publicOperation<const R extends OperationConfig>(
  config: R,
  handler: (c: Context<R>) => Result<R>,
): Register {
  const route = createRoute({ ...config, responses: withStandardErrors('public', config), security: [] });
  return (app) => {
    app.openapi(route, (c) => handler(c as unknown as Context<R>));
  };
}

/** What differs between the provider's and the client's operation of a pair. */
interface AudienceText {
  description: string;
  /** The client's defaults to the provider's with " (client)". */
  summary?: string;
}

/** A pair's client half: `portal` + the provider's id (`listFiles` → `portalListFiles`). */
const portalOperationId = (id: string) => `portal${id.charAt(0).toUpperCase()}${id.slice(1)}`;

/**
 * A pair: the provider's operation as `config` says (path `/api/<path>`), and the client's derived from it:
 * `/api/portal/{portalId}/<path>`, tag `Portal`, `{portalId}` first among the params, the same request and
 * responses. Each side has its own description (what the other tenant's object answers differs).
 * @example export const registerGetFile = sharedOperation({ method: 'get', path: '/api/files/{fileId}', …,
 *   provider: { description: '… Another provider’s file answers 404.' },
 *   client: { description: '… Only files of the client’s own projects.' } },
 *   async (c, scope) => c.json(await getFileDetail(c.get('deps').sql, scope, c.req.valid('param').fileId), 200))
 */
export function sharedOperation<const R extends Omit<OperationConfig, 'description'>>(
  config: R & { provider: AudienceText; client: AudienceText },
  handler: ScopedHandler<R, Scope>,
): Register {
  const { provider, client, ...shared } = config;
  const { keyed, creates, ...side } = providerSide(shared);
  const providerRoute = createRoute({
    ...shared,
    ...provider,
    ...side,
    responses: withKeyHeaders(
      withStandardErrors('provider', { ...shared, responses: side.responses }),
      keyed,
      creates,
    ),
  });
  const params = shared.request?.params;
  const clientPath = `/api/portal/{portalId}${shared.path.replace(/^\/api/, '')}`;
  const clientRoute = createRoute({
    ...shared,
    path: clientPath,
    operationId: portalOperationId(shared.operationId),
    tags: ['Portal'],
    summary: client.summary ?? `${shared.summary} (client)`,
    description: client.description,
    responses: withStandardErrors('portal', { ...shared, path: clientPath }),
    security: PORTAL_SECURITY,
    middleware: [requirePortalClient] as const,
    request: {
      ...shared.request,
      params: params instanceof z.ZodObject ? PortalPathParam.extend(params.shape) : PortalPathParam,
    },
  });
  return (app) => {
    app.openapi(providerRoute, (c) =>
      inScope(c, providerScope(c), (s) => handler(c as unknown as Context<R>, s)),
    );
    // The client's context has the provider's inputs plus `portalId`, which the middleware checked.
    app.openapi(clientRoute, (c) =>
      inScope(c, clientScope(c), (s) => handler(c as unknown as Context<R>, s)),
    );
  };
}

/** The two credentials of the document's `security` (once, before the routes that name them). */
export function registerSecuritySchemes(app: App): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'providerSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'session',
    description: 'Provider session cookie set by `POST /api/auth/sign-in` (`__Host-session` over HTTPS).',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'cp_live_…',
    description:
      'A provider API key (Settings → API keys), as `Authorization: Bearer cp_live_…`; never in the URL or a cookie. Each operation names the scope it needs: `<family>:read` for GET, `<family>:write` for the rest (write implies read), families `clients`, `projects`, `messages`, `files`, `invoices`, `webhooks`. A key without it answers 403 `insufficient_scope`; a malformed, unknown, revoked or expired key 401 `api_key_invalid`. Account-level operations (password, sessions, account, keys, plan, Stripe, portals) take the session cookie only. Each key may make `API_KEY_RATE_LIMIT` requests a minute (600 by default), told by the `RateLimit-Policy` and `RateLimit` headers (draft-ietf-httpapi-ratelimit-headers); over it, 429 `rate_limited` with `Retry-After`. A request with a key is not subject to the browser Origin check; with both a key and a cookie only the key counts.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'portalSession', {
    type: 'http',
    scheme: 'bearer',
    description:
      'Portal client session: the `token` of `POST /api/portal/sign-in` or `/api/portal/magic-link/consume`, as `Authorization: Bearer <token>`. Valid 7 days, for that client’s portal only.',
  });
}

/**
 * Several operations of one file as one registration.
 * @example export const registerPlan = operations(getPlan, startCheckout, cancel)
 */
export const operations =
  (...registers: Register[]): Register =>
  (app) => {
    for (const register of registers) register(app);
  };
