import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../shared/contracts/activity';
import type { Invoice } from '../../shared/contracts/invoices';
import { pushInvoiceToStripe } from './stripe-invoices';
import {
  call,
  connectSeller,
  FIRST_ATTEMPT,
  insertInvoice,
  invoiceRow,
  makeSeller,
  type PaymentsWorld,
  paymentsWorld,
  runQueuedJobs,
  type Seller,
} from './testing';

/*
 * Issue 28's remainders for payments: a part payment in the activity feed, taking back a payment recorded
 * by hand (DELETE …/payments/{paymentId}), and a Stripe invoice that asks for the balance after a payment
 * recorded by hand (credit notes, voided when the payment is taken back).
 */
describe('payments: activity, undo, Stripe invoice balance', () => {
  let w: PaymentsWorld;
  let seller: Seller;
  let account: { accountId: string; secretKey: string };
  beforeAll(async () => {
    w = await paymentsWorld();
    seller = await makeSeller(w.t, 'undo');
    account = await connectSeller(w, seller);
  });
  afterAll(() => w?.close());

  const record = (s: Pick<Seller, 'cookie'>, invoiceId: string, body: unknown) =>
    call(w.t, 'POST', `/api/invoices/${invoiceId}/payments`, { cookie: s.cookie, body });
  const remove = (s: Pick<Seller, 'cookie'>, invoiceId: string, paymentId: string) =>
    call(w.t, 'DELETE', `/api/invoices/${invoiceId}/payments/${paymentId}`, { cookie: s.cookie });
  const provider = async (invoiceId: string) =>
    (await (
      await call(w.t, 'GET', `/api/invoices/${invoiceId}`, { cookie: seller.cookie })
    ).json()) as Invoice;
  const feed = async (lang: 'en' | 'de', as: { cookie?: string; bearer?: string }) => {
    const path = as.bearer ? `/api/portal/${seller.portalId}/notifications` : '/api/notifications';
    const res = await w.t.app.request(`${path}?limit=100`, {
      headers: {
        'Accept-Language': lang,
        ...(as.cookie ? { Cookie: as.cookie } : {}),
        ...(as.bearer ? { Authorization: `Bearer ${as.bearer}` } : {}),
      },
    });
    expect(res.status).toBe(200);
    // Money is formatted with a no-break space in German ("12,34 €").
    return ((await res.json()) as { items: ActivityItem[] }).items.map((i) => ({
      ...i,
      title: i.title.replaceAll('\u00a0', ' '),
      description: i.description?.replaceAll('\u00a0', ' ') ?? null,
    }));
  };
  const sums = async (invoiceId: string) => {
    const [row] = await w.t.sql<{ paid: string; sum: string }[]>`
      SELECT i.paid_cents::text AS paid,
             (SELECT coalesce(sum(amount_cents), 0) FROM invoice_payments p
              WHERE p.invoice_id = i.id AND p.outcome = 'applied')::text AS sum
      FROM invoices i WHERE i.id = ${invoiceId}`;
    return { paid: Number(row?.paid), sum: Number(row?.sum) };
  };

  it('a part payment by hand is in the activity feed of both sides, in en and de', async () => {
    const invoice = await insertInvoice(w.t, seller);
    expect((await record(seller, invoice.id, { amountCents: 1_234 })).status).toBe(201);
    const balance = invoice.amountCents - 1_234;
    const en = (await feed('en', { cookie: seller.cookie })).find(
      (i) => i.invoice?.id === invoice.id && i.title.startsWith('Payment of'),
    );
    expect(en?.title).toBe(`Payment of €12.34 received for invoice ${invoice.number}`);
    expect(en?.description).toContain('still due');
    expect(en?.invoice?.status).toBe('sent');
    expect(en?.read).toBe(true); // the provider's own doing
    const de = (await feed('de', { bearer: seller.token })).find(
      (i) => i.invoice?.id === invoice.id && i.title.startsWith('Zahlung'),
    );
    expect(de?.title).toBe(`Zahlung über 12,34 € zu Rechnung ${invoice.number} eingegangen`);
    expect(de?.description).toContain(
      `${(balance / 100)
        .toFixed(2)
        .replace('.', ',')
        .replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`,
    );
    expect(de?.read).toBe(false); // new for the client
    // The payment that pays the rest writes "paid", not a second part-payment row.
    await record(seller, invoice.id, { amountCents: balance });
    const rows = await w.t.sql<{ event: string | null; status: string }[]>`
      SELECT metadata->>'event' AS event, metadata->>'status' AS status FROM activity_feed
      WHERE metadata->>'invoiceId' = ${invoice.id} ORDER BY seq`;
    expect(rows).toEqual([
      { event: 'payment_received', status: 'sent' },
      { event: null, status: 'paid' },
    ]);
  });

  it('a Stripe payment for part of a Stripe invoice (invoice_payment.paid) writes the activity row too', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await pushInvoiceToStripe(w.t.deps, seller.providerId, invoice.id, FIRST_ATTEMPT);
    const stripeId = (await invoiceRow(w.t, invoice.id)).stripe_invoice_id ?? '';
    await w.stripe.payInvoicePart(account.accountId, stripeId, 3_000);
    const [row] = await w.t.sql<
      { event: string; via: string; amount: string; read_by_freelancer: boolean }[]
    >`
      SELECT metadata->>'event' AS event, metadata->>'via' AS via, metadata->>'amountCents' AS amount,
             read_by_freelancer
      FROM activity_feed WHERE metadata->>'invoiceId' = ${invoice.id}`;
    expect(row).toEqual({
      event: 'payment_received',
      via: 'stripe_invoice',
      amount: '3000',
      read_by_freelancer: false,
    });
  });

  it('takes back a payment recorded by hand: balance restored, activity row, once', async () => {
    const invoice = await insertInvoice(w.t, seller);
    const after = (await (await record(seller, invoice.id, { amountCents: 2_000 })).json()) as Invoice;
    const paymentId = after.payments[0]?.id ?? '';
    const res = await remove(seller, invoice.id, paymentId);
    expect(res.status).toBe(200);
    const back = (await res.json()) as Invoice;
    expect(back).toMatchObject({
      status: 'sent',
      paidCents: 0,
      balanceCents: invoice.amountCents,
      payments: [],
    });
    expect(await sums(invoice.id)).toEqual({ paid: 0, sum: 0 });
    // A repeat: the payment is gone, nothing changes twice.
    expect((await remove(seller, invoice.id, paymentId)).status).toBe(404);
    expect(await sums(invoice.id)).toEqual({ paid: 0, sum: 0 });
    const de = (await feed('de', { cookie: seller.cookie })).find(
      (i) => i.invoice?.id === invoice.id && i.title.includes('entfernt'),
    );
    expect(de?.title).toBe(`Zahlung über 20,00 € zu Rechnung ${invoice.number} entfernt`);
  });

  it('a paid invoice opens again: overdue past its due date, else sent; paid day cleared', async () => {
    for (const [dueDate, expected] of [
      ['2020-01-01', 'overdue'],
      ['2999-01-01', 'sent'],
    ] as const) {
      const invoice = await insertInvoice(w.t, seller, { dueDate });
      const first = (await (await record(seller, invoice.id, { amountCents: 500 })).json()) as Invoice;
      const paid = (await (
        await record(seller, invoice.id, { amountCents: invoice.amountCents - 500 })
      ).json()) as Invoice;
      expect(paid.status).toBe('paid');
      const res = await remove(seller, invoice.id, first.payments[0]?.id ?? '');
      expect(res.status).toBe(200);
      const open = (await res.json()) as Invoice;
      expect(open).toMatchObject({
        status: expected,
        paidAt: null,
        paidOn: null,
        paidVia: null,
        paidCents: invoice.amountCents - 500,
        balanceCents: 500,
      });
      expect(await sums(invoice.id)).toEqual({
        paid: invoice.amountCents - 500,
        sum: invoice.amountCents - 500,
      });
      // Payable again: the rest can be recorded and pays it.
      const again = (await (await record(seller, invoice.id, { amountCents: 500 })).json()) as Invoice;
      expect(again.status).toBe('paid');
    }
  });

  it('refuses Stripe payments and cancelled invoices (409), another provider (404), bad ids (422)', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await pushInvoiceToStripe(w.t.deps, seller.providerId, invoice.id, FIRST_ATTEMPT);
    const stripeId = (await invoiceRow(w.t, invoice.id)).stripe_invoice_id ?? '';
    await w.stripe.payInvoicePart(account.accountId, stripeId, 1_000);
    const byHand = (await (await record(seller, invoice.id, { amountCents: 700 })).json()) as Invoice;
    const stripePayment = byHand.payments.find((p) => p.source === 'stripe_invoice');
    const manual = byHand.payments.find((p) => p.source === 'manual');
    const refused = await remove(seller, invoice.id, stripePayment?.id ?? '');
    expect([refused.status, (await refused.json()).error.code]).toEqual([409, 'payment_not_removable']);
    const stranger = await makeSeller(w.t, 'undo-stranger');
    expect((await remove(stranger, invoice.id, manual?.id ?? '')).status).toBe(404);
    // The payment of another invoice of the same provider is not this invoice's.
    const other = await insertInvoice(w.t, seller);
    expect((await remove(seller, other.id, manual?.id ?? '')).status).toBe(404);
    expect((await remove(seller, invoice.id, 'not-a-uuid')).status).toBe(422);
    expect(await sums(invoice.id)).toEqual({ paid: 1_700, sum: 1_700 });
    // Cancelled: the credit note stands for the whole invoice; its payments stay.
    const cancelled = await insertInvoice(w.t, seller);
    const part = (await (await record(seller, cancelled.id, { amountCents: 300 })).json()) as Invoice;
    const cancel = await call(w.t, 'POST', `/api/invoices/${cancelled.id}/cancel`, {
      cookie: seller.cookie,
      body: {},
    });
    expect(cancel.status).toBeLessThan(300);
    const onCancelled = await remove(seller, cancelled.id, part.payments[0]?.id ?? '');
    expect(onCancelled.status).toBe(409);
  });

  it('concurrent removals of one payment take it back once', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await record(seller, invoice.id, { amountCents: 900 });
    const two = (await (await record(seller, invoice.id, { amountCents: 100 })).json()) as Invoice;
    const id = two.payments[0]?.id ?? '';
    const answers = await Promise.all(Array.from({ length: 4 }, () => remove(seller, invoice.id, id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404, 404, 404]);
    expect(await sums(invoice.id)).toEqual({ paid: 100, sum: 100 });
  });

  it('random record/remove sequences through the API keep paid = sum of the payments, balance = total − paid', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.integer({ min: 1, max: 6_000 }),
            fc.nat({ max: 5 }).map((n) => -1 - n),
          ),
          {
            minLength: 1,
            maxLength: 7,
          },
        ),
        async (ops) => {
          const invoice = await insertInvoice(w.t, seller);
          let current = await provider(invoice.id);
          for (const op of ops) {
            if (op > 0) {
              const res = await record(seller, invoice.id, { amountCents: op });
              expect([201, 409, 422]).toContain(res.status);
            } else {
              const manual = current.payments.filter((p) => p.source === 'manual');
              const target = manual[(-1 - op) % Math.max(1, manual.length)];
              if (target) expect((await remove(seller, invoice.id, target.id)).status).toBe(200);
            }
            current = await provider(invoice.id);
            const sum = current.payments.reduce((a, p) => a + p.amountCents, 0);
            expect(current.paidCents).toBe(sum);
            expect(current.status).toBe(sum === invoice.amountCents ? 'paid' : 'sent');
            expect(current.balanceCents).toBe(current.status === 'paid' ? 0 : invoice.amountCents - sum);
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it('a Stripe invoice asks for the balance after a payment by hand (credit note), and again after its undo', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await pushInvoiceToStripe(w.t.deps, seller.providerId, invoice.id, FIRST_ATTEMPT);
    const stripeId = (await invoiceRow(w.t, invoice.id)).stripe_invoice_id ?? '';
    const recorded = (await (await record(seller, invoice.id, { amountCents: 2_500 })).json()) as Invoice;
    const ran = await runQueuedJobs(w.t, ['stripe_sync_credits']);
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.every((r) => r.error === null)).toBe(true);
    const stripeInvoice = () => w.stripe.invoice(account.accountId, stripeId);
    expect(stripeInvoice().amount_remaining).toBe(invoice.amountCents - 2_500);
    expect(stripeInvoice().total).toBe(invoice.amountCents); // the document's total stays
    const notes = w.stripe.creditNotes(account.accountId);
    expect(
      notes.filter((n) => n.invoice === stripeId).map((n) => [n.amount, n.status, n.metadata?.payment_id]),
    ).toEqual([[2_500, 'issued', recorded.payments[0]?.id]]);
    // A second run changes nothing (declarative).
    await w.t.deps.jobs.enqueue(w.t.sql, 'stripe_sync_credits', {
      providerId: seller.providerId,
      invoiceId: invoice.id,
    });
    await runQueuedJobs(w.t, ['stripe_sync_credits']);
    expect(w.stripe.creditNotes(account.accountId).filter((n) => n.invoice === stripeId)).toHaveLength(1);
    // Taken back: the credit note is voided, Stripe asks for the whole total again.
    await remove(seller, invoice.id, recorded.payments[0]?.id ?? '');
    await runQueuedJobs(w.t, ['stripe_sync_credits']);
    expect(stripeInvoice().amount_remaining).toBe(invoice.amountCents);
    expect(w.stripe.creditNotes(account.accountId).find((n) => n.invoice === stripeId)?.status).toBe('void');
    // Recorded again and paid on Stripe's page: the card pays exactly the balance, which marks ours paid.
    await record(seller, invoice.id, { amountCents: 4_000 });
    await runQueuedJobs(w.t, ['stripe_sync_credits']);
    expect(stripeInvoice().amount_remaining).toBe(invoice.amountCents - 4_000);
    const paid = await w.stripe.payInvoice(account.accountId, stripeId);
    expect(paid.map((d) => [d.type, d.status])).toEqual([['invoice.paid', 200]]);
    const after = await provider(invoice.id);
    expect(after).toMatchObject({ status: 'paid', paidVia: 'stripe_invoice', balanceCents: 0 });
    expect(after.payments.map((p) => [p.source, p.amountCents, p.outcome]).sort()).toEqual([
      ['manual', 4_000, 'applied'],
      ['stripe_invoice', invoice.amountCents - 4_000, 'applied'],
    ]);
  });

  it('payments by hand before the push are credited once the Stripe invoice is open', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await record(seller, invoice.id, { amountCents: 1_500 });
    await w.t.sql`UPDATE invoices SET stripe_push_state = 'pending' WHERE id = ${invoice.id}`;
    await pushInvoiceToStripe(w.t.deps, seller.providerId, invoice.id, FIRST_ATTEMPT);
    const stripeId = (await invoiceRow(w.t, invoice.id)).stripe_invoice_id ?? '';
    const ran = await runQueuedJobs(w.t, ['stripe_sync_credits']);
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.every((r) => r.error === null)).toBe(true);
    expect(w.stripe.invoice(account.accountId, stripeId).amount_remaining).toBe(invoice.amountCents - 1_500);
  });

  it('Checkout after a payment by hand charges the balance', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await record(seller, invoice.id, { amountCents: 999 });
    const res = await call(w.t, 'POST', `/api/portal/${seller.portalId}/invoices/${invoice.id}/pay`, {
      bearer: seller.token,
    });
    expect(res.status).toBe(200);
    const row = await invoiceRow(w.t, invoice.id);
    expect(w.stripe.session(account.accountId, row.stripe_checkout_session_id ?? '').amount_total).toBe(
      invoice.amountCents - 999,
    );
  });
});
