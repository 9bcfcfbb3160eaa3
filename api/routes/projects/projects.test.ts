import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project, ProjectList } from '../../../shared/contracts/projects';
import { createPortalSession } from '../../auth/portal-client/portal-session';
import { signedInProvider } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { portalRequest } from '../portal-client/testing';
import { createClient, createPortal } from '../portals/testing';

let t: TestContext;
let owner: string;
let portalId: string;
let clientId: string;
let otherClientId: string;
let clientToken: string;

beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
  owner = await signedInProvider(t, 'projects-owner@example.com');
  const portal = await createPortal(t, owner, { portalName: 'Projects portal' });
  portalId = portal.id;
  clientId = (await createClient(t, owner, portalId, { name: 'Ada Client' })).id;
  otherClientId = (await createClient(t, owner, portalId, { name: 'Bob Client' })).id;
  const [row] = await t.sql<
    { provider_id: string }[]
  >`SELECT provider_id FROM clients WHERE id = ${clientId}`;
  clientToken = (
    await createPortalSession(
      t.sql,
      { id: clientId, portalId, providerId: row?.provider_id ?? '' },
      'password',
      t.deps.now(),
    )
  ).token;
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>) {
  const res = await send(t, 'POST', '/api/projects', owner, { clientId, ...body });
  return { res, project: (await res.json()) as Project };
}

