import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createLogger } from '../http/logger';
import { createStore } from '../storage/create-store';
import {
  backUpFiles,
  copySecrets,
  embeddedBackupsDir,
  readManifest,
  restoreEmbeddedImage,
  restoreFiles,
  runPgTool,
  servicePidFile,
  writeEmbeddedImage,
  writeManifest,
} from './backup-files';

/*
 * `npm run backup -- <folder>` / `npm run restore -- <folder>` (docs/backups.md), with the service's own
 * environment (DATABASE_URL, DATA_DIR, STORAGE_DRIVER, S3_*).
 *
 * Backup, while the service runs: first the database, then the files (a new file is stored before its
 * row, so files copied after the database hold every file its rows name, plus perhaps a few newer ones
 * nothing points at; only a file deleted while the backup runs may be missing, see docs/backups.md).
 *   - PostgreSQL: `pg_dump --format=custom` (one consistent snapshot; the service keeps running).
 *   - Embedded: the running service writes its database's image itself when sent SIGUSR2 (its pid in
 *     `<DATA_DIR>/service.pid`), since only its process may open the data directory; without a running
 *     service, this opens it and writes the image.
 * Restore, into an empty database and store, with no service running on them yet:
 *   - PostgreSQL: the two row-level-security roles made if missing (they are per server), `pg_restore
 *     --no-owner` (the objects belong to the DATABASE_URL user, who runs the service's migrations).
 *   - Embedded: the image unpacked into `<DATA_DIR>/pg` (which must not exist yet).
 */

const IMAGE_WAIT_MS = 120_000;

async function main() {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    console.error('usage: npm run backup -- <folder>  |  npm run restore -- <folder>');
    process.exit(2);
  }
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
  const log = createLogger(config.LOG_LEVEL === 'silent' ? 'silent' : 'info');
  const dir = resolve(folder);
  const store = createStore(config, log);
  try {
    if (command === 'backup') {
      await mkdir(dir, { recursive: true });
      if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty`);
      const kind = config.DATABASE_URL ? 'postgres' : 'embedded';
      if (config.DATABASE_URL)
        await runPgTool('pg_dump', [
          '--format=custom',
          '--no-owner',
          `--file=${join(dir, 'database.dump')}`,
          `--dbname=${config.DATABASE_URL}`,
        ]);
      else await copyFile(await embeddedImage(config, log), join(dir, 'database.tar'));
      const files = await backUpFiles(store, dir);
      await copySecrets(config.DATA_DIR, dir);
      await writeManifest(dir, { kind, createdAt: new Date().toISOString(), files });
      log.info({ folder: dir, kind, files }, 'backup written');
    } else {
      const manifest = await readManifest(dir);
      if (manifest.kind === 'postgres') {
        if (!config.DATABASE_URL)
          throw new Error('a PostgreSQL backup is restored into DATABASE_URL: set it');
        await runPgTool('psql', [
          '--no-psqlrc',
          '--quiet',
          '-v',
          'ON_ERROR_STOP=1',
          `--dbname=${config.DATABASE_URL}`,
          '-c',
          ROLES_SQL,
        ]);
        await runPgTool('pg_restore', [
          '--no-owner',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${config.DATABASE_URL}`,
          join(dir, 'database.dump'),
        ]);
      } else {
        if (config.DATABASE_URL)
          throw new Error('an embedded backup is restored under DATA_DIR: unset DATABASE_URL');
        const target = join(config.DATA_DIR, 'pg');
        if (existsSync(target) && readdirSync(target).length > 0)
          throw new Error(`${target} already holds a database`);
        await restoreEmbeddedImage(config.DATA_DIR, readFileSync(join(dir, 'database.tar')));
      }
      const files = await restoreFiles(store, dir);
      await copySecrets(dir, config.DATA_DIR);
      log.info({ folder: dir, kind: manifest.kind, files }, 'backup restored');
    }
  } finally {
    store.close();
  }
}

/** The two roles of row-level security, as migration 0038 makes them (they belong to the server). */
const ROLES_SQL = `DO $$ DECLARE r text; BEGIN
  FOREACH r IN ARRAY ARRAY['client_portal_provider', 'client_portal_client'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOINHERIT', r);
    END IF;
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, r, 'MEMBER') THEN
      EXECUTE format('GRANT %I TO %I', r, current_user);
    END IF;
  END LOOP; END $$;`;

/** The embedded database's image: written by the running service (SIGUSR2), or by this process. */
async function embeddedImage(config: ReturnType<typeof loadConfig>, log: ReturnType<typeof createLogger>) {
  const pid = runningService(config.DATA_DIR);
  const backups = embeddedBackupsDir(config.DATA_DIR);
  if (pid === undefined) {
    const db = await openDatabase(config, log);
    try {
      if (!db.backup) throw new Error('the embedded database gave no image');
      return await writeEmbeddedImage(config.DATA_DIR, db.backup, log);
    } finally {
      await db.close();
    }
  }
  const before = new Set(existsSync(backups) ? readdirSync(backups) : []);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + IMAGE_WAIT_MS;
  for (;;) {
    const fresh = (existsSync(backups) ? readdirSync(backups) : []).find(
      (name) => !before.has(name) && name.endsWith('.tar') && !name.startsWith('.'),
    );
    if (fresh) return join(backups, fresh);
    if (Date.now() > deadline)
      throw new Error(`the service (pid ${pid}) wrote no image within ${IMAGE_WAIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The pid in `<DATA_DIR>/service.pid` when that process is alive and a Node process (a pid file left by a
 * killed service may name another program by now: SIGUSR2 would end it).
 */
function runningService(dataDir: string): number | undefined {
  const file = servicePidFile(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync('/proc/self') && !(existsSync(cmdline) && /node/.test(readFileSync(cmdline, 'latin1'))))
    throw new Error(
      `${file} names process ${pid}, which is not the service: remove the file if no service runs`,
    );
  return pid;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
