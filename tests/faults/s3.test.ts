import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type Server, Socket } from 'node:net';
import { join } from 'node:path';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../api/routes/account/testing';
import { type PortalWorld, passwordSession, portalWorld } from '../../api/routes/portal-client/testing';
import { type S3Peer, startS3Peer } from '../../api/storage/testing';
import { createScratchDatabase, type ServiceProcess, startServiceProcess } from './instance';
import { REMOTE_ENV, remote } from './remote';

/*
 * The S3 store stopped under the service (issue 31): a real service process on s3rver, reached through a
 * TCP relay of the test's own (which shows when an upload's PUT is under way, so s3rver is stopped in the
 * middle of one). While the store is down, uploads and downloads answer 503 `storage_unavailable` with
 * `Retry-After`, in the request's language, within a bound; nothing is half-stored; once s3rver is back on
 * the same port and folder, uploads work again and every stored object has its row and every row its object.
 */

/** An answer during the outage comes within this (the S3 client's timeouts and retries, bounded). */
const OUTAGE_ANSWER_MS = 20_000;
/** With S3_TIMEOUT_MS 1.5 s: three silent attempts and the pauses between them (~5.5 s), with room. */
const HUNG_ANSWER_MS = 15_000;

/**
 * A TCP relay to s3rver that counts the bytes of PUT requests going through; `hang(true)` makes it a store
 * that accepts connections and never answers (its connections so far are cut, so none is reused).
 */
