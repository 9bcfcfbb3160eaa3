import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReminderSettingsUpdate } from '../../../shared/contracts/reminders';
import { sendPaymentRemindersTask } from '../../jobs/tasks/payment-reminders';
import { taskContext } from '../../jobs/testing';
import { send } from '../../routes/account/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { insertInvoice, invoicesWorld } from '../invoices/testing';
import { sendPaymentReminders } from './sweep';

/**
 * Payment reminders: the steps' contract (the same on client and server), the settings routes, and the job:
 * each due step once per invoice also under concurrent sweeps, in the invoice's language, stopped by
 * payment and cancellation, never for drafts, shown in the invoice's reminders and the activity.
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
const step = (
  daysAfterDue: number,
  textEn = 'Invoice {number}: {amount}, due {dueDate}',
  textDe = 'Rechnung {number}: {amount}, fällig {dueDate}, {daysOverdue} Tage',
) => ({
  daysAfterDue,
  textEn,
  textDe,
});
const sweep = () => sendPaymentReminders({ ...t.deps, log: t.deps.log });

async function mailsOf(providerId: string) {
  return t.sql<{ to_address: string; subject: string; text_body: string; html: string }[]>`
    SELECT to_address, subject, text_body, html FROM outbox_emails
    WHERE sender_provider_id = ${providerId} AND kind = 'payment_reminder' ORDER BY created_at`;
}

describe('the reminder steps contract', () => {
  const issues = (body: unknown) => {
    const r = ReminderSettingsUpdate.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('takes up to three ascending steps within 1–365 days with known placeholders', () => {
    expect(issues({ enabled: true, steps: [step(1), step(14), step(365)] })).toEqual([]);
    expect(issues({ enabled: false, steps: [] })).toEqual([]);
    expect(issues({ enabled: true, steps: [] })).toEqual(['steps:validation.reminderStepsRequired']);
    expect(issues({ enabled: true, steps: [step(7), step(7)] })).toEqual([
      'steps.1.daysAfterDue:validation.reminderDaysAscending',
    ]);
    expect(issues({ enabled: true, steps: [step(14), step(7)] })).toEqual([
      'steps.1.daysAfterDue:validation.reminderDaysAscending',
    ]);
    expect(issues({ enabled: true, steps: [step(1), step(2), step(3), step(4)] })).toEqual([
      'steps:validation.reminderTooManySteps',
    ]);
    expect(issues({ enabled: true, steps: [step(0)] })).toEqual([
      'steps.0.daysAfterDue:validation.reminderDaysInvalid',
    ]);
    expect(issues({ enabled: true, steps: [step(366)] })).toEqual([
      'steps.0.daysAfterDue:validation.reminderDaysInvalid',
    ]);
    expect(issues({ enabled: true, steps: [step(1.5)] })).toEqual([
      'steps.0.daysAfterDue:validation.reminderDaysInvalid',
    ]);
    expect(issues({ enabled: true, steps: [step(3, 'Pay {total}')] })).toEqual([
      'steps.0.textEn:validation.reminderPlaceholderUnknown',
    ]);
    expect(issues({ enabled: true, steps: [step(3, 'ok', '  ')] })).toEqual([
      'steps.0.textDe:validation.reminderTextRequired',
    ]);
    expect(issues({ enabled: true, steps: [step(3, 'x'.repeat(2001))] })).toEqual([
      'steps.0.textEn:validation.reminderTextTooLong',
    ]);
  });
});

describe('reminder settings', () => {
  it('starts with translated defaults, off; saves, and refuses bad steps with a translated 422', async () => {
    const w = await invoicesWorld(t, 'reminder-settings');
    const first = await send(t, 'GET', '/api/invoice-settings/reminders', w.owner);
    expect(first.status).toBe(200);
    const defaults = (await first.json()) as {
      enabled: boolean;
      saved: boolean;
      steps: { daysAfterDue: number; textEn: string; textDe: string }[];
    };
    expect(defaults.enabled).toBe(false);
    expect(defaults.saved).toBe(false);
    expect(defaults.steps.map((s) => s.daysAfterDue)).toEqual([7, 14, 30]);
    expect(defaults.steps[0]?.textEn).toContain('{number}');
    expect(defaults.steps[0]?.textDe).toContain('Rechnung {number}');
    // The defaults pass the contract themselves.
    expect(ReminderSettingsUpdate.safeParse({ enabled: true, steps: defaults.steps }).success).toBe(true);

    const bad = await send(
      t,
      'PUT',
      '/api/invoice-settings/reminders',
      w.owner,
      { enabled: true, steps: [step(14), step(7)] },
      { 'Accept-Language': 'de' },
    );
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { fields?: { path: string; message: string }[] };
    expect(JSON.stringify(body)).toContain('Jede Erinnerung muss später kommen');

    const saved = await send(t, 'PUT', '/api/invoice-settings/reminders', w.owner, {
      enabled: true,
      steps: [step(3), step(10)],
    });
    expect(saved.status).toBe(200);
    const again = (await (
      await send(t, 'GET', '/api/invoice-settings/reminders', w.owner)
    ).json()) as typeof defaults;
    expect(again).toMatchObject({ enabled: true, saved: true, steps: [step(3), step(10)] });
  });
});

describe('send_payment_reminders', () => {
  it('sends each due step once per invoice under concurrent sweeps, in its language, never for drafts, paid or cancelled ones', async () => {
    const w = await invoicesWorld(t, 'reminder-sweep');
    const base = { providerId: w.providerId, clientId: w.clientId };
    const put = await send(t, 'PUT', '/api/invoice-settings/reminders', w.owner, {
      enabled: true,
      steps: [step(3), step(10), step(20)],
    });
    expect(put.status).toBe(200);
    const late: string[] = [];
    for (let i = 0; i < 12; i++) {
      late.push(
        await insertInvoice(t.sql, {
          ...base,
          status: i % 2 ? 'overdue' : 'sent',
          number: `R-${i}`,
          dueDate: day(-4 - (i % 3)),
        }),
      );
    }
    const german = await insertInvoice(t.sql, {
      ...base,
      status: 'overdue',
      number: 'R-DE',
      dueDate: day(-5),
      language: 'de',
      amountCents: 11_900,
    });
    const notYet = await insertInvoice(t.sql, { ...base, status: 'sent', number: 'R-NY', dueDate: day(-2) });
    const noDue = await insertInvoice(t.sql, { ...base, status: 'sent', number: 'R-ND', dueDate: null });
    const paid = await insertInvoice(t.sql, { ...base, status: 'paid', number: 'R-P', dueDate: day(-30) });
    const cancelled = await insertInvoice(t.sql, {
      ...base,
      status: 'cancelled',
      number: 'R-C',
      dueDate: day(-30),
    });
    const draft = await insertInvoice(t.sql, { ...base, status: 'draft', dueDate: day(-30) });

    const counts = await Promise.all([sweep(), sweep(), sweep(), sweep()]);
    await sendPaymentRemindersTask.run({}, taskContext(t));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(late.length + 1);

    const rows = await t.sql<{ invoice_id: string; step: number; n: number }[]>`
      SELECT invoice_id, min(step)::int AS step, count(*)::int AS n FROM invoice_reminders
      WHERE provider_id = ${w.providerId} GROUP BY invoice_id`;
    const byInvoice = new Map(rows.map((r) => [r.invoice_id, r]));
    for (const id of [...late, german]) expect(byInvoice.get(id)).toMatchObject({ step: 1, n: 1 });
    for (const id of [notYet, noDue, paid, cancelled, draft]) expect(byInvoice.has(id)).toBe(false);

    const mails = await mailsOf(w.providerId);
    expect(mails).toHaveLength(late.length + 1);
    const de = mails.find((m) => m.text_body.includes('R-DE'));
    expect(de?.subject).toContain('Zahlungserinnerung');
    expect(de?.text_body).toContain('Rechnung R-DE: 119,00');
    expect(de?.text_body).toMatch(/fällig \d\d\.\d\d\.\d{4}, 5 Tage/);
    expect(de?.text_body).toContain(`/portal/${w.portalId}/invoices/${german}`);

    // Activity: one reminder row per invoice, for the provider's invoice history and the client's feed.
    const [activity] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM activity_feed
      WHERE provider_id = ${w.providerId} AND activity_type = 'invoice_status' AND metadata->>'event' = 'reminder_sent'`;
    expect(activity?.n).toBe(late.length + 1);

    // The invoice's reminders for the provider: the one sent and the next step.
    const list = await send(t, 'GET', `/api/invoices/${german}/reminders`, w.owner);
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({
      items: [{ step: 1, daysAfterDue: 3, language: 'de' }],
      next: { step: 2, on: day(5) },
    });

    // Paid and cancelled stop them: a week later step 2 goes only to the invoices still open (and the one
    // not yet due for step 1 gets step 1).
    const [stillOpen, paidNow, cancelledNow] = late as [string, string, string, ...string[]];
    await t.sql`UPDATE invoices SET status = 'paid', paid_at = now(), paid_via = 'manual' WHERE id = ${paidNow}`;
    await t.sql`UPDATE invoices SET status = 'cancelled', cancelled_at = now() WHERE id = ${cancelledNow}`;
    t.advance(7 * 24 * 3600_000);
    expect(await sweep()).toBe(late.length + 1 - 2 + 1);
    expect(await sweep()).toBe(0);
    const second = await t.sql<{ invoice_id: string }[]>`
      SELECT invoice_id FROM invoice_reminders WHERE provider_id = ${w.providerId} AND step = 2`;
    const ids = new Set(second.map((r) => r.invoice_id));
    expect(ids.has(stillOpen)).toBe(true);
    expect(ids.has(paidNow) || ids.has(cancelledNow)).toBe(false);
    const paidList = (await (await send(t, 'GET', `/api/invoices/${paidNow}/reminders`, w.owner)).json()) as {
      next: unknown;
    };
    expect(paidList.next).toBeNull();
  });

  it('sends only the latest step that has come, and nothing while reminders are off', async () => {
    const w = await invoicesWorld(t, 'reminder-latest');
    const base = { providerId: w.providerId, clientId: w.clientId };
    const old = await insertInvoice(t.sql, { ...base, status: 'overdue', number: 'O-1', dueDate: day(-40) });
    await send(t, 'PUT', '/api/invoice-settings/reminders', w.owner, {
      enabled: false,
      steps: [step(3), step(10), step(20)],
    });
    expect(await sendPaymentReminders({ ...t.deps, log: t.deps.log }, { providerId: w.providerId })).toBe(0);
    await send(t, 'PUT', '/api/invoice-settings/reminders', w.owner, {
      enabled: true,
      steps: [step(3), step(10), step(20)],
    });
    expect(await sendPaymentReminders({ ...t.deps, log: t.deps.log }, { providerId: w.providerId })).toBe(1);
    const rows = await t.sql<
      { step: number }[]
    >`SELECT step FROM invoice_reminders WHERE invoice_id = ${old}`;
    expect(rows.map((r) => r.step)).toEqual([3]);
    expect(await sendPaymentReminders({ ...t.deps, log: t.deps.log }, { providerId: w.providerId })).toBe(0);
  });

  it('escapes the provider’s text in the HTML mail', async () => {
    const w = await invoicesWorld(t, 'reminder-html');
    await insertInvoice(t.sql, {
      providerId: w.providerId,
      clientId: w.clientId,
      status: 'overdue',
      number: 'H-1',
      dueDate: day(-5),
    });
    await send(t, 'PUT', '/api/invoice-settings/reminders', w.owner, {
      enabled: true,
      steps: [step(1, '<b>Pay</b> {number} & "now"')],
    });
    await sendPaymentReminders({ ...t.deps, log: t.deps.log }, { providerId: w.providerId });
    const [mail] = await mailsOf(w.providerId);
    expect(mail?.html).toContain('&lt;b&gt;Pay&lt;/b&gt; H-1 &amp; &quot;now&quot;');
    expect(mail?.html).not.toContain('<b>Pay');
    expect(mail?.text_body).toContain('<b>Pay</b> H-1 & "now"');
  });
});
