import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, assertStoragePrefix, contentTypeOf, StorageKeyError } from './keys';
import { ByteMeter, clampRange, type FileStore } from './store';

/** Temp files live beside the tree (same file system, so the final rename is atomic); never a key. */
const TEMP_DIR = '.tmp';
/** How much of an upload may wait in memory for the disk (per upload). */
const WRITE_BUFFER = 512 * 1024;
/** Temp files older than this are left-overs of a crash (a live upload renames its file within minutes). */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

/**
 * Files in a folder (`<DATA_DIR>/uploads`), one file per key at the key's path, so the tree can be copied
 * into a bucket as it is. Writes go to a temp file first and are renamed into place, so a reader sees the
 * whole file or none, also when the process dies mid-upload. They are not fsynced: as with most web apps'
 * disk storage, a power loss or kernel crash can lose the files of the last seconds (the kernel writes
 * them out within about 30 s); syncing each upload cut the upload throughput by about a third on the bench
 * machine. A deployment that cannot accept that uses the S3 driver. A key is checked twice: by its form,
 * and its resolved path must stay inside the root.
 * @example const store = createLocalStore('/var/lib/portal/uploads')
 */
export function createLocalStore(rootDir: string): FileStore {
  const root = resolve(rootDir);
  const tempDir = join(root, TEMP_DIR);
  let swept = false;

  const pathOf = (key: string) => {
    const path = resolve(root, assertStorageKey(key));
    if (!path.startsWith(root + sep)) throw new StorageKeyError(key);
    return path;
  };
  const folderOf = (prefix: string) => {
    const path = resolve(root, assertStoragePrefix(prefix));
    if (!path.startsWith(root + sep)) throw new StorageKeyError(prefix);
    return path;
  };

  /** Removes the folders a delete left empty, up to (not including) the root. */
  async function pruneEmptyFolders(from: string) {
    for (let dir = from; dir.startsWith(root + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or gone): the folders above are not empty either
      }
    }
  }

  /** Renames the finished temp file into place, making its folder; once more if a delete pruned it. */
  async function moveIntoPlace(temp: string, path: string) {
    for (let attempt = 0; ; attempt++) {
      await mkdir(dirname(path), { recursive: true });
      try {
        await rename(temp, path);
        return;
      } catch (err) {
        if (attempt > 0 || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }

  async function sweepStaleTemp() {
    const now = Date.now();
    for (const name of await readdir(tempDir).catch(() => [])) {
      const path = join(tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
    }
  }

  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err) => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    });
    return entries
      .filter((e) => e.isFile() && !e.name.startsWith('.'))
      .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
      .sort();
  }

  return {
    driver: 'local',

    async put(key, body, { maxBytes, headBytes } = {}) {
      const path = pathOf(key);
      await mkdir(tempDir, { recursive: true });
      if (!swept) {
        swept = true;
        void sweepStaleTemp().catch(() => {});
      }
      const temp = join(tempDir, `${randomBytes(12).toString('hex')}.part`);
      const meter = new ByteMeter(maxBytes, { headBytes });
      try {
        // A deeper write buffer than the default 16 KiB: while one write is on disk, the next chunks
        // gather and go out together (writev), in fewer system calls.
        await pipeline(body, meter, createWriteStream(temp, { flags: 'wx', highWaterMark: WRITE_BUFFER }));
        await moveIntoPlace(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { size: meter.size, sha256: meter.sha256(), ...(headBytes ? { head: meter.head() } : {}) };
    },

    async get(key, { range } = {}) {
      const path = pathOf(key);
      const handle = await open(path, 'r').catch((err) => {
        if (['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const bytes = range ? clampRange(range, info.size) : undefined;
        const body: Readable = handle.createReadStream(bytes ?? {});
        return {
          body,
          size: info.size,
          contentType: contentTypeOf(key),
          lastModified: info.mtime,
          ...(bytes ? { range: bytes } : {}),
        };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async stat(key) {
      const info = await stat(pathOf(key)).catch((err) => {
        if (['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
        throw err;
      });
      if (!info?.isFile()) return null;
      return { size: info.size, contentType: contentTypeOf(key), lastModified: info.mtime };
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await pruneEmptyFolders(dirname(path));
    },

    async deletePrefix(prefix) {
      const dir = folderOf(prefix);
      const count = (await filesUnder(dir)).length;
      await rm(dir, { recursive: true, force: true });
      await pruneEmptyFolders(dirname(dir));
      return count;
    },

    async list(prefix) {
      return filesUnder(folderOf(prefix));
    },

    localPath(key) {
      return pathOf(key);
    },

    close() {},
  };
}
