import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../http/logger';
import { isStorageKey } from '../storage/keys';
import type { FileStore } from '../storage/store';

/*
 * Backups (docs/backups.md): a folder with the database and every stored file.
 *
 *   manifest.json          what it is (`kind`: postgres | embedded), when, how many files
 *   database.dump          PostgreSQL: `pg_dump --format=custom` of the live database
 *   database.tar           embedded: the PGlite data directory's image (`dumpDataDir`)
 *   files/<key>            every object of the file store (local folder or S3 bucket), at its key
 *   secrets/…              DATA_DIR's generated keys (the payment-secrets key), when there are any
 */

export interface Manifest {
  kind: 'postgres' | 'embedded';
  createdAt: string;
  files: number;
}

/** Where a service on the embedded database writes its images when asked (`SIGUSR2`). */
export const embeddedBackupsDir = (dataDir: string) => join(dataDir, 'backups');
/** The pid of the service running on the embedded database under DATA_DIR (written at its start). */
export const servicePidFile = (dataDir: string) => join(dataDir, 'service.pid');

/** Every stored object under `providers/` into `<out>/files/<key>`; returns the count. */
export async function backUpFiles(store: FileStore, out: string): Promise<number> {
  const keys = await store.list('providers/');
  for (const key of keys) {
    const file = await store.get(key);
    if (!file) continue; // deleted meanwhile (its rows went first)
    const target = join(out, 'files', key);
    await mkdir(dirname(target), { recursive: true });
    await pipeline(file.body, createWriteStream(target));
  }
  return keys.length;
}

/** Every file of `<in>/files` into the store at its key; returns the count. */
export async function restoreFiles(store: FileStore, from: string): Promise<number> {
  const root = join(from, 'files');
  let count = 0;
  for (const path of await walk(root)) {
    const key = relative(root, path).split('\\').join('/');
    if (!isStorageKey(key)) throw new Error(`not a storage key in the backup: ${key}`);
    await store.put(key, createReadStream(path));
    count += 1;
  }
  return count;
}

async function walk(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** DATA_DIR's `secrets/` (generated keys) into `<out>/secrets`, or back. */
export async function copySecrets(fromDir: string, toDir: string): Promise<void> {
  const from = join(fromDir, 'secrets');
  if (!existsSync(from)) return;
  await mkdir(join(toDir, 'secrets'), { recursive: true, mode: 0o700 });
  for (const name of await readdir(from)) {
    const target = join(toDir, 'secrets', name);
    if (!existsSync(target)) await copyFile(join(from, name), target);
  }
}

export async function writeManifest(out: string, manifest: Manifest): Promise<void> {
  await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(from: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(from, 'manifest.json'), 'utf8')) as Manifest;
}

/** Runs a PostgreSQL client program (`pg_dump`, `pg_restore`, `psql`); rejects with its stderr. */
export function runPgTool(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * Writes the running embedded database's image to `<DATA_DIR>/backups/database-<time>.tar` (a temp name,
 * then renamed: a reader sees a whole image or none). What the service does on `SIGUSR2`.
 */
export async function writeEmbeddedImage(
  dataDir: string,
  image: () => Promise<Uint8Array>,
  log: Logger,
): Promise<string> {
  const dir = embeddedBackupsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `database-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.tar`;
  const temp = join(dir, `.${name}.tmp`);
  await writeFile(temp, await image());
  await rename(temp, join(dir, name));
  const path = join(dir, name);
  log.info({ path, bytes: (await stat(path)).size }, 'embedded database image written');
  return path;
}

/** Removes a folder's leftovers of a failed run. */
export const removeTemp = (path: string) => rm(path, { force: true, recursive: true });

/**
 * Unpacks an embedded database's image into `<DATA_DIR>/pg` (empty or missing): PGlite opened there from
 * the image once, then closed; the service then opens it as its own.
 */
export async function restoreEmbeddedImage(dataDir: string, image: Uint8Array): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dir = join(dataDir, 'pg');
  await mkdir(dir, { recursive: true });
  const db = await PGlite.create({
    dataDir: dir,
    loadDataDir: new Blob([new Uint8Array(image)]),
    extensions: { pg_trgm, btree_gist },
  });
  await db.query('SELECT 1');
  await db.close();
}
