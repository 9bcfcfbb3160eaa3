import { isIP } from 'node:net';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';

/** Empty strings in the environment mean "not set". */
const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = (name: string) =>
  optional.refine((v) => v === undefined || URL.canParse(v), { error: `${name} must be an absolute URL` });

const boolean = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * `DNS_SERVERS`: comma-separated IP addresses with an optional port (`127.0.0.1:5353`, `[::1]:53`, `::1`),
 * the form `Resolver#setServers` takes; host names are refused (a resolver cannot look up its own server).
 */
const dnsServers = optional
  .transform((v) => v?.split(',').map((s) => s.trim()))
  .refine((list) => list === undefined || list.every(isDnsServer), {
    error: 'DNS_SERVERS must be comma-separated IP addresses with an optional port, e.g. 127.0.0.1:5353',
  });

function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (bracketed) return isIP(bracketed[1] ?? '') === 6 && isPort(bracketed[2]);
  if (isIP(entry) === 6) return true;
  const [host = '', port, ...rest] = entry.split(':');
  return rest.length === 0 && isIP(host) === 4 && isPort(port);
}

const isPort = (port: string | undefined) =>
  port === undefined || (/^\d{1,5}$/.test(port) && Number(port) > 0 && Number(port) < 65536);

/** A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe); null when it is neither. */
export function decodeSecretsKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** An http(s) URL (a default applies when unset). */
const httpUrl = (name: string) =>
  url(name).refine((v) => v === undefined || /^https?:\/\//.test(v), {
    error: `${name} must start with http:// or https://`,
  });

