import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canTransition, INVOICE_TRANSITIONS, type InvoiceStatus } from '../../../shared/contracts/invoices';
import type { ProviderScope } from '../../auth/scope';
import { ApiError } from '../../http/errors';
import { createTestContext, type TestContext } from '../../testing/harness';
import { cancelInvoice } from './cancel-invoice';
import { changeInvoiceStatus } from './change-status';
import { createInvoice } from './create-draft';
import { deleteInvoice } from './delete-draft';
import type { InvoiceDeps } from './deps';
import { getInvoice } from './get-invoice';
import { sendInvoice } from './send-invoice';
import { invoicesWorld, line } from './testing';
import { markInvoicePaid } from './transitions';
import { updateInvoice } from './update-draft';

/**
 * Numbers are gapless and unique under concurrency (a storm of parallel sends and cancellations of one
 * provider), a rolled-back send gives its number back, and random sequences of operations never leave
 * INVOICE_TRANSITIONS (property-based, against the real services and database).
 */

let t: TestContext;
let deps: InvoiceDeps;

beforeAll(async () => {
  t = await createTestContext();
  deps = { ...t.deps, log: t.deps.log };
});
afterAll(() => t.close());

async function world(label: string) {
  const w = await invoicesWorld(t, label);
  const scope: ProviderScope = { kind: 'provider', providerId: w.providerId, sessionId: '' };
  const draft = (cents = 10_000) =>
    createInvoice(deps, scope, {
      clientId: w.clientId,
      projectId: null,
      description: null,
      supplyDate: '2026-03-02',
      lines: [line('Work', 1000, cents)],
    });
  return { ...w, scope, draft };
}

const numberOf = (value: string | null, prefix: string) => Number(value?.slice(prefix.length));

describe('gapless numbers', () => {
  it('gives 40 parallel sends of one provider exactly the numbers 1..40', async () => {
    const w = await world('storm');
    const drafts = [];
    for (let i = 0; i < 40; i++) drafts.push(await w.draft(1_000 + i));
    const sent = (await Promise.all(drafts.map((d) => sendInvoice(deps, w.scope, d.id)))).map(
      (s) => s.invoice,
    );
    const numbers = sent.map((s) => numberOf(s.number, 'INV-')).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(sent.map((s) => s.number)).size).toBe(40);
    expect(sent.every((s) => /^INV-\d{4}$/.test(s.number ?? ''))).toBe(true);

    // Cancelling them in parallel: credit notes 1..20, their own sequence.
    const cancelled = await Promise.all(
      sent.slice(0, 20).map((s) => cancelInvoice(deps, w.scope, s.id, { reason: null })),
    );
    const notes = cancelled.map((c) => numberOf(c.creditNote?.number ?? null, 'CN-')).sort((a, b) => a - b);
    expect(notes).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  }, 60_000);

  it('sends a draft once when the same send arrives twice at the same time', async () => {
    const w = await world('twice');
    const d = await w.draft();
    const results = await Promise.allSettled([
      sendInvoice(deps, w.scope, d.id),
      sendInvoice(deps, w.scope, d.id),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((failed.reason as ApiError).code).toBe('invoice_transition_not_allowed');
    const [settings] = await t.sql<{ next_number: number }[]>`
      SELECT next_number FROM invoice_settings WHERE provider_id = ${w.providerId}`;
    expect(settings?.next_number).toBe(2);
  });

  it('gives a rolled-back send’s number to the next send', async () => {
    const w = await world('rollback');
    const [a, b] = [await w.draft(), await w.draft()];
    const broken: InvoiceDeps = {
      ...deps,
      mailer: {
        ...deps.mailer,
        queue: async () => {
          throw new Error('the outbox refused');
        },
      },
    };
    await expect(sendInvoice(broken, w.scope, a.id)).rejects.toThrow('the outbox refused');
    expect((await getInvoice(t.sql, w.scope, a.id)).status).toBe('draft');
    expect((await sendInvoice(deps, w.scope, b.id)).invoice.number).toBe('INV-0001');
    expect((await sendInvoice(deps, w.scope, a.id)).invoice.number).toBe('INV-0002');
  });

  it('keeps each provider’s sequence to itself', async () => {
    const [x, y] = [await world('seq-x'), await world('seq-y')];
    const [dx, dy] = [await x.draft(), await y.draft()];
    const [sx, sy] = await Promise.all([
      sendInvoice(deps, x.scope, dx.id),
      sendInvoice(deps, y.scope, dy.id),
    ]);
    expect([sx.invoice.number, sy.invoice.number]).toEqual(['INV-0001', 'INV-0001']);
  });
});

type Op =
  | { kind: 'create' }
  | { kind: 'send' | 'delete' | 'paid' | 'overdue' | 'cancel' | 'webhookPaid' | 'edit'; index: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: 'create' }),
  fc
    .record({
      kind: fc.constantFrom('send', 'delete', 'paid', 'overdue', 'cancel', 'webhookPaid', 'edit' as const),
      index: fc.nat(5),
    })
    .map((op) => op as Op),
);

