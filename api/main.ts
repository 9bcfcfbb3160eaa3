import { ConfigError, loadConfig } from './config';
import { createLogger } from './http/logger';
import { seedIfFirstRun } from './seed/demo';
import { createDeps, startServer } from './server';

/** Service entry: validated config, database, migrations, first-run demo data, HTTP, graceful shutdown. */
async function main() {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.LOG_LEVEL);
  const { deps, db } = await createDeps(config, log);
  if (db.kind === 'embedded' || config.SEED_DEMO) await seedIfFirstRun(deps, { force: config.SEED_DEMO });
  const server = await startServer(deps, db);
  log.info(
    {
      port: server.port,
      database: db.kind,
      mail: deps.mailer.via,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `listening on http://localhost:${server.port}`,
  );

  // The jobs' window, a second's grace, and up to 5 s for graphile-worker to hand back what still runs.
  const shutdownLimitMs = config.JOBS_SHUTDOWN_TIMEOUT_MS + 7_000;
  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down: finishing in-flight requests and running jobs');
    const timer = setTimeout(() => {
      log.error({ afterMs: shutdownLimitMs }, 'shutdown timed out');
      process.exit(1);
    }, shutdownLimitMs);
    timer.unref();
    server.stop().then(
      () => {
        log.info({}, 'stopped');
        process.exit(0);
      },
      (err) => {
        log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
