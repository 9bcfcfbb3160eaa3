import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** A remote's own first chunk: the remoteEntry named by its manifest. */
export function remoteEntryKb(dist: string, remote: string): number {
  const manifest = JSON.parse(readFileSync(join(dist, remote, 'mf-manifest.json'), 'utf8'));
  const entry = manifest?.metaData?.remoteEntry;
  const file = join(dist, remote, entry?.path ?? '', entry?.name ?? 'remoteEntry.js');
  return gz(existsSync(file) ? file : join(dist, remote, 'remoteEntry.js'));
}
