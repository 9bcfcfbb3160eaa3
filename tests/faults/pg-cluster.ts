import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);

/** Debian's postgresql-common, which makes, starts and drops clusters of their own beside 15/main. */
export const PG_CREATECLUSTER = '/usr/bin/pg_createcluster';

/** Whether this machine can make a PostgreSQL cluster of its own (Debian's postgresql-common). */
export function canCreateClusters(): boolean {
  return existsSync(PG_CREATECLUSTER);
}

/**
 * A PostgreSQL cluster of one test's own (never the shared 15/main): made with trust authentication on a
 * free port, so a fault test may stop, restart and kill it while others use the main one. `drop()` stops
 * and removes it (call it in `afterAll` too: it is safe twice).
 */
export interface TestCluster {
  name: string;
  version: string;
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>`. */
  url(database?: string): string;
  /** `pg_ctlcluster … start` (waits until it accepts connections). */
  start(): Promise<void>;
  /** `pg_ctlcluster … stop -m <mode>` (fast by default: active transactions rolled back, clients cut). */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctlcluster … restart -m <mode>`. */
  restart(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Whether a connection is accepted now (a `SELECT 1` within `timeoutMs`). */
  accepting(timeoutMs?: number): Promise<boolean>;
  drop(): Promise<void>;
}

/** A TCP port nobody listens on now (the OS's choice). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Makes and starts a cluster (`pg_createcluster <version> <prefix>_<random> -p <free port> --
 * --auth=trust`). It listens on localhost (the default); fsync is off (no machine crash is simulated, only the
 * server's: what the server flushed survives its restart either way), and the log goes to the usual
 * /var/log/postgresql file.
 */
export async function createCluster(prefix: string, version = '15'): Promise<TestCluster> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  let dropped = false;
  const ctl = (...args: string[]) => run('pg_ctlcluster', [version, name, ...args], { timeout: 60_000 });
  await run(
    'pg_createcluster',
    [version, name, '-p', String(port), '-o', 'fsync=off', '-o', 'max_connections=100', '--', '--auth=trust'],
    { timeout: 120_000 },
  );
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const accepting = async (timeoutMs = 2_000) => {
    const probe = postgres(url(), {
      max: 1,
      connect_timeout: Math.ceil(timeoutMs / 1000),
      onnotice: () => {},
    });
    try {
      await probe`SELECT 1`;
      return true;
    } catch {
      return false;
    } finally {
      await probe.end({ timeout: 0 }).catch(() => {});
    }
  };
  const cluster: TestCluster = {
    name,
    version,
    port,
    url,
    async start() {
      await ctl('start');
    },
    async stop(mode = 'fast') {
      await ctl('stop', '-m', mode);
    },
    async restart(mode = 'fast') {
      await ctl('restart', '-m', mode);
    },
    accepting,
    async drop() {
      if (dropped) return;
      dropped = true;
      await run('pg_dropcluster', ['--stop', version, name], { timeout: 60_000 });
    },
  };
  try {
    await cluster.start();
  } catch (err) {
    await cluster.drop().catch(() => {});
    throw err;
  }
  return cluster;
}
