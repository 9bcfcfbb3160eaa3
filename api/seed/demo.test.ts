import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../shared/contracts/activity';
import type { FileDetail, FileList } from '../../shared/contracts/files';
import type { PortalProjectList } from '../../shared/contracts/portal-client';
import { createPortalSession } from '../auth/portal-client/portal-session';
import { tempDataDir } from '../routes/portals/testing';
import { createTestContext, type TestContext } from '../testing/harness';
import { DEMO_EMAIL, seedIfFirstRun } from './demo';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  // The demo files are stored: in a private DATA_DIR, never in ./data.
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  const seeded = await seedIfFirstRun(t.deps);
  expect(seeded?.email).toBe(DEMO_EMAIL);
  const res = await t.app.request('/api/auth/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: seeded?.password }),
  });
  expect(res.status).toBe(200);
  cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
});
afterAll(() => t.close());

describe('the first start’s demo data', () => {
  it('has projects in several statuses, with conversations the provider has not all read', async () => {
    const projects = (await (
      await t.app.request('/api/projects', { headers: { Cookie: cookie } })
    ).json()) as {
      items: { status: string; unreadMessages: number }[];
    };
    expect(new Set(projects.items.map((p) => p.status)).size).toBeGreaterThanOrEqual(3);
    expect(projects.items.some((p) => p.unreadMessages > 0)).toBe(true);
    const sheet = (await (
      await t.app.request('/api/notifications', { headers: { Cookie: cookie } })
    ).json()) as NotificationList;
    expect(sheet.items.some((i) => i.type === 'message' && !i.read)).toBe(true);
    expect(sheet.unreadCount).toBeGreaterThan(0);
  });

  it('has files in several review states, with a second version, feedback and pins', async () => {
    const res = await t.app.request('/api/files?pageSize=100', { headers: { Cookie: cookie } });
    const list = (await res.json()) as FileList;
    expect(list.items.length).toBeGreaterThanOrEqual(5);
    expect(new Set(list.items.map((f) => f.status)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(list.items.map((f) => f.uploadedBy))).toEqual(new Set(['provider', 'client']));
    const design = list.items.find((f) => f.latestVersion.number === 2);
    if (!design) throw new Error('no file with a second version');
    const detail = (await (
      await t.app.request(`/api/files/${design.id}`, { headers: { Cookie: cookie } })
    ).json()) as FileDetail;
    expect(detail.history.map((e) => e.kind)).toEqual(['uploaded', 'decision', 'version']);
    expect(detail.history[1]?.feedback).toBeTruthy();
    expect(detail.pins.length).toBeGreaterThan(0);
    const download = await t.app.request(
      `/api/files/${design.id}/versions/${design.latestVersion.id}/download`,
      { headers: { Cookie: cookie } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
  });

  it('shows the demo client their own projects in the portal, and only theirs', async () => {
    const [ada] = await t.sql<{ id: string; portal_id: string; provider_id: string }[]>`
      SELECT id, portal_id, provider_id FROM clients WHERE email = 'ada.demo@example.com'`;
    if (!ada) throw new Error('no demo client');
    const { token } = await createPortalSession(
      t.sql,
      { id: ada.id, portalId: ada.portal_id, providerId: ada.provider_id },
      'password',
      t.deps.now(),
    );
    const res = await t.app.request(`/api/portal/${ada.portal_id}/projects`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const list = (await res.json()) as PortalProjectList;
    expect(list.items.map((p) => p.name).sort()).toEqual(['Brand guidelines', 'Website relaunch']);
  });
});
