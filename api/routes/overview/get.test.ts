import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { seedWorkspace, userIdOf } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

async function overview(cookie?: string) {
  const res = await t.app.request('/api/overview', { headers: cookie ? { Cookie: cookie } : {} });
  return { res, body: await res.json() };
}

describe('GET /api/overview: security', () => {
  it('answers 401 unauthorized when signed out', async () => {
    const { res, body } = await overview();
    expect(res.status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
  });

  it('counts only the caller’s data, never another provider’s', async () => {
    const a = await signedInProvider(t, 'tenant-a@example.com');
    const b = await signedInProvider(t, 'tenant-b@example.com');
    await seedWorkspace(t.sql, await userIdOf(t, a), {
      clients: 2,
      projects: ['planning', 'in_progress', 'completed'],
      invoices: [
        ['paid', 10_000, 'USD'],
        ['sent', 5_000, 'USD'],
      ],
    });
    await seedWorkspace(t.sql, await userIdOf(t, b), {
      clients: 5,
      projects: ['in_progress', 'in_progress', 'planning', 'on_hold'],
      invoices: [
        ['paid', 99_999, 'USD'],
        ['overdue', 1, 'USD'],
        ['sent', 1, 'USD'],
      ],
    });
    const { res, body } = await overview(a);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(body).toEqual({
      totalClients: 2,
      activeProjects: 2,
      pendingInvoices: 1,
      totalRevenue: { amountCents: 10_000, currency: 'USD' },
      otherRevenue: [],
      outstanding: [{ amountCents: 5_000, currency: 'USD' }],
      currency: 'USD',
      isEmpty: false,
    });
    expect((await overview(b)).body).toMatchObject({
      totalClients: 5,
      activeProjects: 3,
      pendingInvoices: 2,
    });
  });
});

describe('GET /api/overview: totals', () => {
  it('shows zeros and isEmpty for a new workspace, in USD for an English provider', async () => {
    const cookie = await signedInProvider(t, 'empty@example.com');
    expect((await overview(cookie)).body).toEqual({
      totalClients: 0,
      activeProjects: 0,
      pendingInvoices: 0,
      totalRevenue: { amountCents: 0, currency: 'USD' },
      otherRevenue: [],
      outstanding: [],
      currency: 'USD',
      isEmpty: true,
    });
  });

  it('is no longer empty once a portal exists, even without clients', async () => {
    const cookie = await signedInProvider(t, 'portal-only@example.com');
    await seedWorkspace(t.sql, await userIdOf(t, cookie));
    expect((await overview(cookie)).body).toMatchObject({ isEmpty: false, totalClients: 0 });
  });

  it('counts planning and in-progress projects as active, sent and overdue invoices as pending', async () => {
    const cookie = await signedInProvider(t, 'statuses@example.com');
    await seedWorkspace(t.sql, await userIdOf(t, cookie), {
      projects: ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'],
      invoices: [
        ['draft', 100, 'USD'],
        ['sent', 100, 'USD'],
        ['overdue', 100, 'USD'],
        ['paid', 100, 'USD'],
        ['cancelled', 100, 'USD'],
      ],
    });
    expect((await overview(cookie)).body).toMatchObject({
      totalClients: 1,
      activeProjects: 2,
      pendingInvoices: 2,
      totalRevenue: { amountCents: 100, currency: 'USD' },
    });
  });
});

describe('GET /api/overview: currency (spec §9)', () => {
  const mixed: [string, number, string][] = [
    ['paid', 150_000, 'EUR'],
    ['paid', 50_000, 'EUR'],
    ['paid', 30_000, 'USD'],
    ['sent', 1_000_000, 'EUR'],
  ];

  it('uses EUR for a German provider and lists other currencies apart, largest first, never summed', async () => {
    const cookie = await signedInProvider(t, 'de@example.com');
    const id = await userIdOf(t, cookie);
    await t.sql`UPDATE profiles SET preferred_language = 'de' WHERE user_id = ${id}`;
    await seedWorkspace(t.sql, id, { invoices: mixed });
    const { body } = await overview(cookie);
    expect(body.currency).toBe('EUR');
    expect(body.totalRevenue).toEqual({ amountCents: 200_000, currency: 'EUR' });
    expect(body.otherRevenue).toEqual([{ currency: 'USD', amountCents: 30_000 }]);
  });

  it('prefers the profile currency over the language default', async () => {
    const cookie = await signedInProvider(t, 'chf@example.com');
    const id = await userIdOf(t, cookie);
    await t.sql`UPDATE profiles SET currency = 'USD', preferred_language = 'de' WHERE user_id = ${id}`;
    await seedWorkspace(t.sql, id, { invoices: mixed });
    const { body } = await overview(cookie);
    expect(body.currency).toBe('USD');
    expect(body.totalRevenue).toEqual({ amountCents: 30_000, currency: 'USD' });
    expect(body.otherRevenue).toEqual([{ currency: 'EUR', amountCents: 200_000 }]);
  });

  it('reports zero in the provider currency when all revenue is in other currencies', async () => {
    const cookie = await signedInProvider(t, 'only-eur@example.com');
    await seedWorkspace(t.sql, await userIdOf(t, cookie), { invoices: [['paid', 4_200, 'EUR']] });
    const { body } = await overview(cookie);
    expect(body.totalRevenue).toEqual({ amountCents: 0, currency: 'USD' });
    expect(body.otherRevenue).toEqual([{ currency: 'EUR', amountCents: 4_200 }]);
  });

  it('keeps large sums exact (past 32 bits; one invoice is at most 99,999,999 cents)', async () => {
    const cookie = await signedInProvider(t, 'big@example.com');
    await seedWorkspace(t.sql, await userIdOf(t, cookie), {
      invoices: [
        ...Array.from({ length: 25 }, () => ['paid', 99_999_999, 'USD'] as [string, number, string]),
        ['paid', 1, 'USD'],
      ],
    });
    expect((await overview(cookie)).body.totalRevenue.amountCents).toBe(2_499_999_976);
  });
});
