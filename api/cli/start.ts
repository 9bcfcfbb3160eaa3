import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm start`: builds any frontend environment that is missing from dist/ (a fresh clone has none), then
 * starts the service. A complete dist/ adds nothing to start-up time.
 */
const DIST = process.env.DIST_DIR ?? './dist';
const ENTRY_FILE: Record<string, string> = {
  host: 'index.html',
  clients: 'mf-manifest.json',
  projects: 'mf-manifest.json',
  invoices: 'mf-manifest.json',
  files: 'mf-manifest.json',
  analytics: 'mf-manifest.json',
  portal: 'index.html',
  widget: 'embed.js',
};

const missing = Object.entries(ENTRY_FILE)
  .filter(([env, file]) => !existsSync(join(DIST, env, file)))
  .map(([env]) => env);

if (missing.length > 0) {
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

await import('../main');