describe('status transitions (property)', () => {
  it('random operations never leave INVOICE_TRANSITIONS; paid and cancelled are final; numbers stay gapless', async () => {
    // One provider for every run (sign-ups are rate limited); each run checks its own invoices, and the
    // numbers of all of them together.
    const w = await world('prop');
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const [{ count: activityBefore } = { count: 0 }] = await t.sql<{ count: number }[]>`
          SELECT count(*)::int AS count FROM activity_feed
          WHERE provider_id = ${w.providerId} AND activity_type = 'invoice_status'`;
        /** The model: id → status (deleted drafts leave it). */
        const model = new Map<string, InvoiceStatus>();
        const ids: string[] = [];
        let statusChanges = 0;
        for (const op of ops) {
          if (op.kind === 'create') {
            const d = await w.draft(1_000 * (ids.length + 1));
            ids.push(d.id);
            model.set(d.id, 'draft');
            continue;
          }
          const id = ids[op.index % Math.max(ids.length, 1)];
          if (!id) continue;
          const before = model.get(id);
          const target: InvoiceStatus | 'deleted' | null =
            op.kind === 'send'
              ? 'sent'
              : op.kind === 'cancel'
                ? 'cancelled'
                : op.kind === 'paid' || op.kind === 'webhookPaid'
                  ? 'paid'
                  : op.kind === 'overdue'
                    ? 'overdue'
                    : op.kind === 'delete'
                      ? 'deleted'
                      : null;
          const allowed =
            before === undefined
              ? false
              : target === 'deleted' || target === null
                ? before === 'draft'
                : canTransition(before, target);
          const attempt = async () => {
            if (op.kind === 'send') return sendInvoice(deps, w.scope, id);
            if (op.kind === 'cancel') return cancelInvoice(deps, w.scope, id, { reason: null });
            if (op.kind === 'paid') return changeInvoiceStatus(deps, w.scope, id, { status: 'paid' });
            if (op.kind === 'overdue') return changeInvoiceStatus(deps, w.scope, id, { status: 'overdue' });
            if (op.kind === 'delete') return deleteInvoice(deps, w.scope, id);
            if (op.kind === 'edit') return updateInvoice(deps, w.scope, id, { description: 'edited' });
            const changed = await t.sql.begin((tx) =>
              markInvoicePaid(tx, w.scope, id, {
                paidAt: new Date(),
                via: 'stripe_invoice',
                jobs: t.deps.jobs,
              }),
            );
            if (!changed) throw new ApiError('invoice_transition_not_allowed');
          };
          let ok = true;
          try {
            await attempt();
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            ok = false;
            expect(['invoice_transition_not_allowed', 'invoice_not_editable', 'not_found']).toContain(
              err.code,
            );
          }
          expect(ok, `${op.kind} from ${before}`).toBe(allowed);
          if (ok && target !== 'deleted' && target !== null) statusChanges += 1;
          if (ok && target === 'deleted') model.delete(id);
          else if (ok && target && target !== 'deleted') model.set(id, target);
        }
        // The database agrees with the model, and every status is one INVOICE_TRANSITIONS knows.
        const rows = await t.sql<{ id: string; status: InvoiceStatus; number: string | null }[]>`
          SELECT id, status, number FROM invoices WHERE provider_id = ${w.providerId}`;
        const mine = rows.filter((r) => ids.includes(r.id));
        expect(new Map(mine.map((r) => [r.id, r.status]))).toEqual(model);
        for (const r of rows) expect(Object.keys(INVOICE_TRANSITIONS)).toContain(r.status);
        const numbers = rows
          .filter((r) => r.number)
          .map((r) => numberOf(r.number, 'INV-'))
          .sort((a, b) => a - b);
        expect(numbers).toEqual(numbers.map((_, i) => i + 1));
        const notes = await t.sql<{ number: string }[]>`
          SELECT number FROM credit_notes WHERE provider_id = ${w.providerId} ORDER BY number`;
        expect(notes.map((n) => numberOf(n.number, 'CN-'))).toEqual(notes.map((_, i) => i + 1));
        // One activity row per status change that happened, none for a refused one.
        const [activity] = await t.sql<{ count: number }[]>`
          SELECT count(*)::int AS count FROM activity_feed
          WHERE provider_id = ${w.providerId} AND activity_type = 'invoice_status'`;
        expect((activity?.count ?? 0) - activityBefore).toBe(statusChanges);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
