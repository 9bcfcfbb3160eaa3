import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../api/routes/account/testing';
import { type PortalWorld, passwordSession, portalWorld } from '../../api/routes/portal-client/testing';
import { UPLOAD_LIMITS } from '../../api/storage/upload-limits';
import { createScratchDatabase, type ServiceProcess, startServiceProcess } from './instance';
import { REMOTE_ENV, remote } from './remote';

/*
 * The upload limit is one budget for every instance (issue 31): two service processes on one PostgreSQL
 * database (and one shared file folder, as two instances behind a balancer have one store), a provider's
 * uploads alternating between them. The minute's limit is reached across both; the next upload, on
 * either, answers 429 `rate_limited` with `Retry-After` in the request's language, before its body is
 * stored; a portal client of the same provider has a budget of its own.
 */

const LIMIT = UPLOAD_LIMITS.perMinute.limit;

describe('the upload limit shared by two instances', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: postgres.Sql;
  let dataDir: string;
  let instances: ServiceProcess[] = [];
  let w: PortalWorld;
  let projectId: string;
  let token: string;

  beforeAll(async () => {
    db = await createScratchDatabase('fault_upload_limit');
    sql = postgres(db.url, { max: 2, onnotice: () => {} });
    dataDir = mkdtempSync(join(tmpdir(), 'upload-limit-'));
    // Small pools: two instances on a PostgreSQL server other suites use at the same time.
    const env = {
      ...REMOTE_ENV,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      DATABASE_POOL_MAX: '4',
      JOBS_CONCURRENCY: '2',
    };
    // One after the other: the first migrates, the second finds the schema ready.
    instances = [await startServiceProcess(env)];
    instances.push(await startServiceProcess(env));
    const t = remote(instances[0]?.url ?? '');
    w = await portalWorld(t, `limit-${Date.now()}`);
    const project = await send(t, 'POST', '/api/projects', w.owner, {
      name: 'Limits',
      clientId: w.client.id,
    });
    expect(project.status).toBe(201);
    projectId = ((await project.json()) as { id: string }).id;
    token = (await passwordSession(t, w.client.email, w.portalId)).token;
  });

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await sql?.end();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const png = sharp({ create: { width: 8, height: 8, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();

  async function upload(on: ServiceProcess, as: 'provider' | 'client', lang = 'en') {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await png)], { type: 'image/png' }), 'dot.png');
    return fetch(
      as === 'provider'
        ? `${on.url}/api/projects/${projectId}/files`
        : `${on.url}/api/portal/${w.portalId}/projects/${projectId}/files`,
      {
        method: 'POST',
        headers:
          as === 'provider'
            ? { Cookie: w.owner, Origin: REMOTE_ENV.PUBLIC_URL, 'Accept-Language': lang }
            : { Authorization: `Bearer ${token}`, 'Accept-Language': lang },
        body: form,
      },
    );
  }

  it(`lets a provider upload ${LIMIT} files a minute across both instances, then answers 429 on either`, async () => {
    const [a, b] = instances as [ServiceProcess, ServiceProcess];
    // The limit counts fixed one-minute windows: start early in one, so that the whole run falls inside it
    // (waiting for the clock, not for an event; at most ~35 s).
    const intoWindow = Date.now() % UPLOAD_LIMITS.perMinute.windowMs;
    if (intoWindow > 25_000)
      await new Promise((r) => setTimeout(r, UPLOAD_LIMITS.perMinute.windowMs - intoWindow + 200));
    const started = Date.now();

    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await upload(i % 2 ? b : a, 'provider')).status);
    expect(
      statuses.filter((s) => s !== 201),
      'every upload within the limit',
    ).toEqual([]);

    // Past it, on each instance: 429, Retry-After within the window, the text in the request's language.
    const onA = await upload(a, 'provider');
    const onB = await upload(b, 'provider', 'de');
    for (const res of [onA, onB]) {
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    const [bodyA, bodyB] = (await Promise.all([onA.json(), onB.json()])) as {
      error: { code: string; message: string };
    }[];
    expect(bodyA?.error.code).toBe('rate_limited');
    expect(bodyA?.error.message).toMatch(/try again in \d+ seconds/);
    expect(bodyB?.error.code).toBe('rate_limited');
    expect(bodyB?.error.message).toMatch(/in \d+ Sekunden erneut/);

    // The client's budget is its own: it still uploads, on either instance.
    expect((await upload(b, 'client')).status).toBe(201);
    expect((await upload(a, 'client')).status).toBe(201);
    expect(Date.now() - started, 'the run stayed inside one window').toBeLessThan(
      UPLOAD_LIMITS.perMinute.windowMs - 25_000,
    );

    // Nothing of the refused uploads was stored: the provider's files are exactly the accepted ones.
    const [{ provider = -1, client = -1 } = {}] = await sql<{ provider: number; client: number }[]>`
      SELECT count(*) FILTER (WHERE uploaded_by = 'provider')::int AS provider,
             count(*) FILTER (WHERE uploaded_by = 'client')::int AS client
      FROM files WHERE provider_id = ${w.providerId}`;
    expect({ provider, client }).toEqual({ provider: LIMIT, client: 2 });
    for (const instance of instances) expect(instance.errors()).toEqual([]);
  });
});
