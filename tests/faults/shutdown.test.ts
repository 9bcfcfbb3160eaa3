import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '../../shared/realtime/protocol';
import { createScratchDatabase, type ServiceProcess, startServiceProcess } from './instance';
import {
  ApiClient,
  addProject,
  instanceEnv,
  latestSeq,
  type Mailbox,
  type PortalClient,
  type Provider,
  portalWithClient,
  signUpProvider,
  startMailbox,
  type WatchedSocket,
  waitFor,
  watch,
} from './world';

/*
 * Graceful shutdown of one real service process (`tsx api/main.ts`) on a scratch PostgreSQL database.
 * At SIGTERM two requests are in flight: a file upload the test is still streaming (slowly, over a
 * kept-alive connection that served a request before) and a project update waiting on a row lock the
 * test holds (released only after SIGTERM); a mail job is running (the mail provider takes 1.5 s); two
 * realtime sockets (the browser's client) are open. Then: the port refuses new connections at once, the
 * sockets are closed with 1012 (Service Restart), both requests are answered 2xx (the upload with
 * `Connection: close`), the mail is sent once and not left in the queue, and the process exits 0 well
 * within its bound, with no error in its log.
 */

const DATABASE_URL = process.env.DATABASE_URL;
/** SIGTERM to exit: the slow requests take ~3 s after it; the bound of the instance itself is ~17 s. */
const EXIT_BOUND_MS = 15_000;

