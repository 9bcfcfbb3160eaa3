import { type ChildProcess, spawn } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  /** Everything the process wrote to stdout so far (when started with `captureStdout`). */
  stdout(): string;
  /**
   * SIGTERM to the whole process group (npm runs the service as a grandchild), then wait until every
   * process of the group has exited: npm leaves before the service has finished its graceful shutdown,
   * which would otherwise overlap the next start (on the same embedded database).
   */
  stop(): Promise<void>;
}

/** Spawns a command in its own process group so that stopping it leaves nothing behind. */
export function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { captureStdout?: boolean } = {},
): Started {
  const child = spawn(command, args, {
    env,
    stdio: ['ignore', opts.captureStdout ? 'pipe' : 'ignore', 'ignore'],
    detached: true,
  });
  let out = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stdout: () => out,
    async stop() {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
        await exited;
      }
      if (child.pid) await groupGone(child.pid);
    },
  };
}

/** Resolves once no process of the group `pgid` is left (at most a minute). */
async function groupGone(pgid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Resolves once `url` answers (any status); rejects when the process exits first or after a minute. */
export async function waitForUrl(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer in time`);
}

/** Throws when something already answers on `url` (a stale server would be measured instead). */
export async function assertFree(url: string): Promise<void> {
  if (
    await fetch(url).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${url} is already taken`);
}
