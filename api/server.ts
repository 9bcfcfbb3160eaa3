import dns from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { createInProcessPubSub, createPostgresPubSub } from './db/pubsub';
import { grantAppRole } from './db/scoped';
import type { AppDeps, DnsResolver } from './http/context';
import type { Logger } from './http/logger';
import { concurrencyLimit } from './http/overload';
import { createJobQueue } from './jobs/queue';
import { installQueue, startWorker } from './jobs/worker';
import { createMailer } from './mail/mailer';
import type { HubOptions } from './realtime/hub';
import { attachRealtime, type RealtimeServer } from './realtime/server';
import { createStore } from './storage/create-store';

export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

/**
 * The resolver that verifies custom domains: the system's, or with `DNS_SERVERS` one that asks only those
 * servers (a split-horizon resolver in production, a local stand-in in the end-to-end tests).
 * @example createDnsResolver(['127.0.0.1:5399'])
 */
export function createDnsResolver(servers: string[] | undefined): DnsResolver {
  if (!servers?.length) return dns;
  const resolver = new dns.Resolver({ timeout: 3000, tries: 2 });
  resolver.setServers(servers);
  return resolver;
}

/**
 * Opens the database (or takes an open one: tests run two instances on one), applies migrations, installs
 * the job queue's schema and wires every dependency of the app.
 */
export async function createDeps(
  config: Config,
  log: Logger,
  database?: Database,
): Promise<{ deps: AppDeps; db: Database }> {
  const db = database ?? (await openDatabase(config, log));
  const applied = await migrate(db.sql);
  if (applied.length) log.info({ applied }, 'migrations applied');
  await installQueue(db, log);
  await grantAppRole(db.sql, db.queueSchema);
  const pubsub =
    db.kind === 'postgres'
      ? createPostgresPubSub(db.sql, db.url, config.DATABASE_CONNECT_TIMEOUT_S)
      : createInProcessPubSub();
  const jobs = createJobQueue(db.queueSchema);
  const mailer = createMailer({
    sql: db.sql,
    log,
    jobs,
    apiKey: config.RESEND_API_KEY,
    baseUrl: config.RESEND_BASE_URL,
    from: config.MAIL_FROM,
  });
  return {
    deps: {
      config,
      sql: db.sql,
      pubsub,
      jobs,
      mailer,
      store: createStore(config, log),
      log,
      dns: createDnsResolver(config.DNS_SERVERS),
      now: () => new Date(),
      version: VERSION,
    },
    db,
  };
}

export interface RunningServer {
  port: number;
  /** The realtime sockets of this instance (`/api/realtime`). */
  realtime: RealtimeServer;
  /**
   * The graceful shutdown: readiness turns 503 and every answer carries `Connection: close`; the worker
   * takes no new jobs; after SHUTDOWN_DRAIN_MS the listener closes (new connections refused) with the
   * idle kept-alive connections, the realtime sockets close with 1012 (reconnect elsewhere); requests in
   * flight finish (cut after SHUTDOWN_REQUESTS_TIMEOUT_MS), running jobs too (those that cannot within
   * JOBS_SHUTDOWN_TIMEOUT_MS go back to the queue); then pub/sub and the pool close.
   */
  stop(): Promise<void>;
}

/** Starts the HTTP server for an app built from `deps`, and the job worker beside it. */
export async function startServer(
  deps: AppDeps,
  db: Database,
  options: { realtime?: HubOptions } = {},
): Promise<RunningServer> {
  const app = createApp(deps, { distDir: deps.config.DIST_DIR });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: deps.config.PORT, hostname: deps.config.HOST }, () =>
      resolve(s),
    );
  });
  // HTTP/1.1 (`serve` without `createServer`), whose connection controls the shutdown uses.
  const http1 = server as Server;
  const realtime = await attachRealtime(http1, deps, options.realtime);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : deps.config.PORT;
  const worker = await startWorker(deps, db);
  // Overdue invoices are marked at start too, not only on the quarter hour (one job for instances starting together).
  if (worker) {
    await deps.jobs
      .enqueue(deps.sql, 'mark_overdue_invoices', {}, { jobKey: 'mark_overdue_invoices:start' })
      .catch((err) => deps.log.warn({ err }, 'overdue invoices not queued at start'));
  }
  const { log, config } = deps;
  // The responses in flight, so that a shutdown can tell each one still to be written to close its
  // connection (Node would answer `keep-alive` and then close it: a client reusing it would race that).
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  http1.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) {
      res.setHeader('Connection', 'close');
      return;
    }
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  let stopping: Promise<void> | undefined;
  return {
    port,
    realtime,
    stop() {
      stopping ??= (async () => {
        // Readiness answers 503 `shutting_down` from now on: a load balancer stops sending traffic.
        concurrencyLimit(deps).stopping = true;
        // Every answer from now on closes its connection, so the balancer's next request opens a new one.
        closing = true;
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        inFlight.clear();
        // Running jobs get their whole window from now; no new ones start here.
        const jobsStopped = worker?.stop();
        // The balancer needs a moment to notice the readiness (SHUTDOWN_DRAIN_MS): serve meanwhile.
        if (config.SHUTDOWN_DRAIN_MS > 0) await sleep(config.SHUTDOWN_DRAIN_MS);
        // Stop listening (a new connection is refused), close idle kept-alive connections; the ones with
        // a request in flight close after its answer.
        const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
        http1.closeIdleConnections();
        // Sockets next, with 1012: their clients reconnect, through the balancer, to another instance.
        // (An open WebSocket would hold the HTTP server's close() forever.)
        await realtime.close();
        const requestsDone = Promise.race([
          httpClosed.then(() => true),
          sleep(config.SHUTDOWN_REQUESTS_TIMEOUT_MS).then(() => false),
        ]).then((done) => {
          if (done) return;
          log.warn(
            { afterMs: config.SHUTDOWN_REQUESTS_TIMEOUT_MS },
            'requests still in flight at shutdown: cutting their connections',
          );
          http1.closeAllConnections();
          return httpClosed;
        });
        await Promise.all([requestsDone, jobsStopped]);
        await deps.pubsub.close?.();
        deps.store.close();
        await db.close();
      })();
      return stopping;
    },
  };
}
