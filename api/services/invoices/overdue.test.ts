import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOverdueInvoicesTask } from '../../jobs/tasks/invoices';
import { taskContext } from '../../jobs/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { markOverdueInvoices } from './overdue';
import { insertInvoice, invoicesWorld } from './testing';

/**
 * The overdue job: sent invoices past their due date become overdue once, with one activity row each,
 * also when sweeps run at the same time on several instances; nothing else is touched.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const day = (offset: number) => {
  const d = new Date(`${t.deps.now().toISOString().slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

describe('mark_overdue_invoices', () => {
  it('marks each sent invoice past its due date once, also under concurrent sweeps', async () => {
    const w = await invoicesWorld(t, 'overdue');
    const base = { providerId: w.providerId, clientId: w.clientId };
    const late: string[] = [];
    for (let i = 0; i < 25; i++) {
      late.push(
        await insertInvoice(t.sql, { ...base, status: 'sent', number: `L-${i}`, dueDate: day(-1 - (i % 5)) }),
      );
    }
    const lateWithProject = await insertInvoice(t.sql, {
      ...base,
      projectId: w.projectId,
      status: 'sent',
      number: 'L-P',
      dueDate: day(-3),
    });
    late.push(lateWithProject);
    const dueToday = await insertInvoice(t.sql, { ...base, status: 'sent', number: 'T-0', dueDate: day(0) });
    const noDue = await insertInvoice(t.sql, { ...base, status: 'sent', number: 'N-0', dueDate: null });
    const paid = await insertInvoice(t.sql, { ...base, status: 'paid', number: 'P-0', dueDate: day(-10) });
    const draft = await insertInvoice(t.sql, { ...base, status: 'draft', dueDate: day(-10) });

    const log = t.deps.log;
    const counts = await Promise.all([
      markOverdueInvoices({ ...t.deps, log }),
      markOverdueInvoices({ ...t.deps, log }),
      markOverdueInvoices({ ...t.deps, log }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(late.length);
    await markOverdueInvoicesTask.run({}, taskContext(t));

    const rows = await t.sql<{ id: string; status: string }[]>`
      SELECT id, status FROM invoices WHERE provider_id = ${w.providerId}`;
    const status = new Map(rows.map((r) => [r.id, r.status]));
    for (const id of late) expect(status.get(id)).toBe('overdue');
    expect([status.get(dueToday), status.get(noDue), status.get(paid), status.get(draft)]).toEqual([
      'sent',
      'sent',
      'paid',
      'draft',
    ]);
    const activity = await t.sql<
      { invoice_id: string; n: number; project_id: string | null; visible: boolean }[]
    >`
      SELECT metadata->>'invoiceId' AS invoice_id, count(*)::int AS n, min(project_id::text) AS project_id,
             bool_and(client_visible) AS visible
      FROM activity_feed
      WHERE provider_id = ${w.providerId} AND activity_type = 'invoice_status' AND metadata->>'status' = 'overdue'
      GROUP BY 1`;
    expect(activity).toHaveLength(late.length);
    expect(activity.every((a) => a.n === 1 && a.visible)).toBe(true);
    expect(activity.find((a) => a.invoice_id === lateWithProject)?.project_id).toBe(w.projectId);
    // Neither side has read a job's change: both get the notification.
    const [unread] = await t.sql<{ provider: number; client: number }[]>`
      SELECT count(*) FILTER (WHERE NOT read_by_freelancer)::int AS provider,
             count(*) FILTER (WHERE NOT read_by_client)::int AS client
      FROM activity_feed WHERE provider_id = ${w.providerId} AND activity_type = 'invoice_status'`;
    expect(unread).toEqual({ provider: late.length, client: late.length });

    // A later day: the invoice due today is late now, and only it is marked.
    t.advance(24 * 3600_000);
    expect(await markOverdueInvoices({ ...t.deps, log })).toBe(1);
    expect(await markOverdueInvoices({ ...t.deps, log })).toBe(0);
  });
});
