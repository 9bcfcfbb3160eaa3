import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientEngagement, MoneyAnalytics, WorkAnalytics } from '../../../shared/contracts/analytics';
import { signedInProvider } from '../../auth/testing';
import { insertDecision, insertFile } from '../../services/files/direct-rows';
import { insertInvoice } from '../../services/invoices/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { seedWorkspace, userIdOf } from '../overview/testing';

let t: TestContext;
let owner: string;
let providerId: string;
let ids: { clientIds: string[]; projectIds: string[] };

const DAY = 86_400_000;
const today = () => t.deps.now().toISOString().slice(0, 10);
const daysFromNow = (n: number) => new Date(t.deps.now().getTime() + n * DAY);
const dayFromNow = (n: number) => daysFromNow(n).toISOString().slice(0, 10);
const yearAgo = () => dayFromNow(-365);

const get = (path: string, query: Record<string, string>, cookie: string | undefined = owner) =>
  send(t, 'GET', `${path}?${new URLSearchParams(query)}`, cookie);

beforeAll(async () => {
  t = await createTestContext();
  owner = await signedInProvider(t, 'analytics@example.com');
  providerId = await userIdOf(t, owner);
  await send(t, 'PATCH', '/api/profile', owner, { timeZone: 'UTC' });
  ids = await seedWorkspace(t.sql, providerId, { clients: 3, projects: ['in_progress', 'completed'] });
  const [a, b] = ids.clientIds as [string, string];
  await t.sql`UPDATE projects SET client_id = ${b} WHERE id = ${ids.projectIds[1] ?? ''}`;
  const inv = (over: Parameters<typeof insertInvoice>[1]) => insertInvoice(t.sql, over);
  // Paid in full (no payment rows: marked paid), partly paid and open, overdue by 45 days, cancelled, USD.
  await inv({
    providerId,
    clientId: a,
    status: 'paid',
    amountCents: 100_000,
    createdAt: daysFromNow(-40),
    paidAt: daysFromNow(-20),
  });
  await inv({
    providerId,
    clientId: b,
    status: 'paid',
    amountCents: 30_000,
    createdAt: daysFromNow(-100),
    paidAt: daysFromNow(-60),
  });
  const partly = await inv({
    providerId,
    clientId: a,
    status: 'sent',
    amountCents: 50_000,
    createdAt: daysFromNow(-10),
    dueDate: dayFromNow(20),
  });
  await t.sql`UPDATE invoices SET paid_cents = 20000 WHERE id = ${partly}`;
  await t.sql`
    INSERT INTO invoice_payments (provider_id, invoice_id, source, amount_cents, currency, invoice_status, outcome,
                                  received_at, paid_on)
    VALUES (${providerId}, ${partly}, 'manual', 20000, 'eur', 'sent', 'applied', ${daysFromNow(-5)}, ${dayFromNow(-5)})`;
  await inv({
    providerId,
    clientId: b,
    status: 'overdue',
    amountCents: 70_000,
    createdAt: daysFromNow(-60),
    dueDate: dayFromNow(-45),
  });
  await inv({
    providerId,
    clientId: a,
    status: 'cancelled',
    amountCents: 999_000,
    createdAt: daysFromNow(-30),
  });
  await inv({
    providerId,
    clientId: a,
    status: 'sent',
    amountCents: 12_345,
    currency: 'USD',
    createdAt: daysFromNow(-3),
    dueDate: dayFromNow(3),
  });
  // Files: two decisions by clients, one revision; messages with a reply.
  const who = { type: 'provider' as const, name: 'Owner' };
  for (const [i, project] of ids.projectIds.entries()) {
    const file = await insertFile(t.sql, t.deps.store, {
      providerId,
      projectId: project,
      name: `Design ${i}.png`,
      version: {
        bytes: new Uint8Array([1, 2, 3, i]),
        name: 'd.png',
        mimeType: 'image/png',
        kind: 'image',
        uploadedBy: who,
        createdAt: daysFromNow(-3),
      },
    });
    await insertDecision(t.sql, {
      providerId,
      fileId: file.fileId,
      versionId: file.versionId,
      statusAfter: 'client_approved',
      actor: { type: 'client', name: 'Client', clientId: i === 0 ? a : b },
      createdAt: new Date(daysFromNow(-3).getTime() + (i + 1) * 3_600_000),
    });
  }
  await insertFile(t.sql, t.deps.store, {
    providerId,
    projectId: ids.projectIds[0] ?? '',
    name: 'Waiting.pdf',
    version: {
      bytes: new Uint8Array([9, 9]),
      name: 'w.pdf',
      mimeType: 'application/pdf',
      kind: 'pdf',
      uploadedBy: who,
    },
  });
  const msg = (project: string, sender: 'provider' | 'client', minutesAgo: number, client?: string) => t.sql`
    INSERT INTO messages (provider_id, project_id, sender_type, sender_client_id, sender_name, client_message_id, body, created_at)
    VALUES (${providerId}, ${project}, ${sender}, ${client ?? null}, 'Someone', ${crypto.randomUUID()}, 'Hello',
            ${new Date(t.deps.now().getTime() - minutesAgo * 60_000)})`;
  const [p0, p1] = ids.projectIds as [string, string];
  await msg(p0, 'client', 300, a);
  await msg(p0, 'client', 290, a);
  await msg(p0, 'provider', 200);
  await msg(p1, 'client', 100, b);
  await msg(p1, 'provider', 40);
  await msg(p1, 'provider', 30);
});
afterAll(() => t.close());

