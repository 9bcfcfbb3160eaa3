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
import { finishDocument } from './http/openapi-finish';
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

/**
 * Every tag the operations use, defined once with what it groups (spectral's `operation-tag-defined`; a new
 * family of operations appends its tag here).
 */
export const API_TAGS: { name: string; description: string }[] = [
  { name: 'Platform', description: 'Health and the frontends’ runtime configuration.' },
  {
    name: 'Auth',
    description: 'Provider sign-up, e-mail verification, sign-in, password reset and the session.',
  },
  { name: 'Waitlist', description: 'The public waitlist form.' },
  { name: 'Dashboard', description: 'The provider’s dashboard totals.' },
  {
    name: 'Analytics',
    description:
      'The provider’s figures per view (money, work, clients) for a period, currency and time zone.',
  },
  { name: 'Profile', description: 'The provider’s own profile.' },
  { name: 'Account', description: 'Password, sessions, data export and deletion of the provider’s account.' },
  { name: 'Portals', description: 'The provider’s branded client portals and their logos.' },
  { name: 'Domains', description: 'Custom portal domains: claim, verify by DNS, and the TLS proxy’s check.' },
  { name: 'Clients', description: 'The provider’s clients, their invitations and portal passwords.' },
  { name: 'Projects', description: 'Projects and their activity.' },
  {
    name: 'Portal',
    description: 'What a signed-in portal client sees and does, and the portal’s public pages.',
  },
  { name: 'Messages', description: 'Per-project conversations between the provider and the client.' },
  { name: 'Files', description: 'Project files with versions, previews, feedback pins and client approval.' },
  { name: 'Invoices', description: 'Invoices, credit notes, their PDFs and the invoice settings.' },
  {
    name: 'Quotes',
    description:
      'Quotes (Angebote): drafts, sending, their PDFs, and the invoices made of an accepted quote.',
  },
  {
    name: 'Bookings',
    description:
      'Meetings clients booked from the portal or the widget: the list, one booking, cancelling (with the invitations sent).',
  },
  {
    name: 'Recurring invoices',
    description:
      'Schedules that make and send an invoice each month, quarter, year or number of days, with the period of service.',
  },
  {
    name: 'Booking types',
    description:
      'What clients may book: duration, place, weekly hours in a time zone, buffers, notice, caps, who may book; date overrides and holidays.',
  },
  {
    name: 'Notifications',
    description: 'The notification sheet: activity across projects and the unread count.',
  },
  {
    name: 'Calendar',
    description:
      'The provider’s calendar: their own events (recurring ones too), one window of everything dated, and the private iCalendar feed.',
  },
  { name: 'Payments', description: 'The provider’s Stripe connection and Stripe’s webhook.' },
  { name: 'Plan', description: 'The provider’s own subscription to the platform.' },
  {
    name: 'Widget',
    description: 'The embeddable widget: signing secrets, identity handoff, embedding checks.',
  },
  {
    name: 'API keys',
    description:
      'The provider’s API keys for server-to-server calls: scoped per resource family, shown once, revocable.',
  },
  {
    name: 'Integrations',
    description:
      'Connected services: the sending mail domain, the Stripe connection check and the authorisation callback.',
  },
  {
    name: 'Webhooks',
    description:
      'Outgoing webhooks: the provider’s endpoints, their signing secrets and delivery log, and the events sent to them.',
  },
];

/** The document's own fields (`/api/openapi.json`, and `npm run gen:api` without a server). */
export function openApiConfig(version: string, serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Client Portal API',
      version,
      description:
        'The API the dashboard, the client portal and the embeddable widget use, open to developers. Errors always have the shape `{ error: { code, message, requestId, fields? } }`; messages follow `Accept-Language` (en, de). Times are ISO 8601 (UTC), keys camelCase. Every list pages one way: `limit` (1–100, default 50) and the opaque `cursor` in, `{ items, nextCursor }` out (`nextCursor` null on the last page). After the 14-day trial without a subscription the provider’s account is read-only: writes answer 402 `plan_required` except signing out, sessions, password, account deletion, the plan’s own calls and disconnecting Stripe; reads and `GET /api/account/export` keep working, and portal clients are never affected.',
      contact: { name: 'Client Portal', url: `${serverUrl}/dashboard/documentation` },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl, description: 'This instance (production when https)', 'x-internal': false }],
    tags: API_TAGS,
  };
}

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
  // Every document the app generates gets its last touches (nullable references, recorded examples).
  const generate = app.getOpenAPI31Document;
  app.getOpenAPI31Document = (...args) => finishDocument(generate(...args));
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

  app.doc31('/api/openapi.json', (c) =>
    openApiConfig(deps.version, deps.config.PUBLIC_URL ?? new URL(c.req.url).origin),
  );
  registerDocs(app);

  app.all('/api/*', () => {
    throw new ApiError('not_found');
  });
  if (options.distDir) registerStatic(app, options.distDir, deps);
  return app;
}
