import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceList } from '../../../shared/contracts/invoices';
import type { RecurringInvoice, RecurringInvoiceList } from '../../../shared/contracts/recurring';
import { outbox } from '../../auth/testing';
import {
  completeLegalDetails,
  type InvoicesWorld,
  invoicesWorld,
  line,
} from '../../services/invoices/testing';
import { invoiceDuePeriods, queueDueRecurringInvoices } from '../../services/recurring/run-recurring';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';

/**
 * Recurring invoices through HTTP and their job (issue 28): the schedule's CRUD and its refusals (each a
 * translated 422 on its field, another provider's 404), pausing and resuming, and the job: one invoice per
 * period, sent (number, e-mail) with the period of service, the next date advanced and the end respected;
 * concurrent runs make exactly one invoice (on PostgreSQL they really run at once); an incomplete legal
 * detail leaves the draft and says why.
 */

let t: TestContext;
let w: InvoicesWorld;
let other: InvoicesWorld;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_DISABLED: 'true' });
  w = await invoicesWorld(t, 'rec');
  other = await invoicesWorld(t, 'rec2');
});
afterAll(() => t.close());

const today = () => t.deps.now().toISOString().slice(0, 10);
const plusDays = (days: number, from = today()) => {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const LINES = [line('Retainer', 1_000, 50_000, 1_900), line('Hosting', 1_000, 1_999)];

const create = (body: Record<string, unknown> = {}, owner = w.owner, clientId = w.clientId) =>
  send(t, 'POST', '/api/recurring-invoices', owner, {
    clientId,
    frequency: 'monthly',
    startDate: plusDays(3),
    lines: LINES,
    ...body,
  });
const createOk = async (body: Record<string, unknown> = {}) =>
  json<RecurringInvoice>(await create(body), 201);
const get = async (id: string) =>
  json<RecurringInvoice>(await send(t, 'GET', `/api/recurring-invoices/${id}`, w.owner));
const invoicesOf = (id: string) =>
  t.sql<{ invoice_id: string | null; period_start: string; period_end: string }[]>`
    SELECT invoice_id, to_char(period_start, 'YYYY-MM-DD') AS period_start,
           to_char(period_end, 'YYYY-MM-DD') AS period_end
    FROM recurring_invoice_runs WHERE recurring_invoice_id = ${id} ORDER BY period_start`;
const deps = () => ({ ...t.deps, log: t.deps.log });

describe('the schedule', () => {
  it('is created with the draft arithmetic, its next date and upcoming days, and listed', async () => {
    const start = plusDays(3);
    const r = await createOk({ startDate: start, description: 'Monthly care' });
    expect(r).toMatchObject({
      status: 'active',
      frequency: 'monthly',
      intervalDays: null,
      startDate: start,
      endDate: null,
      nextDate: start,
      currency: 'USD',
      language: 'en',
      subtotalCents: 51_999,
      taxCents: 9_500,
      amountCents: 61_499,
      invoiceCount: 0,
      lastError: null,
      runs: [],
    });
    expect(r.upcoming[0]).toBe(start);
    expect(r.upcoming).toHaveLength(3);
    const list = await json<RecurringInvoiceList>(
      await send(t, 'GET', `/api/recurring-invoices?clientId=${w.clientId}&status=active`, w.owner),
    );
    expect(list.items.map((i) => i.id)).toContain(r.id);
    // Queued for its first day (one waiting job per schedule).
    const [job] = await t.sql<{ run_at: Date }[]>`
      SELECT run_at FROM ${t.sql(t.db.queueSchema)}.jobs
      WHERE task_identifier = 'create_recurring_invoice' AND key = ${`recurring-invoice:${r.id}`}`;
    expect(job?.run_at.toISOString()).toBe(`${start}T00:00:00.000Z`);
  });

  it('pages by cursor', async () => {
    for (let i = 0; i < 3; i++) await createOk();
    const first = await json<RecurringInvoiceList>(
      await send(t, 'GET', '/api/recurring-invoices?limit=2', w.owner),
    );
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await json<RecurringInvoiceList>(
      await send(t, 'GET', `/api/recurring-invoices?limit=2&cursor=${first.nextCursor}`, w.owner),
    );
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]?.id);
  });

  it('refuses bad input with a translated 422 on the field, and nothing is written', async () => {
    const before = await t.sql`SELECT count(*)::int AS n FROM recurring_invoices`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ frequency: 'days', intervalDays: 0 }, 'intervalDays', 'validation.recurringInterval'],
      [{ frequency: 'days', intervalDays: 0.5 }, 'intervalDays', 'validation.recurringInterval'],
      [{ frequency: 'days' }, 'intervalDays', 'validation.recurringInterval'],
      [{ frequency: 'hourly' }, 'frequency', 'validation.recurringFrequency'],
      [{ startDate: plusDays(5), endDate: plusDays(4) }, 'endDate', 'validation.endBeforeStart'],
      [{ startDate: plusDays(-1) }, 'startDate', 'validation.recurringStartPast'],
      [{ startDate: '2027-02-30' }, 'startDate', 'validation.dateInvalid'],
      [{ dueDays: -1 }, 'dueDays', 'validation.dueDays'],
      [{ lines: [] }, 'lines', 'validation.linesRequired'],
    ];
    for (const [body, path, key] of cases) {
      const res = await create(body, w.owner, w.clientId);
      const error = (
        await json<{ error: { code: string; fields: { path: string; key: string }[] } }>(res, 422)
      ).error;
      expect(error.fields, JSON.stringify(body)).toContainEqual(expect.objectContaining({ path, key }));
    }
    const de = await create({ frequency: 'days', intervalDays: 0 }, w.owner);
    const body = (await de.json()) as { error: { fields: { message: string }[] } };
    expect(body.error.fields[0]?.message).toMatch(/1 and 3660/);
    const german = await send(
      t,
      'POST',
      '/api/recurring-invoices',
      w.owner,
      { clientId: w.clientId, frequency: 'days', intervalDays: 0, startDate: today(), lines: LINES },
      { 'Accept-Language': 'de' },
    );
    const germanBody = (await german.json()) as { error: { fields: { message: string }[] } };
    expect(germanBody.error.fields[0]?.message).toMatch(/höchstens eine Rechnung pro Tag/);
    const after = await t.sql`SELECT count(*)::int AS n FROM recurring_invoices`;
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('answers 404 for another provider’s schedule or client', async () => {
    const r = await createOk();
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { status: 'paused' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await send(t, method, `/api/recurring-invoices/${r.id}`, other.owner, body);
      expect(res.status, method).toBe(404);
    }
    expect((await create({}, other.owner, w.clientId)).status).toBe(404);
    expect((await get(r.id)).status).toBe('active');
  });

  it('pauses, resumes from today on, changes and deletes (its invoices stay)', async () => {
    const r = await createOk({ startDate: today(), frequency: 'days', intervalDays: 7 });
    await invoiceDuePeriods(deps(), w.providerId, r.id);
    const paused = await json<RecurringInvoice>(
      await send(t, 'PATCH', `/api/recurring-invoices/${r.id}`, w.owner, { status: 'paused' }),
    );
    expect(paused.status).toBe('paused');
    // Paused for three weeks: resuming skips those periods and continues on the 7-day grid from today.
    t.advance(21 * DAY);
    try {
      expect(await invoiceDuePeriods(deps(), w.providerId, r.id)).toBe(0);
      const resumed = await json<RecurringInvoice>(
        await send(t, 'PATCH', `/api/recurring-invoices/${r.id}`, w.owner, { status: 'active' }),
      );
      expect(resumed).toMatchObject({ status: 'active', nextDate: today(), invoiceCount: 1 });
      const changed = await json<RecurringInvoice>(
        await send(t, 'PATCH', `/api/recurring-invoices/${r.id}`, w.owner, {
          description: 'Changed',
          lines: [line('Weekly check', 1_000, 10_000)],
          endDate: plusDays(-1),
        }),
      );
      expect(changed).toMatchObject({
        description: 'Changed',
        amountCents: 10_000,
        status: 'ended',
        nextDate: null,
      });
      const badEnd = await send(t, 'PATCH', `/api/recurring-invoices/${r.id}`, w.owner, {
        endDate: plusDays(-30),
      });
      expect((await json<{ error: { fields: { path: string }[] } }>(badEnd, 422)).error.fields[0]?.path).toBe(
        'endDate',
      );
    } finally {
      t.advance(-21 * DAY);
    }
    const [run] = await invoicesOf(r.id);
    expect((await send(t, 'DELETE', `/api/recurring-invoices/${r.id}`, w.owner)).status).toBe(204);
    expect((await send(t, 'GET', `/api/recurring-invoices/${r.id}`, w.owner)).status).toBe(404);
    expect((await send(t, 'GET', `/api/invoices/${run?.invoice_id}`, w.owner)).status).toBe(200);
  });
});

