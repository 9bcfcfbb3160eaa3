import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createRsbuild } from '@rsbuild/core';
import { API_DEV_TARGET, ROOT, STANDALONE_REMOTES, sectionFile, standaloneConfig } from './config';

/**
 * `npm run dev:remote -- <name>`: one remote's section on its own development server
 * (http://localhost:3100/dashboard/<name>, hot reload), for the team working on it. Uses the development API
 * on port 3001 when one is running (`npm run dev`), else starts it (`tsx watch api/main.ts`, PORT=3001) and
 * stops it on exit.
 */
const name = process.argv[2] ?? '';
const runnable = STANDALONE_REMOTES;
if (!sectionFile(name)) {
  console.error(
    `usage: npm run dev:remote -- <name>\n${name ? `"${name}" has no section (remotes/${name}/section.tsx). ` : ''}Remotes with a section: ${runnable.join(', ')}`,
  );
  process.exit(1);
}

async function apiAnswers(): Promise<boolean> {
  // Node, not a browser: only asks whether the development API is up (any answer will do).
  return fetch(`${API_DEV_TARGET}/api/health`).then(
    () => true,
    () => false,
  );
}

let api: ChildProcess | undefined;
if (!(await apiAnswers())) {
  console.log(`No API on ${API_DEV_TARGET}: starting it (PORT=3001 tsx watch api/main.ts).`);
  api = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['watch', '--clear-screen=false', 'api/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '3001' },
    stdio: 'inherit',
    detached: true,
  });
}

function stopApi() {
  if (api?.pid && api.exitCode === null) {
    try {
      process.kill(-api.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('exit', stopApi);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopApi();
    process.exit(0);
  });
}

const rsbuild = await createRsbuild({ cwd: ROOT, config: standaloneConfig(name) });
const { urls } = await rsbuild.startDevServer();
const base = urls[0] ?? 'http://localhost:3100';
console.log(`\n${name} standalone: ${new URL(`/dashboard/${name}`, base).href}\n`);