const period = () => ({ from: yearAgo(), to: today(), currency: 'EUR' });

describe('GET /api/analytics/*: access and bad input', () => {
  it('answers 401 without a session', async () => {
    for (const path of ['/api/analytics/money', '/api/analytics/work', '/api/analytics/clients'])
      expect((await get(path, period(), '')).status).toBe(401);
  });

  it('answers 422 with the reason for a reversed or too long range, an unknown currency or time zone', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ ...period(), from: '2026-05-02', to: '2026-05-01' }, 'to', 'validation.endBeforeStart'],
      [{ ...period(), from: '2020-01-01', to: '2025-01-01' }, 'to', 'validation.rangeTooLong'],
      [{ ...period(), from: '2020-02-29', to: '2025-03-01' }, 'to', 'validation.rangeTooLong'],
      [{ ...period(), currency: 'XYZ' }, 'currency', 'validation.invoiceCurrency'],
      [{ ...period(), timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'validation.timeZoneInvalid'],
      [{ ...period(), from: '2026-02-30' }, 'from', 'validation.dateInvalid'],
    ];
    for (const [query, path, key] of cases) {
      const res = await get('/api/analytics/money', query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      const body = await res.json();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.fields).toContainEqual(expect.objectContaining({ path, key }));
    }
    // Exactly 5 years is allowed.
    expect(
      (await get('/api/analytics/money', { ...period(), from: '2021-01-01', to: '2025-12-31' })).status,
    ).toBe(200);
    expect(
      (await get('/api/analytics/money', { ...period(), from: '2020-02-29', to: '2025-02-28' })).status,
    ).toBe(200);
  });

  it('lets an API key with analytics:read call them, and refuses one without', async () => {
    const make = async (scopes: string[]) =>
      (
        (await (await send(t, 'POST', '/api/api-keys', owner, { name: 'k', scopes })).json()) as {
          secret: string;
        }
      ).secret;
    const reader = await make(['analytics:read']);
    const other = await make(['invoices:write']);
    const withKey = (key: string) =>
      t.app.request(`/api/analytics/work?${new URLSearchParams(period())}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
    expect((await withKey(reader)).status).toBe(200);
    const refused = await withKey(other);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('insufficient_scope');
  });
});

describe('every total equals the sum of the list it summarises', () => {
  it('money: months, ageing, top clients; the invoices list’s open balances', async () => {
    const res = await get('/api/analytics/money', period());
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const m = (await res.json()) as MoneyAnalytics;
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    expect(m.totals.revenueCents).toBe(sum(m.months.map((x) => x.paidCents)));
    expect(m.totals.revenueCents).toBe(100_000 + 30_000 + 20_000);
    expect(m.totals.invoicedCents).toBe(sum(m.months.map((x) => x.invoicedCents)));
    expect(m.totals.invoicedCents).toBe(100_000 + 30_000 + 50_000 + 70_000);
    expect(m.totals.outstandingCents).toBe(sum(m.ageing.map((b) => b.cents)));
    expect(m.totals.overdueCents).toBe(
      sum(m.ageing.filter((b) => b.bucket !== 'current').map((b) => b.cents)),
    );
    expect(m.ageing).toContainEqual({ bucket: 'current', count: 1, cents: 30_000 });
    expect(m.ageing).toContainEqual({ bucket: 'days31to60', count: 1, cents: 70_000 });
    expect(sum(m.topClients.map((c) => c.paidCents))).toBe(m.totals.revenueCents);
    expect(m.upcoming[0]).toMatchObject({ window: 'days0to30', count: 1, cents: 30_000 });
    expect(m.totals.averageDaysToPay).toBe(30);
    expect(m.months).toHaveLength(13);
    // The invoices list's open balances (sent + overdue, EUR) are the outstanding total.
    const list = await (await send(t, 'GET', '/api/invoices', owner)).json();
    const open = (list.totals as { status: string; amounts: { currency: string; balanceCents: number }[] }[])
      .filter((s) => s.status === 'sent' || s.status === 'overdue')
      .flatMap((s) => s.amounts.filter((a) => a.currency === 'EUR').map((a) => a.balanceCents));
    expect(sum(open)).toBe(m.totals.outstandingCents);
    // USD is never added in.
    const usd = (await (
      await get('/api/analytics/money', { ...period(), currency: 'USD' })
    ).json()) as MoneyAnalytics;
    expect(usd.totals.outstandingCents).toBe(12_345);
    expect(usd.totals.revenueCents).toBe(0);
  });

  it('money: recurring schedules count every invoice they will make in the next 90 days', async () => {
    const [a] = ids.clientIds as [string];
    const schedule = (frequency: string, start: string, cents: number, intervalDays: number | null) => t.sql`
      INSERT INTO recurring_invoices (provider_id, client_id, frequency, interval_days, start_date, next_period,
                                      next_date, currency, language, subtotal_cents, tax_cents, amount_cents)
      VALUES (${providerId}, ${a}, ${frequency}, ${intervalDays}, ${start}, 0, ${start}, 'EUR', 'en', ${cents}, 0,
              ${cents})`;
    await schedule('monthly', dayFromNow(5), 10_000, null);
    await schedule('days', today(), 3_000, 40);
    const m = (await (await get('/api/analytics/money', period())).json()) as MoneyAnalytics;
    expect(m.upcoming.map((u) => [u.window, u.scheduledCount, u.scheduledCents])).toEqual([
      ['days0to30', 2, 13_000],
      ['days31to60', 2, 13_000],
      ['days61to90', 2, 13_000],
    ]);
    await t.sql`DELETE FROM recurring_invoices WHERE client_id = ${a}`;
  });

  it('work: approvals per client, messages per project, first response', async () => {
    const w = (await (await get('/api/analytics/work', period())).json()) as WorkAnalytics;
    expect(w.approvals.count).toBe(w.approvals.byClient.reduce((s, c) => s + c.count, 0));
    expect(w.approvals.count).toBe(2);
    expect(w.approvals.byClient.map((c) => c.medianHours).sort()).toEqual([1, 2]);
    expect(w.messages.total).toBe(w.messages.byProject.reduce((s, p) => s + p.count, 0));
    expect(w.messages.total).toBe(6);
    expect(w.firstResponse).toEqual({ medianMinutes: 80, answered: 2, unanswered: 0 });
    expect(w.projectsByStatus.reduce((s, p) => s + p.count, 0)).toBe(2);
    expect(w.filesByStatus).toContainEqual({ status: 'pending_review', count: 1 });
    expect(w.revisions.fileCount).toBe(w.revisions.histogram.reduce((s, h) => s + h.files, 0));
  });

  it('clients: every client once, with what waits for them', async () => {
    const c = (await (await get('/api/analytics/clients', period())).json()) as ClientEngagement;
    expect(c.clients).toHaveLength(3);
    const a = c.clients.find((x) => x.clientId === ids.clientIds[0]);
    expect(a).toMatchObject({ filesWaiting: 1, invoicesDue: 1, dueCents: 30_000, unreadMessages: 1 });
    const dueTotal = c.clients.reduce((s, x) => s + x.dueCents, 0);
    const money = (await (await get('/api/analytics/money', period())).json()) as MoneyAnalytics;
    expect(dueTotal).toBe(money.totals.outstandingCents);
    // Never seen comes first.
    expect(c.clients[0]?.lastSeenAt).toBeNull();
  });
});