/** S3's bucket naming rules (the common part every S3-compatible service accepts). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Every environment variable the service reads; README.md documents each one. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url('DATABASE_URL').refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    error: 'DATABASE_URL must start with postgres:// or postgresql://',
  }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Seconds a new database connection may take to open before its queries fail (postgres.js's
   * `connect_timeout`, 30 s by its default): while the server is away the request is answered 503 with
   * `Retry-After` within this, never left hanging (issue 31). A refused connection fails at once anyway.
   */
  DATABASE_CONNECT_TIMEOUT_S: z.coerce.number().int().min(1).max(120).default(5),
  /**
   * The job queue's schema on a DATABASE_URL server (graphile-worker's own by default). Services that share
   * one database but not their data (parallel test runs, each on its own search_path) need one each, or
   * one service's worker runs another's jobs against the wrong tables.
   */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'JOBS_SCHEMA must be a lower-case SQL identifier' })
    .default('graphile_worker'),
  PUBLIC_URL: url('PUBLIC_URL'),
  DIST_DIR: z.string().min(1).default('./dist'),
  RESEND_API_KEY: optional,
  RESEND_BASE_URL: url('RESEND_BASE_URL'),
  MAIL_FROM: z.string().default('Client Portal <onboarding@resend.dev>'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: url('STRIPE_API_BASE').refine((v) => v === undefined || /^https?:\/\//.test(v), {
    error: 'STRIPE_API_BASE must start with http:// or https://',
  }),
  /**
   * The key that encrypts providers' Stripe secrets at rest (AES-256-GCM): 32 bytes, base64 or hex.
   * Unset outside production: a key generated once under DATA_DIR (api/payments/secrets.ts).
   */
  PAYMENT_SECRETS_KEY: optional.refine((v) => v === undefined || decodeSecretsKey(v) !== null, {
    error: 'PAYMENT_SECRETS_KEY must be 32 bytes, base64 (44 characters) or hex (64 characters)',
  }),
  /**
   * Google Calendar (issue 30): the platform's OAuth client at Google. Without GOOGLE_CLIENT_ID the
   * Integrations page says Google Calendar is not configured on this server.
   */
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /**
   * Google's endpoints (unset: Google's own, api/integrations/google-calendar/config.ts), overridable for
   * another OAuth server and Calendar API (tests and e2e: the local stand-ins of tests/google/).
   */
  GOOGLE_AUTHORIZATION_URL: httpUrl('GOOGLE_AUTHORIZATION_URL'),
  GOOGLE_TOKEN_URL: httpUrl('GOOGLE_TOKEN_URL'),
  GOOGLE_REVOCATION_URL: httpUrl('GOOGLE_REVOCATION_URL'),
  GOOGLE_CALENDAR_API_BASE: httpUrl('GOOGLE_CALENDAR_API_BASE'),
  REMOTES_BASE_URL: url('REMOTES_BASE_URL'),
  /** Proxies trusted to report the client's address: `false`, `true` (one hop), a hop count, or IPs/CIDRs. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => parseTrustProxy(v))
    .refine((v): v is TrustProxy => v !== null, {
      error:
        'TRUST_PROXY must be false, true (one proxy), a number of proxies, or comma-separated proxy IP addresses and CIDR ranges',
    }),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SEED_DEMO: boolean,
  RATE_LIMIT_DISABLED: boolean,
  /**
   * Runs scoped operations without their row-level-security transaction (`api/db/scoped.ts`): only to
   * measure what the wall costs, side by side (`BENCH_ONLY=rls npm run bench`). Logged at start.
   */
  ROW_LEVEL_SECURITY_DISABLED: boolean,
  /**
   * The concurrency limit in front of the database pool (`api/http/overload.ts`): scoped operations
   * running at once (unset: DATABASE_POOL_MAX), how many more may wait for a slot (unset:
   * 8 × that, at least 50) and for how long (unset: 500 ms, so that an accepted request stays well under a
   * second at 4× the load (`BENCH_ONLY=overload`); 10 s on the embedded database, which runs them one after
   * another); beyond, 429 `overloaded` with `Retry-After` at once.
   */
  OVERLOAD_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).optional(),
  OVERLOAD_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  OVERLOAD_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Requests one API key may make per minute (`RateLimit-Policy`), on every instance together. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000_000).default(600),
  /** Serve the development helpers (outbox, demo links) to other machines too; never in production. */
  DEV_HELPERS_REMOTE: boolean,
  /** The host portal custom domains point their CNAME at; defaults to the hostname of PUBLIC_URL. */
  PLATFORM_HOST: optional,
  /** DNS servers that verify custom domains; unset: the system's resolver. */
  DNS_SERVERS: dnsServers,
  /** Where files (logos, later project files) are stored: `local` (under DATA_DIR) or `s3`. */
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'STORAGE_DRIVER must be local or s3' }).default('local'),
  S3_BUCKET: optional.refine((v) => v === undefined || BUCKET.test(v), {
    error: 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)',
  }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: url('S3_ENDPOINT').refine((v) => v === undefined || /^https?:\/\//.test(v), {
    error: 'S3_ENDPOINT must start with http:// or https://',
  }),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: boolean,
  /**
   * How long one S3 request may go without progress before it is given up and tried again (3 attempts);
   * a store that hangs answers uploads and downloads 503 `storage_unavailable` after about 3× this.
   */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /**
   * Memory each preview process may use beyond its loaded size, MiB (its address-space limit; the
   * process reads it from its environment, `services/files/preview-process.ts`).
   */
  PREVIEW_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(256),
  /** Jobs this instance runs at once; 0 runs no worker here (it still enqueues). */
  JOBS_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(4),
  /**
   * How often an idle worker looks for due jobs. On PostgreSQL new jobs arrive by LISTEN/NOTIFY at once
   * and the poll only finds retries and scheduled jobs; on the embedded database (no NOTIFY across its
   * socket) it bounds the pickup latency, and each poll costs CPU on the server's thread (PGlite plans the
   * unprepared lookup anew): 2 s keeps an idle embedded server quiet.
   */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
  /** First retry delay of a failed job; each further retry doubles it (with jitter), up to JOBS_RETRY_MAX_MS. */
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(10_000),
  JOBS_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  /** On SIGTERM, how long running jobs may take to finish before they are returned to the queue. */
  JOBS_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
  /**
   * On SIGTERM, how long the instance keeps serving everything (new connections included) after its
   * readiness (`GET /api/health/ready`) turned 503 `shutting_down`, before it stops listening: the time a
   * load balancer needs to notice (its readiness-probe interval × failures, or the endpoint removal's
   * propagation in Kubernetes). Every answer from SIGTERM on carries `Connection: close`, so kept-alive
   * connections move to other instances. 0 (the default: a single machine has no balancer) stops
   * listening at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /**
   * On SIGTERM, how long requests in flight (a slow upload, a request waiting on a lock) may take to finish
   * once the instance stopped listening; connections still busy then are cut (logged as a warning).
   */
  SHUTDOWN_REQUESTS_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * How long a message stays unread before its recipient is e-mailed about it (the conversation's digest
   * window, `services/messages/digest.ts`): 5 minutes; shorter where a run must see the digests go out.
   */
  MESSAGE_DIGEST_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .default(5 * 60_000),
  /**
   * Outgoing webhooks: loopback addresses (127.0.0.0/8, ::1, `localhost`) as endpoints, for a receiver on
   * the developer's own machine; refused in production. Private, link-local and other internal addresses
   * stay refused.
   */
  WEBHOOKS_ALLOW_LOOPBACK: boolean,
  /** First retry delay of a failed webhook delivery; doubling (with jitter) up to WEBHOOKS_RETRY_MAX_MS. */
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5_000),
  WEBHOOKS_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(21_600_000),
  /**
   * Webhook deliveries this instance runs at once, in their own lane beside JOBS_CONCURRENCY's (a burst of
   * deliveries does not hold up e-mail); each waits mostly on the receiver. 0: they share the general lane.
   */
  WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(16),
  /** How long one webhook delivery may take (connect, send, answer) before it counts as failed. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(10_000),
});

/**
 * Rules that span variables, checked after each one is valid on its own; each names the variable to set.
 */
