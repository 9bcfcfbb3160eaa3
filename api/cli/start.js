import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * `npm start`; with `--build`, the server's part of `npm run build`. Plain JavaScript, so Node starts it
 * without a compiler.
 *
 * The service runs as JavaScript built from our TypeScript (`dist/server/serve.js`, see
 * `build-server.ts`): transpiling at every start (tsx) cost seconds before the service's first line. It is
 * built again only when a file it was made from changed: a hash of their contents (with the build's own
 * files and esbuild's version), checked at every start in a few milliseconds. `npm run dev` stays on tsx.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_DIR = join(ROOT, 'dist', 'server');
const INFO_FILE = 'build-info.json';
/** What makes the bundle besides the sources: this file, the build, the bundler. */
const BUILD_FILES = ['api/cli/start.js', 'api/cli/build-server.ts', 'node_modules/esbuild/package.json'];

/** @param {string} file relative to the root */
const stamp = (file) => {
  const stat = statSync(join(ROOT, file), { throwIfNoEntry: false });
  return stat ? `${stat.size}:${stat.mtimeMs}` : '';
};

/**
 * Hash of the files' paths and contents (relative to the root), or null when one is gone.
 * @param {string[]} inputs
 */
function sourceHash(inputs) {
  const hash = createHash('sha256');
  for (const file of [...BUILD_FILES, ...inputs]) {
    const path = join(ROOT, file);
    if (!existsSync(path)) return null;
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(path));
  }
  return hash.digest('hex');
}

/**
 * The build's record: its inputs, their hash and each file's size and modification time (when none
 * changed, the contents are not read again).
 * @param {string[]} inputs
 * @param {string} hash
 */
const buildInfo = (inputs, hash) => ({
  hash,
  inputs,
  stamps: [...BUILD_FILES, ...inputs].map(stamp),
});

/** Whether dist/server was built from the files as they are now. */
function isFresh() {
  try {
    const info = JSON.parse(readFileSync(join(OUT_DIR, INFO_FILE), 'utf8'));
    if (!existsSync(join(OUT_DIR, 'serve.js'))) return false;
    const files = [...BUILD_FILES, ...info.inputs];
    if (files.every((file, i) => info.stamps?.[i] === stamp(file))) return true;
    // Touched (a checkout, a save without a change): the contents decide.
    if (sourceHash(info.inputs) !== info.hash) return false;
    writeFileSync(
      join(OUT_DIR, INFO_FILE),
      `${JSON.stringify(buildInfo(info.inputs, info.hash), null, 2)}\n`,
    );
    return true;
  } catch {
    return false;
  }
}

/** Builds into a temporary folder beside dist/server and moves it there, so no start sees half a build. */
async function build() {
  const { bundleServer } = await import('./build-server.ts');
  const tmp = `${OUT_DIR}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  try {
    const inputs = await bundleServer(ROOT, tmp, OUT_DIR);
    const hash = sourceHash(inputs);
    if (!hash) throw new Error('a source file went missing during the server build');
    writeFileSync(join(tmp, INFO_FILE), `${JSON.stringify(buildInfo(inputs, hash), null, 2)}\n`);
    rmSync(OUT_DIR, { recursive: true, force: true });
    renameSync(tmp, OUT_DIR);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    // Another start built it at the same moment: theirs is as good as ours.
    if (!isFresh()) throw err;
  }
}

/**
 * The embedded database's thread (`api/db/pglite.ts` takes it over), started before the server's code
 * loads: opening the database is most of a start, and it runs meanwhile. With the config's defaults only:
 * no DATABASE_URL, DATA_DIR `./data` or set, 40 connections (`api/db/client.ts`); otherwise, or when they
 * differ, the server starts its own.
 */
function startDatabaseEarly() {
  const dataDir = process.env.DATA_DIR ?? './data';
  if (process.env.DATABASE_URL || !dataDir) return;
  const dir = resolve(join(dataDir, 'pg'));
  const maxConnections = 40;
  const worker = new Worker(join(OUT_DIR, 'workers', 'api', 'db', 'pglite-worker.js'), {
    workerData: { dir, maxConnections },
  });
  const opened = new Promise((ready, fail) => {
    worker.on('message', (message) => {
      if (message.type === 'ready') ready(message.port);
    });
    worker.once('error', fail);
    worker.once('exit', (code) =>
      fail(new Error(`the embedded database stopped while opening (exit code ${code})`)),
    );
  });
  opened.catch(() => {});
  globalThis[Symbol.for('client-portal.embedded-database')] = { dir, maxConnections, worker, opened };
}

const buildOnly = process.argv.includes('--build');
if (buildOnly || !isFresh()) {
  if (!buildOnly) console.log('Building the server (first start, or its sources changed)…');
  await build();
}
if (!buildOnly) {
  // Compiled code of the bundle and the packages is kept between starts (a cache keyed by their contents).
  const cacheDir = join(ROOT, 'node_modules', '.cache', 'server-compile-cache');
  module.enableCompileCache(cacheDir);
  // The worker threads (the embedded database's, the PDF workers) read it from the environment.
  process.env.NODE_COMPILE_CACHE ??= cacheDir;
  startDatabaseEarly();
  // Stack traces name the TypeScript sources.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(OUT_DIR, 'serve.js')).href);
}
