import { compress } from 'hono/compress';
import { FILE_MAX_BYTES } from '../shared/contracts/files';
import { LOGO_MAX_BYTES } from '../shared/contracts/portals';
import { documentPlanGate } from './auth/plan-gate';
import { bodyLimits, type UploadRoute } from './http/body-limit';
import type { AppDeps } from './http/context';
import { csrfProtection } from './http/csrf';
import { registerDocs } from './http/docs';
import { ApiError, onError } from './http/errors';
import { refuseNul } from './http/nul-guard';
import { createRouter } from './http/openapi';
import { requestContext } from './http/request-context';
import { registerStatic } from './http/static';
import { registerRoutes } from './routes/index';
import { FORM_OVERHEAD_BYTES } from './storage/multipart-upload';

/** The routes that take a multipart upload instead of JSON, with the most their whole body may be. */
const UPLOADS: UploadRoute[] = [
  { path: /^\/api\/portals\/[^/]+\/logo$/, maxBytes: LOGO_MAX_BYTES + FORM_OVERHEAD_BYTES },
  // Project files and their new versions, by the provider and (under /api/portal/{portalId}) the client.
  {
    path: /^\/api\/(portal\/[^/]+\/)?(projects\/[^/]+\/files|files\/[^/]+\/versions)$/,
    maxBytes: FILE_MAX_BYTES + FORM_OVERHEAD_BYTES,
  },
];

/**
 * JSON routes that take more than 64 KB: Stripe's webhook events carry whole objects (an invoice with up to
 * 100 lines and their tax items).
 */
const LARGE_JSON: UploadRoute[] = [{ path: /^\/api\/webhooks\/stripe$/, maxBytes: 512 * 1024 }];

export interface AppOptions {
  /** Serve the built frontends from `<distDir>/<environment>`; omitted in API-only tests. */
  distDir?: string;
}

/**
 * Builds the whole HTTP app from its dependencies; main.ts serves it, tests call `app.request()`.
 * @example const app = createApp(deps); const res = await app.request('/api/health')
 */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = createRouter();
  app.onError(onError);
  app.use('*', requestContext(deps));
  // Before anything reads a body (CSRF, validation, sessions, rate limits): 413 for one over its limit.
  // Registered for the methods that carry one, so reads skip a middleware layer.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', bodyLimits(UPLOADS, LARGE_JSON));
  app.use('*', refuseNul());
  // Only the large documents are worth compressing on the fly; built assets are precompressed.
  app.use('/api/openapi.json', compress());
  app.use('/api/docs/*', compress());
  // Registered for state-changing methods only, so reads skip a middleware layer.
  app.on(
    ['POST', 'PUT', 'PATCH', 'DELETE'],
    '/api/*',
    csrfProtection({
      allowedOrigins: () => [deps.config.publicOrigin],
      nonJsonPaths: UPLOADS.map((upload) => upload.path),
    }),
  );

  registerRoutes(app, deps);
  documentPlanGate(app);

  app.doc31('/api/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: {
      title: 'Client Portal API',
      version: deps.version,
      description:
        'The API the dashboard, the client portal and the embeddable widget use, open to developers. Errors always have the shape `{ error: { code, message, requestId, fields? } }`; messages follow `Accept-Language` (en, de). After the 14-day trial without a subscription the provider’s account is read-only: writes answer 402 `plan_required` except signing out, sessions, password, account deletion, the plan’s own calls and disconnecting Stripe; reads and `GET /api/account/export` keep working, and portal clients are never affected.',
    },
    servers: [{ url: deps.config.PUBLIC_URL ?? new URL(c.req.url).origin }],
  }));
  registerDocs(app);

  app.all('/api/*', () => {
    throw new ApiError('not_found');
  });
  if (options.distDir) registerStatic(app, options.distDir, deps);
  return app;
}