function crossCheck(data: z.infer<typeof ConfigSchema>): { name: string; message: string } | null {
  if (data.DEV_HELPERS_REMOTE && data.NODE_ENV === 'production')
    return {
      name: 'DEV_HELPERS_REMOTE',
      message: 'DEV_HELPERS_REMOTE is for development only: production never serves the development helpers',
    };
  if (data.WEBHOOKS_ALLOW_LOOPBACK && data.NODE_ENV === 'production')
    return {
      name: 'WEBHOOKS_ALLOW_LOOPBACK',
      message: 'WEBHOOKS_ALLOW_LOOPBACK is for development only: production never sends webhooks to loopback',
    };
  if (data.STORAGE_DRIVER === 's3' && !data.S3_BUCKET)
    return { name: 'S3_BUCKET', message: 'S3_BUCKET is required when STORAGE_DRIVER=s3' };
  if (Boolean(data.S3_ACCESS_KEY_ID) !== Boolean(data.S3_SECRET_ACCESS_KEY))
    return {
      name: data.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      message:
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the default AWS chain)',
    };
  return null;
}

export type Config = z.infer<typeof ConfigSchema> & {
  /** The origin the app is served from; requests from elsewhere are cross-site. */
  publicOrigin: string;
  /** Lower-case host name of the platform itself (PLATFORM_HOST, else the host of PUBLIC_URL). */
  platformHost: string;
  isProduction: boolean;
};

/** Thrown for a bad environment: start-up prints its one line and exits. */
export class ConfigError extends Error {}

/**
 * Reads and validates the environment once at start-up.
 * @example const config = loadConfig(process.env)
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'} (got ${JSON.stringify(env[name] ?? '')})`,
    );
  }
  const data = parsed.data;
  const cross = crossCheck(data);
  if (cross)
    throw new ConfigError(
      `Invalid environment variable ${cross.name}: ${cross.message} (got ${JSON.stringify(env[cross.name] ?? '')})`,
    );
  const publicOrigin = new URL(data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).origin;
  const platformHost = (data.PLATFORM_HOST ?? new URL(publicOrigin).hostname)
    .toLowerCase()
    .replace(/\.$/, '');
  return { ...data, publicOrigin, platformHost, isProduction: data.NODE_ENV === 'production' };
}
