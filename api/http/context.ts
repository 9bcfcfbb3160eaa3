import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Config } from '../config';
import type { Sql } from '../db/client';
import type { PubSub } from '../db/pubsub';
import type { JobQueue } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';
import type { FileStore } from '../storage/store';
import type { Lang } from './i18n';
import type { Logger } from './logger';

/** Everything a request handler may use; built once in main.ts (or per test) and passed to createApp. */
export interface AppDeps {
  config: Config;
  sql: Sql;
  pubsub: PubSub;
  /** Background jobs: `deps.jobs.enqueue(tx, task, payload)` in the caller's transaction. */
  jobs: JobQueue;
  mailer: Mailer;
  /** Files (logos, later project files): local disk or an S3 bucket, by STORAGE_DRIVER. */
  store: FileStore;
  log: Logger;
  /** DNS lookups for custom-domain verification; `node:dns/promises` in production, a stub in tests. */
  dns: DnsResolver;
  /** The clock, injectable so tests can move time (token expiry, sliding sessions). */
  now: () => Date;
  version: string;
  /**
   * Inside a scoped operation (`api/routes/operation.ts`): keeps its transaction open until `done` settles,
   * for a response body that still queries through `sql` while it streams (the account export).
   */
  holdScopeUntil?: (done: Promise<unknown>) => void;
  /**
   * Inside a scoped operation: commits its transaction now, before a long rest that needs no database
   * (rendering a preview page); `sql` refuses queries afterwards.
   */
  endScope?: () => void;
}

/** The one DNS call the app makes (TXT records of `_clientportal-verify.<domain>`). */
export interface DnsResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/** The signed-in provider, set by the session middleware on routes that need it. */
export interface ProviderAuth {
  userId: string;
  sessionId: string;
  sessionExpiresAt: Date;
  /** Set when an API key authenticated the request (then there is no session: `sessionId` is ''). */
  keyId?: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    log: Logger;
    lang: Lang;
    provider: ProviderAuth | undefined;
  };
}

export type App = OpenAPIHono<AppEnv>;
