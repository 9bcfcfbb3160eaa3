import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_MANIFEST, REMOTE_NAMES } from '../../shared/remotes';

/** A file each environment's build writes: when it is there, the environment is built (remotes: the registry). */
const ENTRY_FILE: Record<string, string> = {
  host: 'index.html',
  ...Object.fromEntries(REMOTE_NAMES.map((name) => [name, REMOTE_MANIFEST])),
  portal: 'index.html',
  widget: 'embed.js',
};

/**
 * Builds every frontend environment missing from `distDir` (a fresh clone has none); exits the process
 * when the build fails. A complete dist/ costs a few `stat` calls.
 */
export function buildMissingFrontends(distDir: string): void {
  const missing = Object.entries(ENTRY_FILE)
    .filter(([env, file]) => !existsSync(join(distDir, env, file)))
    .map(([env]) => env);
  if (missing.length === 0) return;
  console.log(`Building ${missing.join(', ')} (first start)…`);
  const args = ['rsbuild', 'build', ...missing.flatMap((env) => ['--environment', env])];
  const result = spawnSync('npx', args, {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The frontend build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}
