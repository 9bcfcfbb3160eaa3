import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../routes/account/testing';
import { passwordSession, portalRequest, portalWorld } from '../routes/portal-client/testing';
import { tempDataDir } from '../routes/portals/testing';
import { createTestContext, type TestContext } from '../testing/harness';

/*
 * Keyset paging (issue 26) through the three lists that sort by a choice of fields: every sort and order,
 * walked in small pages over rows with equal sort values, NULLs and equal timestamps, gives exactly the
 * rows of one large page in the same order (nothing skipped, nothing twice); a cursor of another sort or
 * order, or a tampered one, answers 422 naming `cursor`.
 */

type Page = { items: { id: string }[]; nextCursor: string | null; total: number };

let t: TestContext;
let owner: string;
let providerId: string;
let portalId: string;
let clientToken: string;
beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  const world = await portalWorld(t, 'keyset');
  ({ owner, providerId, portalId } = world);
  clientToken = (await passwordSession(t, world.client.email, portalId)).token;
  const clientId = world.client.id;
  // 14 clients: names repeat (three "Same name"), every other one without a company, four created at
  // the very same instant.
  await t.sql`
    INSERT INTO clients (provider_id, portal_id, name, email, company, created_at)
    SELECT ${providerId}, ${portalId}, CASE WHEN i <= 3 THEN 'Same name' ELSE 'Client ' || i END,
           'k' || i || '@example.com', CASE WHEN i % 2 = 0 THEN 'Company ' || (i % 3) END,
           CASE WHEN i <= 4 THEN timestamptz '2026-03-01 10:00:00.123456+00'
                ELSE now() - i * interval '1 second' END
    FROM generate_series(1, 14) i`;
  // 13 projects of the world's client: statuses repeat, dates often missing, equal update times.
  await t.sql`
    INSERT INTO projects (provider_id, client_id, name, status, start_date, end_date, created_at, updated_at)
    SELECT ${providerId}, ${clientId}, 'Project ' || (i % 5),
           (ARRAY['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'])[1 + i % 5],
           CASE WHEN i % 3 = 0 THEN NULL ELSE date '2026-01-01' + (i % 4) END,
           CASE WHEN i % 2 = 0 THEN NULL ELSE date '2026-06-01' + (i % 2) END,
           now() - i * interval '1 minute',
           CASE WHEN i <= 5 THEN timestamptz '2026-03-01 10:00:00.654321+00' ELSE now() END
    FROM generate_series(1, 13) i`;
  // 12 files in one of them, with one version each: names and sizes repeat, equal times.
  const [project] = await t.sql<{ id: string }[]>`
    SELECT id FROM projects WHERE provider_id = ${providerId} ORDER BY name LIMIT 1`;
  await t.sql`
    WITH f AS (
      INSERT INTO files (provider_id, project_id, name, status, uploaded_by, created_at, updated_at)
      SELECT ${providerId}, ${project?.id ?? ''}, 'File ' || (i % 4) || '.png',
             (ARRAY['pending_review', 'approved', 'rejected'])[1 + i % 3], 'provider',
             timestamptz '2026-03-01 10:00:00+00', now() - (i % 3) * interval '1 hour'
      FROM generate_series(1, 12) i
      RETURNING id, name)
    INSERT INTO file_versions (provider_id, file_id, number, storage_key, original_name, size_bytes, sha256,
                               mime_type, kind, uploaded_by_type, uploaded_by_name, preview_status)
    SELECT ${providerId}, f.id, 1, 'providers/x/' || f.id, f.name, 1000 + length(f.name) % 2,
           repeat('a', 64), 'image/png', 'image', 'provider', 'Owner', 'unavailable'
    FROM f`;
});
afterAll(() => t.close());

async function get(path: string, token?: string): Promise<{ status: number; body: unknown }> {
  const res = token ? await portalRequest(t, 'GET', path, token) : await send(t, 'GET', path, owner);
  return { status: res.status, body: await res.json() };
}

/** Every page of `path` with `limit` rows each, followed by cursor: the ids in order, and the pages. */
async function walk(path: string, limit: number, token?: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { status, body } = await get(url, token);
    expect(status, url).toBe(200);
    const page = body as Page;
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    pages++;
    expect(pages).toBeLessThan(50);
  } while (cursor);
  return { ids, pages };
}

const LISTS = [
  { path: '/api/clients', sorts: ['name', 'email', 'company', 'createdAt'] },
  { path: '/api/projects', sorts: ['name', 'status', 'startDate', 'endDate', 'updatedAt', 'createdAt'] },
  { path: '/api/files', sorts: ['name', 'status', 'updatedAt', 'createdAt', 'size'] },
] as const;

describe.each(LISTS)('$path: keyset pages', ({ path, sorts }) => {
  it.each(sorts.flatMap((sort) => [`sort=${sort}&order=asc`, `sort=${sort}&order=desc`]))(
    'walks %s in pages of 3 exactly as one page shows it',
    async (query) => {
      const whole = (await get(`${path}?${query}&limit=100`)).body as Page;
      expect(whole.nextCursor).toBeNull();
      expect(whole.items.length).toBeGreaterThan(10);
      const walked = await walk(`${path}?${query}`, 3);
      expect(walked.ids).toEqual(whole.items.map((item) => item.id));
      expect(walked.pages).toBe(Math.ceil(whole.total / 3));
    },
  );

  it('refuses a cursor made for another sort or order, and a tampered one, with 422 on `cursor`', async () => {
    const first = (await get(`${path}?sort=name&order=asc&limit=2`)).body as Page;
    const cursor = encodeURIComponent(first.nextCursor ?? '');
    for (const query of [
      `sort=name&order=desc&cursor=${cursor}`,
      `sort=${sorts[1]}&order=asc&cursor=${cursor}`,
      'cursor=not-a-cursor',
      `cursor=${Buffer.from(JSON.stringify(['name.asc', 'x', 'not-a-uuid'])).toString('base64url')}`,
      `cursor=${Buffer.from(JSON.stringify(['createdAt.desc', "x'; DROP TABLE clients; --", crypto.randomUUID()])).toString('base64url')}`,
    ]) {
      const { status, body } = await get(`${path}?${query}`);
      expect(status, query).toBe(422);
      expect((body as { error: { fields: { path: string }[] } }).error.fields).toEqual([
        expect.objectContaining({ path: 'cursor' }),
      ]);
    }
    expect((await get(`${path}?sort=name&order=asc&cursor=${cursor}`)).status).toBe(200);
  });

  it('takes 1 to 100 rows a page (50 by default) and refuses others with 422 on `limit`', async () => {
    const defaults = (await get(path)).body as Page;
    expect(defaults.items.length).toBe(Math.min(50, defaults.total));
    for (const limit of ['0', '101', 'x']) {
      const { status, body } = await get(`${path}?limit=${limit}`);
      expect(status).toBe(422);
      expect((body as { error: { fields: { path: string }[] } }).error.fields[0]?.path).toBe('limit');
    }
  });
});

it('pages a client’s files in the portal the same way', async () => {
  const whole = (await get(`/api/portal/${portalId}/files?sort=size&order=desc&limit=100`, clientToken))
    .body as Page;
  expect(whole.items.length).toBe(12);
  const walked = await walk(`/api/portal/${portalId}/files?sort=size&order=desc`, 5, clientToken);
  expect(walked.ids).toEqual(whole.items.map((item) => item.id));
});
