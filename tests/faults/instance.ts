import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import postgres from 'postgres';

/**
 * The service as a real process (`node --import tsx api/main.ts`, the sources as `npm run dev` runs them), for the fault and soak tests:
 * real signals, real restarts, its own pool and job worker. Its JSON log lines are kept for checks such as
 * "no error in the logs".
 */
export interface ServiceProcess {
  port: number;
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its parsed JSON log lines at `error` or `fatal`. */
  errors(): Array<Record<string, unknown>>;
  /** Resolves with its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const TSX = join(process.cwd(), 'node_modules/.bin/tsx');

/**
 * Starts one instance with `env` on top of the test process's environment (PORT 0 unless given: the port
 * it took is read from its "listening on" line) and waits until it listens (up to `startTimeoutMs`).
 */
export async function startServiceProcess(
  env: Record<string, string>,
  {
    startTimeoutMs = 90_000,
    direct = true,
  }: {
    startTimeoutMs?: number;
    /**
     * Runs `node --import tsx api/main.ts` (the default), so a signal reaches the service itself. The tsx
     * CLI (`direct: false`) relays a signal to its child and, when the child does not acknowledge it within
     * 30 ms (a busy event loop on a loaded machine), kills it with SIGKILL and exits 143.
     */
    direct?: boolean;
  } = {},
): Promise<ServiceProcess> {
  const [command, args] = direct
    ? [process.execPath, ['--import', 'tsx', 'api/main.ts']]
    : [TSX, ['api/main.ts']];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: join(process.cwd(), 'tests/faults/no-dist'),
      ...env,
    },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + startTimeoutMs;
  while (!/"msg":"listening on[^\n]*\n/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const line = out.split('\n').find((l) => l.includes('"msg":"listening on')) ?? '';
  const port = Number((JSON.parse(line) as { port: number }).port);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    errors: () =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return { level: 'error', msg: `unparsable log line: ${line}` };
          }
        })
        .filter((entry) => entry.level === 'error' || entry.level === 'fatal'),
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A fresh database on the PostgreSQL server of `serverUrl` (DATABASE_URL by default), dropped by `drop()`.
 */
export async function createScratchDatabase(
  prefix: string,
  serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
