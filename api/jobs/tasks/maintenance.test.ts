import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerPrefix } from '../../storage/keys';
import { createTestContext, type TestContext } from '../../testing/harness';
import { SCHEDULES } from '../schedules';
import type { TaskContext } from '../task';
import { taskContext } from '../testing';
import { deleteProviderFilesTask, purgeExpiredRows } from './maintenance';

describe('the maintenance jobs', () => {
  let t: TestContext;
  let ctx: TaskContext;
  beforeAll(async () => {
    t = await createTestContext();
    ctx = taskContext(t);
  });
  afterAll(() => t.close());

  it('are scheduled: the purges hourly, the domain re-check every 10 minutes', () => {
    const byTask = Object.fromEntries(SCHEDULES.map((s) => [s.task, s.cron]));
    expect(byTask).toMatchObject({
      purge_expired: '7 * * * *',
      purge_domain_claims: '37 * * * *',
      recheck_domains: '*/10 * * * *',
    });
  });

  it('purge_expired drops finished rate-limit windows and keeps open ones', async () => {
    await t.sql`
      INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES
        ('gone', now() - interval '2 hours', 3, now() - interval '1 hour'),
        ('open', now(), 1, now() + interval '1 hour')`;
    await purgeExpiredRows.run({}, ctx);
    const left = await t.sql<{ key: string }[]>`SELECT key FROM rate_limits WHERE key IN ('gone', 'open')`;
    expect(left.map((r) => r.key)).toEqual(['open']);
  });

  it('delete_provider_files removes a deleted account’s files, and a second run finds nothing', async () => {
    const providerId = '6f1d3c55-7a4e-4d8a-9a55-2f9c1c0a7b11';
    await t.deps.store.put(`${providerPrefix(providerId)}a.txt`, Readable.from([Buffer.from('a')]));
    await t.deps.store.put('logos/legacy-logo.webp', Readable.from([Buffer.from('b')]));
    await deleteProviderFilesTask.run({ providerId, keys: ['logos/legacy-logo.webp'] }, ctx);
    expect(await t.deps.store.list(providerPrefix(providerId))).toEqual([]);
    expect(await t.deps.store.stat('logos/legacy-logo.webp')).toBeNull();
    await expect(deleteProviderFilesTask.run({ providerId, keys: [] }, ctx)).resolves.toBeUndefined();
  });
});
