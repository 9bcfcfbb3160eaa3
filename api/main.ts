import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLogger } from './http/logger';

/**
 * Service entry: validated config, database, migrations, first-run demo data, HTTP, graceful shutdown.
 * The database opens (the embedded one on its own thread) while the server's code loads: only the config,
 * the logger and the database client are imported before it.
 */
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
  const opening = openDatabase(config, log);
  // Awaited below; a failure meanwhile must not count as unhandled.
  opening.catch(() => {});
  const [{ createDeps, startServer }, { seedIfFirstRun }] = await Promise.all([
    import('./server'),
    import('./seed/demo'),
  ]);
  const { deps, db } = await createDeps(config, log, await opening);
  if (db.kind === 'embedded' || config.SEED_DEMO) await seedIfFirstRun(deps, { force: config.SEED_DEMO });
  const server = await startServer(deps, db);
  if (db.backup) await offerEmbeddedBackups(config.DATA_DIR, db.backup, log);
  if (config.ROW_LEVEL_SECURITY_DISABLED)
    log.warn(
      {},
      'ROW_LEVEL_SECURITY_DISABLED: scoped operations run without their row-level-security transaction',
    );
  log.info(
    {
      port: server.port,
      database: db.kind,
      mail: deps.mailer.via,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `listening on http://localhost:${server.port}`,
  );

  // The drain, then the longer of the requests' window and the jobs' (their window, a second's grace and
  // up to 5 s for graphile-worker to hand back what still runs), and 2 s to close pub/sub and the pool.
  const shutdownLimitMs =
    Math.max(
      config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_REQUESTS_TIMEOUT_MS,
      config.JOBS_SHUTDOWN_TIMEOUT_MS + 6_000,
    ) + 3_000;
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

/**
 * On the embedded database (a data directory only this process may open): `<DATA_DIR>/service.pid` names
 * this process, and SIGUSR2 writes the database's image to `<DATA_DIR>/backups/` (what `npm run backup`
 * asks for while the service runs; docs/backups.md). The pid file goes at exit.
 */
async function offerEmbeddedBackups(
  dataDir: string,
  image: () => Promise<Uint8Array>,
  log: ReturnType<typeof createLogger>,
) {
  const [{ writeFileSync, rmSync }, { servicePidFile, writeEmbeddedImage }] = await Promise.all([
    import('node:fs'),
    import('./cli/backup-files'),
  ]);
  const pidFile = servicePidFile(dataDir);
  writeFileSync(pidFile, `${process.pid}\n`);
  process.once('exit', () => rmSync(pidFile, { force: true }));
  let running: Promise<unknown> = Promise.resolve();
  process.on('SIGUSR2', () => {
    running = running.then(() =>
      writeEmbeddedImage(dataDir, image, log).catch((err) =>
        log.error({ err }, 'embedded database image not written'),
      ),
    );
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