describe('the job', () => {
  it('makes and sends one invoice per period with its period of service, then advances', async () => {
    const start = today();
    const r = await createOk({ startDate: start, dueDays: 10, description: 'Care plan' });
    expect(await invoiceDuePeriods(deps(), w.providerId, r.id)).toBe(1);
    expect(await invoiceDuePeriods(deps(), w.providerId, r.id)).toBe(0);
    const [run] = await invoicesOf(r.id);
    const monthLater = (await get(r.id)).nextDate as string;
    expect(run).toMatchObject({ period_start: start, period_end: plusDays(-1, monthLater) });
    const invoice = await json<Invoice>(await send(t, 'GET', `/api/invoices/${run?.invoice_id}`, w.owner));
    expect(invoice).toMatchObject({
      status: 'sent',
      description: 'Care plan',
      amountCents: 61_499,
      dueDate: plusDays(10),
      legal: { supplyFrom: start, supplyTo: run?.period_end, supplyDate: null },
    });
    expect(invoice.number).toMatch(/^INV-\d{4}$/);
    const [client] = await t.sql<{ email: string }[]>`SELECT email FROM clients WHERE id = ${w.clientId}`;
    const mails = await outbox(t, client?.email ?? '');
    expect(mails.some((m) => m.subject.includes(invoice.number ?? '?'))).toBe(true);
    const after = await get(r.id);
    expect(after).toMatchObject({ invoiceCount: 1, lastError: null, status: 'active' });
    expect(after.runs[0]).toMatchObject({ periodStart: start, invoice: { id: invoice.id, status: 'sent' } });
    expect(after.nextDate).not.toBe(start);
  });

  it('makes exactly one invoice per period when runs race, and the key refuses a second row', async () => {
    const r = await createOk({ startDate: today(), frequency: 'days', intervalDays: 1 });
    const made = await Promise.all(
      Array.from({ length: 6 }, () => invoiceDuePeriods(deps(), w.providerId, r.id)),
    );
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await invoicesOf(r.id)).toHaveLength(1);
    // Its next date is tomorrow: the sweep does not queue it, and another run makes nothing.
    await queueDueRecurringInvoices(t.deps);
    const waiting = await t.sql<{ run_at: Date }[]>`
      SELECT run_at FROM ${t.sql(t.db.queueSchema)}.jobs WHERE key = ${`recurring-invoice:${r.id}`}`;
    expect(waiting.map((j) => j.run_at.toISOString())).toEqual([`${plusDays(1)}T00:00:00.000Z`]);
    expect(await invoiceDuePeriods(deps(), w.providerId, r.id)).toBe(0);
    const [run] = await invoicesOf(r.id);
    if (!run) throw new Error('no run');
    await expect(
      t.sql`INSERT INTO recurring_invoice_runs (provider_id, recurring_invoice_id, period_start, period_end)
            VALUES (${w.providerId}, ${r.id}, ${run.period_start}, ${run.period_end})`,
    ).rejects.toMatchObject({ code: '23505' });
    // Three days later: the two missed days and today, each once, oldest first, even when raced.
    t.advance(3 * DAY);
    try {
      const more = await Promise.all(
        Array.from({ length: 4 }, () => invoiceDuePeriods(deps(), w.providerId, r.id)),
      );
      expect(more.reduce((a, b) => a + b, 0)).toBe(3);
    } finally {
      t.advance(-3 * DAY);
    }
    const runs = await invoicesOf(r.id);
    expect(runs.map((x) => x.period_start)).toEqual([0, 1, 2, 3].map((d) => plusDays(d)));
    expect(runs.every((x) => x.period_start === x.period_end)).toBe(true);
    const numbers = await t.sql<{ number: string }[]>`
      SELECT number FROM invoices WHERE id IN ${t.sql(runs.map((x) => x.invoice_id as string))}`;
    expect(new Set(numbers.map((n) => n.number)).size).toBe(4);
  });

  it('stops after the end date; the last period ends on it', async () => {
    const r = await createOk({
      startDate: today(),
      frequency: 'days',
      intervalDays: 5,
      endDate: plusDays(7),
    });
    t.advance(30 * DAY);
    try {
      expect(await invoiceDuePeriods(deps(), w.providerId, r.id)).toBe(2);
    } finally {
      t.advance(-30 * DAY);
    }
    const runs = await invoicesOf(r.id);
    expect(runs).toEqual([
      expect.objectContaining({ period_start: plusDays(0), period_end: plusDays(4) }),
      expect.objectContaining({ period_start: plusDays(5), period_end: plusDays(7) }),
    ]);
    expect(await get(r.id)).toMatchObject({ status: 'ended', nextDate: null, upcoming: [] });
  });

  it('leaves the draft and says why when the legal details are incomplete', async () => {
    const r = await createOk({ startDate: today() });
    await t.sql`UPDATE clients SET billing_country = NULL, billing_city = NULL WHERE id = ${w.clientId}`;
    try {
      expect(await invoiceDuePeriods(deps(), w.providerId, r.id)).toBe(1);
    } finally {
      await completeLegalDetails(t.sql, w.providerId, w.clientId);
    }
    const after = await get(r.id);
    expect(after.lastError?.code).toBe('invoice_incomplete');
    expect(after.lastError?.fields.length).toBeGreaterThan(0);
    const draft = await json<Invoice>(
      await send(t, 'GET', `/api/invoices/${after.lastError?.invoiceId}`, w.owner),
    );
    expect(draft.status).toBe('draft');
    const list = await json<InvoiceList>(await send(t, 'GET', `/api/invoices?status=draft`, w.owner));
    expect(list.items.map((i) => i.id)).toContain(draft.id);
  });
});
