import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceStatus } from '../../../shared/contracts/invoices';
import type {
  PortalDashboard,
  PortalInvoiceList,
  PortalProjectList,
  PortalSession,
} from '../../../shared/contracts/portal-client';
import { insertInvoice } from '../../services/invoices/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { tempDataDir } from '../portals/testing';
import { addClient, type PortalWorld, passwordSession, portalRequest, portalWorld } from './testing';

let t: TestContext;
let world: PortalWorld;
let me: PortalSession;
let neighbour: PortalSession;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  world = await portalWorld(t, 'data');
  const other = await addClient(t, world, 'neighbour');
  me = await passwordSession(t, world.client.email, world.portalId);
  neighbour = await passwordSession(t, other.email, world.portalId);
  const p = world.providerId;
  const insertProject = (clientId: string, name: string, status: string, start: string | null = null) =>
    t.sql<{ id: string }[]>`
      INSERT INTO projects (provider_id, client_id, name, status, start_date, end_date)
      VALUES (${p}, ${clientId}, ${name}, ${status}, ${start}, ${start ? '2026-06-30' : null}) RETURNING id`;
  const [website] = await insertProject(world.client.id, 'Website', 'in_progress', '2026-03-09');
  await insertProject(world.client.id, 'Brand book', 'planning');
  await insertProject(world.client.id, 'Old logo', 'completed');
  await insertProject(other.id, 'Neighbour secret project', 'in_progress');
  const invoice = (
    clientId: string,
    n: string,
    cents: number,
    currency: string,
    status: string,
    due?: string,
  ) =>
    insertInvoice(t.sql, {
      providerId: p,
      clientId,
      projectId: clientId === world.client.id ? (website?.id ?? null) : null,
      number: n,
      amountCents: cents,
      currency: currency as 'EUR' | 'USD',
      status: status as InvoiceStatus,
      dueDate: due ?? null,
    });
  await invoice(world.client.id, 'INV-1', 120_000, 'EUR', 'sent', '2026-04-01');
  await invoice(world.client.id, 'INV-2', 30_050, 'EUR', 'overdue', '2026-03-01');
  await invoice(world.client.id, 'INV-3', 50_000, 'USD', 'sent');
  await invoice(world.client.id, 'INV-4', 99_900, 'EUR', 'paid');
  await invoice(world.client.id, 'INV-DRAFT', 1_000, 'EUR', 'draft');
  await invoice(other.id, 'INV-N', 777_700, 'EUR', 'sent');
});
afterAll(() => t.close());

const get = async <T>(session: PortalSession, page: string): Promise<T> => {
  const res = await portalRequest(t, 'GET', `/api/portal/${session.client.portalId}/${page}`, session.token);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('GET /api/portal/{portalId}/dashboard', () => {
  it('shows the client’s active projects and unpaid invoices with totals per currency', async () => {
    const dashboard = await get<PortalDashboard>(me, 'dashboard');
    expect(dashboard.activeProjects.map((p) => p.name).sort()).toEqual(['Brand book', 'Website']);
    expect(dashboard.activeProjectCount).toBe(2);
    expect(dashboard.activeProjects.find((p) => p.name === 'Website')).toMatchObject({
      status: 'in_progress',
      startDate: '2026-03-09',
      endDate: '2026-06-30',
    });
    expect(dashboard.unpaidInvoices.map((i) => i.number)).toEqual(['INV-2', 'INV-1', 'INV-3']);
    expect(dashboard.unpaidInvoiceCount).toBe(3);
    expect(dashboard.unpaidTotals).toEqual([
      { currency: 'EUR', amountCents: 150_050 },
      { currency: 'USD', amountCents: 50_000 },
    ]);
  });

  it('shows another client of the same portal only their own', async () => {
    const dashboard = await get<PortalDashboard>(neighbour, 'dashboard');
    expect(dashboard.activeProjects.map((p) => p.name)).toEqual(['Neighbour secret project']);
    expect(dashboard.unpaidTotals).toEqual([{ currency: 'EUR', amountCents: 777_700 }]);
  });
});

describe('GET /api/portal/{portalId}/projects', () => {
  it('lists the client’s projects, active first, and none of another client’s', async () => {
    const { items } = await get<PortalProjectList>(me, 'projects');
    expect(items.map((p) => p.name)).toHaveLength(3);
    expect(items.at(-1)?.name).toBe('Old logo');
    expect(JSON.stringify(items)).not.toContain('Neighbour');
    expect((await get<PortalProjectList>(neighbour, 'projects')).items.map((p) => p.name)).toEqual([
      'Neighbour secret project',
    ]);
  });
});

describe('GET /api/portal/{portalId}/invoices', () => {
  it('lists the client’s invoices without drafts, with their project', async () => {
    const { items } = await get<PortalInvoiceList>(me, 'invoices');
    expect(items.map((i) => i.number).sort()).toEqual(['INV-1', 'INV-2', 'INV-3', 'INV-4']);
    expect(items.find((i) => i.number === 'INV-1')).toMatchObject({
      amountCents: 120_000,
      currency: 'EUR',
      status: 'sent',
      dueDate: '2026-04-01',
      project: { name: 'Website' },
    });
    expect((await get<PortalInvoiceList>(neighbour, 'invoices')).items.map((i) => i.number)).toEqual([
      'INV-N',
    ]);
  });
});