describe('projects', () => {
  it('creates a project with its client, budget in the provider currency and the defaults', async () => {
    const { res, project } = await create({
      name: '  Website relaunch ',
      budgetCents: 1_250_000,
      startDate: '2026-12-01',
      endDate: '2027-02-28',
      description: 'The new site',
      internalNotes: 'Margin is thin',
    });
    expect(res.status).toBe(201);
    expect(project).toMatchObject({
      name: 'Website relaunch',
      status: 'planning',
      client: { id: clientId, name: 'Ada Client', portalId },
      budget: { amountCents: 1_250_000, currency: 'USD' },
      budgetVisibleToClient: false,
      startDate: '2026-12-01',
      endDate: '2027-02-28',
      internalNotes: 'Margin is thin',
      unreadMessages: 0,
    });
  });

  it('refuses an end date before the start date, sent or stored, with a translated field error', async () => {
    const bad = await create({ name: 'Backwards', startDate: '2026-05-02', endDate: '2026-05-01' });
    expect(bad.res.status).toBe(422);
    const body = bad.project as unknown as { error: { fields: { path: string; key: string }[] } };
    expect(body.error.fields).toContainEqual(
      expect.objectContaining({ path: 'endDate', key: 'validation.endBeforeStart' }),
    );
    const { project } = await create({ name: 'Stored start', startDate: '2026-05-02' });
    const patch = await send(t, 'PATCH', `/api/projects/${project.id}`, owner, { endDate: '2026-05-01' });
    expect(patch.status).toBe(422);
    const german = await t.app.request(`/api/projects/${project.id}`, {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Cookie: owner,
        'Accept-Language': 'de',
        Origin: 'http://localhost:3000',
      },
      body: JSON.stringify({ endDate: '2026-05-01' }),
    });
    const de = (await german.json()) as { error: { fields: { message: string }[] } };
    expect(de.error.fields[0]?.message).toBe('Das Enddatum darf nicht vor dem Startdatum liegen');
  });

  it('refuses impossible dates, negative budgets and an empty name', async () => {
    expect((await create({ name: 'x', startDate: '2026-02-30' })).res.status).toBe(422);
    expect((await create({ name: 'x', budgetCents: -1 })).res.status).toBe(422);
    expect((await create({ name: 'x', budgetCents: 10.5 })).res.status).toBe(422);
    expect((await create({ name: '   ' })).res.status).toBe(422);
  });

  it('lists with status and client filters, search and sort', async () => {
    await create({ name: 'Logo design', status: 'in_progress' });
    await send(t, 'POST', '/api/projects', owner, {
      clientId: otherClientId,
      name: 'Bob shop',
      status: 'on_hold',
    });
    const list = async (query: string) =>
      (await (await send(t, 'GET', `/api/projects?${query}`, owner)).json()) as ProjectList;
    expect((await list('status=on_hold')).items.map((p) => p.name)).toEqual(['Bob shop']);
    expect((await list(`clientId=${otherClientId}`)).items.map((p) => p.name)).toEqual(['Bob shop']);
    expect((await list('search=LOGO')).items.map((p) => p.name)).toEqual(['Logo design']);
    const byName = await list('sort=name&order=asc');
    expect(byName.items.map((p) => p.name)).toEqual(
      [...byName.items.map((p) => p.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(byName.total).toBe(byName.items.length);
  });

  it('updates only the fields sent and records status changes as activity', async () => {
    const { project } = await create({ name: 'Status flow', description: 'Keep me' });
    const res = await send(t, 'PATCH', `/api/projects/${project.id}`, owner, { status: 'completed' });
    expect(res.status).toBe(200);
    expect((await res.json()) as Project).toMatchObject({ status: 'completed', description: 'Keep me' });
    const [activity] = await t.sql<{ activity_type: string; metadata: Record<string, unknown> }[]>`
      SELECT activity_type, metadata FROM activity_feed WHERE project_id = ${project.id} ORDER BY seq DESC LIMIT 1`;
    expect(activity).toEqual({
      activity_type: 'project_status',
      metadata: { status: 'completed', from: 'planning' },
    });
  });

  it('keeps internal notes and a hidden budget from the client, and their changes out of the client feed', async () => {
    const { project } = await create({
      name: 'Private bits',
      budgetCents: 5000,
      internalNotes: 'Do not share',
    });
    await send(t, 'PATCH', `/api/projects/${project.id}`, owner, { internalNotes: 'Still private' });
    const portal = await portalRequest(
      t,
      'GET',
      `/api/portal/${portalId}/projects/${project.id}`,
      clientToken,
    );
    expect(portal.status).toBe(200);
    const text = await portal.text();
    expect(text).not.toContain('private');
    expect(JSON.parse(text)).toMatchObject({ name: 'Private bits', budget: null });
    const feed = await portalRequest(
      t,
      'GET',
      `/api/portal/${portalId}/projects/${project.id}/activity`,
      clientToken,
    );
    const items = ((await feed.json()) as { items: { type: string }[] }).items.map((i) => i.type);
    expect(items).toEqual(['project_created']);
    await send(t, 'PATCH', `/api/projects/${project.id}`, owner, { budgetVisibleToClient: true });
    const shared = await portalRequest(
      t,
      'GET',
      `/api/portal/${portalId}/projects/${project.id}`,
      clientToken,
    );
    expect(((await shared.json()) as { budget: unknown }).budget).toEqual({
      amountCents: 5000,
      currency: 'USD',
    });
  });

  it('moves a project to another client only while it has no conversation', async () => {
    const { project } = await create({ name: 'Hand over' });
    const moved = await send(t, 'PATCH', `/api/projects/${project.id}`, owner, { clientId: otherClientId });
    expect(moved.status).toBe(200);
    await send(t, 'POST', `/api/projects/${project.id}/messages`, owner, {
      clientMessageId: crypto.randomUUID(),
      body: 'Hello',
    });
    const locked = await send(t, 'PATCH', `/api/projects/${project.id}`, owner, { clientId });
    expect(locked.status).toBe(409);
    expect(((await locked.json()) as { error: { code: string } }).error.code).toBe('project_client_locked');
  });

  it('deletes a project with its conversation and keeps its invoices', async () => {
    const { project } = await create({ name: 'To delete' });
    await send(t, 'POST', `/api/projects/${project.id}/messages`, owner, {
      clientMessageId: crypto.randomUUID(),
      body: 'Bye',
    });
    const res = await send(t, 'DELETE', `/api/projects/${project.id}`, owner);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, deleted: { messages: 1 }, keptInvoices: 0 });
    expect((await send(t, 'GET', `/api/projects/${project.id}`, owner)).status).toBe(404);
  });

  it('answers 404 for another provider’s project and client', async () => {
    const stranger = await signedInProvider(t, 'projects-stranger@example.com');
    const { project } = await create({ name: 'Mine' });
    expect((await send(t, 'GET', `/api/projects/${project.id}`, stranger)).status).toBe(404);
    const planted = await send(t, 'POST', '/api/projects', stranger, { clientId, name: 'Planted' });
    expect(planted.status).toBe(404);
  });
});
