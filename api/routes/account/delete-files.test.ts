import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshIp, PASSWORD, signedInProvider } from '../../auth/testing';
import { createLogger } from '../../http/logger';
import { startWorker } from '../../jobs/worker';
import { providerPrefix } from '../../storage/keys';
import { type S3Peer, startS3Peer } from '../../storage/testing';
import { createTestContext, jsonHeaders, type TestContext } from '../../testing/harness';
import { userIdOf } from '../overview/testing';
import { createPortal, tempDataDir } from '../portals/testing';
import { send } from './testing';

/**
 * Finding 17: deleting an account removes everything it owned, files included; deleting a portal removes
 * its logo. On both file stores.
 */

const logoPng = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

async function uploadLogo(t: TestContext, cookie: string, portalId: string) {
  const form = new FormData();
  form.set('logo', new File([new Uint8Array(await logoPng())], 'logo.png', { type: 'image/png' }));
  const { 'Content-Type': _json, ...headers } = jsonHeaders({ Cookie: cookie });
  const res = await t.app.request(`/api/portals/${portalId}/logo`, { method: 'PUT', headers, body: form });
  expect(res.status).toBe(200);
  return (await res.json()) as { logoUrl: string };
}

const deleteAccount = (t: TestContext, cookie: string) =>
  send(
    t,
    'DELETE',
    '/api/account',
    cookie,
    { password: PASSWORD, confirm: 'DELETE' },
    { 'X-Forwarded-For': freshIp() },
  );

describe.each([
  ['local', async () => ({ env: { DATA_DIR: tempDataDir() }, close: async () => {} })],
  ['s3', startS3Peer],
])('deleting with files, %s store', (_driver, storage) => {
  let t: TestContext;
  let closeStorage: () => Promise<void>;
  beforeAll(async () => {
    const peer = await storage();
    closeStorage = peer.close;
    t = await createTestContext({ TRUST_PROXY: 'true', ...peer.env });
  });
  afterAll(async () => {
    await t.close();
    await closeStorage();
  });

  it('removes every logo and every file under the provider’s prefix with the account, and nobody else’s', async () => {
    const leaving = await signedInProvider(t, 'files-leaving@example.com');
    const staying = await signedInProvider(t, 'files-staying@example.com');
    const leavingId = await userIdOf(t, leaving);
    const stayingId = await userIdOf(t, staying);
    const [first, second] = [await createPortal(t, leaving), await createPortal(t, leaving)];
    await uploadLogo(t, leaving, first.id);
    await uploadLogo(t, leaving, second.id);
    // What a later feature stores under the provider's prefix (a project file).
    await t.deps.store.put(
      `${providerPrefix(leavingId)}projects/p1/files/brief.pdf`,
      Readable.from([Buffer.from('%PDF')]),
    );
    // A logo stored before migration 0010, outside the prefix.
    const third = await createPortal(t, leaving);
    const legacy = `logos/${third.id}-AbCdEfGhIjKlMnOp.webp`;
    await t.deps.store.put(
      legacy,
      Readable.from([
        await sharp(await logoPng())
          .webp()
          .toBuffer(),
      ]),
    );
    await t.sql`UPDATE client_portals SET logo_path = ${legacy} WHERE id = ${third.id}`;
    expect((await t.app.request(`/api/portals/${third.id}/logo`)).status).toBe(200);
    const kept = await createPortal(t, staying);
    const keptLogo = await uploadLogo(t, staying, kept.id);
    expect(await t.deps.store.list(providerPrefix(leavingId))).toHaveLength(3);

    expect((await deleteAccount(t, leaving)).status).toBe(200);

    expect(await t.deps.store.list(providerPrefix(leavingId))).toEqual([]);
    expect(await t.deps.store.stat(legacy)).toBeNull();
    expect(await t.deps.store.list(providerPrefix(stayingId))).toHaveLength(1);
    expect((await t.app.request(new URL(keptLogo.logoUrl).pathname)).status).toBe(200);
  });

  it('removes the portal’s logo with the portal, and only that portal’s', async () => {
    const owner = await signedInProvider(t, 'files-portal-owner@example.com');
    const ownerId = await userIdOf(t, owner);
    const [doomed, other] = [await createPortal(t, owner), await createPortal(t, owner)];
    await uploadLogo(t, owner, doomed.id);
    await uploadLogo(t, owner, other.id);
    expect(await t.deps.store.list(providerPrefix(ownerId))).toHaveLength(2);

    expect((await send(t, 'DELETE', `/api/portals/${doomed.id}`, owner)).status).toBe(200);

    const left = await t.deps.store.list(providerPrefix(ownerId));
    expect(left).toEqual([expect.stringContaining(`/portals/${other.id}/logo-`)]);
  });
});

describe('deleting an account while the bucket is unreachable', () => {
  let t: TestContext;
  let peer: S3Peer;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await createTestContext({
      TRUST_PROXY: 'true',
      JOBS_POLL_INTERVAL_MS: '100',
      JOBS_RETRY_BASE_MS: '50',
      ...peer.env,
    });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('still deletes the account, logs what to retry, and deleteProviderFiles finishes the job later', async () => {
    const lines: string[] = [];
    t.deps.log = createLogger('error', {}, (line) => lines.push(line));
    const cookie = await signedInProvider(t, 'files-offline@example.com');
    const providerId = await userIdOf(t, cookie);
    await uploadLogo(t, cookie, (await createPortal(t, cookie)).id);

    await peer.pause();
    try {
      expect((await deleteAccount(t, cookie)).status).toBe(200);
    } finally {
      await peer.resume();
    }
    const [users] = await t.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM users WHERE id = ${providerId}`;
    expect(users?.n).toBe(0);
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.retry);
    expect(logged).toMatchObject({
      level: 'error',
      msg: 'files left in storage after their rows were deleted',
      retry: { deleteProviderFiles: { providerId, keys: [] } },
    });
    expect(await t.deps.store.list(providerPrefix(providerId))).toHaveLength(1);

    // The job enqueued with the deletion finishes it once the bucket answers again.
    const worker = await startWorker(t.deps, t.db, { schedules: [] });
    try {
      await vi.waitFor(async () => expect(await t.deps.store.list(providerPrefix(providerId))).toEqual([]), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      await worker?.stop();
    }
  });
});