async function startRelay(targetPort: () => number) {
  const sockets = new Set<Socket>();
  let putBytes = 0;
  let hanging = false;
  const server: Server = createServer((inbound) => {
    sockets.add(inbound);
    if (hanging) {
      inbound.resume(); // read and dropped, never answered
      inbound.on('error', () => {}).on('close', () => sockets.delete(inbound));
      return;
    }
    const outbound = new Socket();
    sockets.add(outbound);
    let putting = false;
    inbound.on('data', (chunk: Buffer) => {
      if (/^PUT /.test(chunk.subarray(0, 4).toString('latin1'))) putting = true;
      else if (/^[A-Z]+ \//.test(chunk.subarray(0, 10).toString('latin1'))) putting = false;
      if (putting) putBytes += chunk.length;
    });
    const end = () => {
      inbound.destroy();
      outbound.destroy();
      sockets.delete(inbound);
      sockets.delete(outbound);
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
    // Piped at once: a socket still connecting buffers what is written to it.
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    outbound.connect(targetPort(), '127.0.0.1');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    putBytes: () => putBytes,
    hang(on: boolean) {
      hanging = on;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A PNG of noise (barely compressible): about 3 bytes a pixel. */
const noisePng = (side: number) =>
  sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the S3 store stopped and started during uploads', () => {
  let s3: S3Peer;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: postgres.Sql;
  let svc: ServiceProcess;
  let w: PortalWorld;
  let projectId: string;
  let token: string;

  beforeAll(async () => {
    s3 = await startS3Peer();
    const s3Port = Number(new URL(s3.env.S3_ENDPOINT as string).port);
    relay = await startRelay(() => s3Port);
    db = await createScratchDatabase('fault_s3');
    sql = postgres(db.url, { max: 2, onnotice: () => {} });
    svc = await startServiceProcess({
      ...s3.env,
      ...REMOTE_ENV,
      S3_ENDPOINT: `http://127.0.0.1:${relay.port}`,
      DATABASE_URL: db.url,
      JOBS_RETRY_BASE_MS: '300',
      JOBS_RETRY_MAX_MS: '2000',
      JOBS_POLL_INTERVAL_MS: '200',
      // A store that never answers is given up after 3 × 1.5 s of silence (and two short pauses).
      S3_TIMEOUT_MS: '1500',
    });
    const t = remote(svc.url);
    w = await portalWorld(t, `s3-${Date.now()}`);
    const project = await send(t, 'POST', '/api/projects', w.owner, {
      name: 'Outage',
      clientId: w.client.id,
    });
    expect(project.status).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
    token = (await passwordSession(t, w.client.email, w.portalId)).token;
  });

  afterAll(async () => {
    await svc?.stop();
    await sql?.end();
    await db?.drop();
    await relay?.close();
    await s3?.close();
  });

  const providerHeaders = (lang = 'en') => ({
    Cookie: w.owner,
    Origin: REMOTE_ENV.PUBLIC_URL,
    'Sec-Fetch-Site': 'same-origin',
    'Accept-Language': lang,
  });

  async function upload(bytes: Buffer, name: string, as: 'provider' | 'client', lang = 'en') {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
    const started = Date.now();
    const res =
      as === 'provider'
        ? await fetch(`${svc.url}/api/projects/${projectId}/files`, {
            method: 'POST',
            headers: providerHeaders(lang),
            body: form,
          })
        : await fetch(`${svc.url}/api/portal/${w.portalId}/projects/${projectId}/files`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Accept-Language': lang },
            body: form,
          });
    const body = (await res.json()) as {
      id?: string;
      latestVersion?: { id: string };
      error?: { code: string; message: string };
    };
    return { res, body, ms: Date.now() - started, sha: sha256(bytes) };
  }

  const download = (fileId: string, versionId: string) =>
    fetch(`${svc.url}/api/files/${fileId}/versions/${versionId}/download`, { headers: providerHeaders() });

  /** Every object under the provider's files, and the keys the rows point at (versions and their previews). */
  async function storedAndRows() {
    const bucket = await listBucket(`providers/${w.providerId}/files/`);
    const versions = await sql<{ storage_key: string; preview_status: string | null }[]>`
      SELECT storage_key, preview_status FROM file_versions WHERE provider_id = ${w.providerId}`;
    return { bucket, versions };
  }

  async function listBucket(prefix: string): Promise<string[]> {
    const { createS3Store } = await import('../../api/storage/s3-store');
    const store = createS3Store({
      bucket: s3.env.S3_BUCKET as string,
      region: 'us-east-1',
      endpoint: s3.env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: {
        accessKeyId: s3.env.S3_ACCESS_KEY_ID as string,
        secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY as string,
      },
      spoolDir: join(s3.env.DATA_DIR as string, 'test-spool'),
    });
    try {
      return await store.list(prefix);
    } finally {
      store.close();
    }
  }

  it('answers 503 storage_unavailable while it is down, stores nothing half, and works again after', async () => {
    const small = await noisePng(64);
    const large = await noisePng(1100); // ~3.6 MB: its PUT takes long enough to be cut in the middle

    // Before: both sides upload, the provider downloads the same bytes.
    const before = [
      await upload(small, 'before-provider.png', 'provider'),
      await upload(small, 'before-client.png', 'client'),
    ];
    for (const u of before) expect(u.res.status, JSON.stringify(u.body)).toBe(201);
    const first = before[0]?.body as { id: string; latestVersion: { id: string } };
    const got = await download(first.id, first.latestVersion.id);
    expect(got.status).toBe(200);
    expect(sha256(new Uint8Array(await got.arrayBuffer()))).toBe(before[0]?.sha);

    // Large uploads in flight; s3rver stopped (its connections dropped) once one's PUT is under way.
    const putBefore = relay.putBytes();
    const inFlight = [0, 1, 2, 3].map((i) =>
      upload(large, `in-flight-${i}.png`, i % 2 ? 'client' : 'provider', i === 3 ? 'de' : 'en'),
    );
    await until(
      'a PUT under way',
      async () => (relay.putBytes() - putBefore > 256 * 1024 ? true : undefined),
      60_000,
    );
    await s3.pause({ dropConnections: true });
    const down = Date.now();

    // Uploads and downloads during the outage.
    const during = [
      await upload(small, 'during-provider.png', 'provider'),
      await upload(small, 'during-client-de.png', 'client', 'de'),
    ];
    const downloadStarted = Date.now();
    const failedDownload = await download(first.id, first.latestVersion.id);
    const downloadMs = Date.now() - downloadStarted;
    const settled = await Promise.all(inFlight);
    const outageMs = Date.now() - down;

    for (const u of during) {
      expect(u.res.status, JSON.stringify(u.body)).toBe(503);
      expect(u.body.error?.code).toBe('storage_unavailable');
      expect(Number(u.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(u.ms).toBeLessThan(OUTAGE_ANSWER_MS);
    }
    expect(during[0]?.body.error?.message).toMatch(/file storage/i);
    expect(during[1]?.body.error?.message).toMatch(/Dateispeicher/);
    // An upload in flight either made it (its PUT finished before the cut) or failed the same way.
    for (const u of settled) {
      expect([201, 503], JSON.stringify(u.body)).toContain(u.res.status);
      if (u.res.status === 503) expect(u.body.error?.code).toBe('storage_unavailable');
      expect(u.ms).toBeLessThan(OUTAGE_ANSWER_MS + 30_000);
    }
    expect(
      settled.some((u) => u.res.status === 503),
      'an upload was cut by the outage',
    ).toBe(true);
    expect(failedDownload.status).toBe(503);
    expect(((await failedDownload.json()) as { error: { code: string } }).error.code).toBe(
      'storage_unavailable',
    );
    expect(Number(failedDownload.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(downloadMs).toBeLessThan(OUTAGE_ANSWER_MS);

    // Back on the same port and folder: uploads work, the bytes stored before are still there.
    await s3.resume();
    const after = [
      await upload(small, 'after-provider.png', 'provider'),
      await upload(small, 'after-client.png', 'client'),
    ];
    for (const u of after) expect(u.res.status, JSON.stringify(u.body)).toBe(201);
    const again = await download(first.id, first.latestVersion.id);
    expect(again.status).toBe(200);
    expect(sha256(new Uint8Array(await again.arrayBuffer()))).toBe(before[0]?.sha);

    // A store that accepts connections but never answers: the upload is answered 503 within the bound
    // that S3_TIMEOUT_MS sets, not held for ever.
    relay.hang(true);
    const hung = await upload(small, 'hung.png', 'provider');
    relay.hang(false);
    expect(hung.res.status, JSON.stringify(hung.body)).toBe(503);
    expect(hung.body.error?.code).toBe('storage_unavailable');
    expect(hung.ms).toBeLessThan(HUNG_ANSWER_MS);

    // Nothing half-stored: once the queue is empty (previews made, cleanups done), every version's object
    // exists and every object belongs to a version (its bytes, thumbnail or page).
    const accepted = [...before, ...settled, ...after].filter((u) => u.res.status === 201);
    await until(
      'the job queue to drain',
      async () => {
        const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker.jobs
          WHERE task_identifier IN ('process_file_version', 'delete_stored_keys', 'delete_stored_prefixes')`;
        return row?.n === 0 ? true : undefined;
      },
      90_000,
    );
    const { bucket, versions } = await storedAndRows();
    expect(versions.length).toBe(accepted.length);
    const keys = new Set(versions.map((v) => v.storage_key));
    for (const key of keys) expect(bucket, `the object of ${key}`).toContain(key);
    for (const object of bucket) {
      const owner = object.replace(/-(thumb|page-\d+)\.webp$/, '');
      expect(keys.has(owner), `a row for ${object}`).toBe(true);
    }
    // No spool file left behind (files up to 10 MB go up in one PUT: no multipart parts to leave open).
    expect(readdirSync(join(s3.env.DATA_DIR as string, 'tmp', 'uploads'))).toEqual([]);
    const rows = await sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM files WHERE provider_id = ${w.providerId}`;
    expect(rows[0]?.n).toBe(accepted.length);
    expect(svc.errors()).toEqual([]);
    console.log(
      `s3 outage: ${outageMs} ms; hung store answered in ${hung.ms} ms; answers during it ${during.map((u) => u.ms).join(', ')} ms, download ${downloadMs} ms; in flight ${settled.map((u) => `${u.res.status}/${u.ms} ms`).join(', ')}`,
    );
  });
});