describe.skipIf(!DATABASE_URL)('SIGTERM: a graceful shutdown', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let mailbox: Mailbox;
  let instance: ServiceProcess;
  let admin: postgres.Sql;
  let owner: Provider;
  let client: PortalClient;
  let projectId: string;
  const sockets: WatchedSocket[] = [];
  let releaseLock: () => void = () => {};

  beforeAll(async () => {
    db = await createScratchDatabase('shutdown');
    mailbox = await startMailbox({ delayMs: 1_500 });
    instance = await startServiceProcess(
      instanceEnv(db.url, mailbox, {
        JOBS_CONCURRENCY: '2',
        DATABASE_POOL_MAX: '4',
        WEBHOOKS_CONCURRENCY: '1',
      }),
      { direct: true },
    );
    admin = postgres(db.url, { max: 2, onnotice: () => {} });
    const api = new ApiClient(instance.url);
    owner = await signUpProvider(api, mailbox, 'shutdown');
    client = await portalWithClient(api, owner, 'shutdown');
    projectId = await addProject(api, owner, client.clientId, 'Shutdown project');
  });

  afterAll(async () => {
    releaseLock();
    for (const s of sockets) s.client.stop();
    await instance?.stop('SIGKILL');
    await admin?.end({ timeout: 1 });
    await mailbox?.close();
    await db?.drop();
  });

  it('finishes in-flight requests and jobs, refuses new connections, closes sockets with 1012, exits 0', async () => {
    const latest = await latestSeq(admin);
    sockets.push(
      watch(instance.url, { cookie: owner.cookie }, latest),
      watch(instance.url, { client }, latest),
    );
    await waitFor(() => sockets.every((s) => s.client.status === 'open'), 15_000, 'both sockets open');

    // 1. A kept-alive connection: one request answered on it, then the upload streamed over it slowly.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await request(agent, instance.port, 'GET', '/api/auth/session', { Cookie: owner.cookie });
    expect(first.status).toBe(200);
    expect(first.headers.connection).toBe('keep-alive');
    const png = await noisePng();
    const boundary = `----faults${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, png, tail]);
    let firstSocket: net.Socket | undefined;
    const upload = new Promise<{
      status: number;
      headers: http.IncomingHttpHeaders;
      body: string;
      reused: boolean;
    }>((resolve, reject) => {
      const req = http.request({
        agent,
        host: '127.0.0.1',
        port: instance.port,
        method: 'POST',
        path: `/api/projects/${projectId}/files`,
        headers: {
          Origin: instance.url,
          Cookie: owner.cookie,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(body.length),
        },
      });
      req.on('socket', (s) => {
        firstSocket = s;
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            reused: req.reusedSocket,
          }),
        );
      });
      req.on('error', reject);
      void streamSlowly(req, body, () => signalled);
    });
    let signalled = false;

    // 2. A project update waiting on the project's row, locked by the test's own transaction.
    const lockHeld = new Promise<void>((held) => {
      void admin.begin(async (tx) => {
        await tx`SELECT 1 FROM projects WHERE id = ${projectId} FOR UPDATE`;
        held();
        await new Promise<void>((release) => {
          releaseLock = release;
        });
      });
    });
    await lockHeld;
    const update = fetch(`${instance.url}/api/projects/${projectId}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: instance.url, Cookie: owner.cookie },
      body: JSON.stringify({ name: 'Renamed during shutdown' }),
    });
    let early: string | undefined;
    void update.then(async (res) => {
      early = `${res.status} ${await res.clone().text()}`;
    });
    await waitFor(
      async () => {
        if (early) throw new Error(`the update did not wait for the lock: ${early}`);
        const waiting = await admin`
          SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        return waiting.length > 0;
      },
      10_000,
      'the update to wait on the lock',
    );

    // 3. A mail job running: the invitation, which the mail provider holds for 1.5 s.
    const api = new ApiClient(instance.url);
    await api.ok('POST', `/api/clients/${client.clientId}/invite`, { cookie: owner.cookie });
    await waitFor(() => mailbox.pending() > 0, 10_000, 'the invitation mail to be on its way');
    await waitFor(
      () => (firstSocket?.bytesWritten ?? 0) > body.length / 4,
      10_000,
      'a quarter of the upload sent',
    );

    // SIGTERM.
    const signalledAt = Date.now();
    instance.child.kill('SIGTERM');
    signalled = true;

    // New connections are refused at once (the default drain is 0).
    await waitFor(() => refuses(instance.port), 2_000, 'the port to refuse connections');
    // The sockets are told to reconnect elsewhere.
    await waitFor(
      () => sockets.every((s) => s.closeCodes.includes(CloseCode.serviceRestart)),
      5_000,
      'both sockets closed with 1012',
    );
    expect(
      sockets.flatMap((s) => s.closeCodes).filter((c) => c !== CloseCode.serviceRestart && c !== 1006),
    ).toEqual([]);
    // Still running: the two requests are in flight.
    expect(instance.child.exitCode).toBeNull();

    // The lock goes; both requests are answered.
    releaseLock();
    const updated = await update;
    expect(updated.status, await updated.clone().text()).toBe(200);
    const uploaded = await upload;
    expect(uploaded.status, uploaded.body).toBe(201);
    expect(uploaded.reused).toBe(true);
    expect(uploaded.headers.connection).toBe('close');

    const code = await instance.exited;
    const tookMs = Date.now() - signalledAt;
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(EXIT_BOUND_MS);
    console.info(`shutdown: exited ${tookMs} ms after SIGTERM`);
    expect(instance.errors()).toEqual([]);
    expect(instance.output()).toContain('"msg":"stopped"');

    // Written, sent once, nothing left behind in the queue.
    const [project] = await admin<{ name: string }[]>`SELECT name FROM projects WHERE id = ${projectId}`;
    expect(project?.name).toBe('Renamed during shutdown');
    const files = await admin`SELECT 1 FROM files WHERE project_id = ${projectId}`;
    expect(files).toHaveLength(1);
    expect(mailbox.to(client.email).filter((m) => /invit/i.test(m.body.subject))).toHaveLength(1);
    const queued = await admin<{ task_identifier: string }[]>`
      SELECT t.identifier AS task_identifier FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'send_mail'`;
    expect(queued).toEqual([]);
    agent.destroy();
  });
});

/** One request over `agent`; its status, headers and body. */
function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request({ agent, host: '127.0.0.1', port, method, path, headers }, (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/**
 * Writes `body` in 64 KiB pieces: a piece every 50 ms until a third is sent, then it waits for the
 * signal (`signalled()`), then the rest at the same pace (~1.5 s).
 */
async function streamSlowly(req: http.ClientRequest, body: Buffer, signalled: () => boolean) {
  const piece = 64 * 1024;
  for (let at = 0; at < body.length; at += piece) {
    if (at > body.length / 3) while (!signalled()) await new Promise((r) => setTimeout(r, 20));
    req.write(body.subarray(at, at + piece));
    await new Promise((r) => setTimeout(r, 50));
  }
  req.end();
}

/** A PNG of noise (incompressible): ~2 MB. */
function noisePng() {
  const width = 900;
  const height = 800;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Whether a connection to `port` is refused now. */
function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
