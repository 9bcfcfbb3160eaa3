import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceList, PortalInvoiceDetail } from '../../shared/contracts/invoices';
import type { Overview } from '../../shared/contracts/overview';
import type { PortalInvoiceList } from '../../shared/contracts/portal-client';
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
  type Seller,
} from './testing';

/* Partial payments (issue 28): by hand, through Checkout for the balance, and per Stripe invoice payment. */
describe('partial payments', () => {
  let w: PaymentsWorld;
  let seller: Seller;
  let account: { accountId: string; secretKey: string };
  beforeAll(async () => {
    w = await paymentsWorld();
    seller = await makeSeller(w.t, 'partial');
    account = await connectSeller(w, seller);
  });
  afterAll(() => w?.close());

  const record = (s: Pick<Seller, 'cookie'>, invoiceId: string, body: unknown) =>
    call(w.t, 'POST', `/api/invoices/${invoiceId}/payments`, { cookie: s.cookie, body });
  const provider = async (invoiceId: string) =>
    (await (
      await call(w.t, 'GET', `/api/invoices/${invoiceId}`, { cookie: seller.cookie })
    ).json()) as Invoice;
  const portal = async (invoiceId: string) =>
    (await (
      await call(w.t, 'GET', `/api/portal/${seller.portalId}/invoices/${invoiceId}`, { bearer: seller.token })
    ).json()) as PortalInvoiceDetail;
  const paidCentsOf = async (invoiceId: string) => {
    const [row] = await w.t.sql<{ paid: string; sum: string }[]>`
      SELECT i.paid_cents::text AS paid,
             (SELECT coalesce(sum(amount_cents), 0) FROM invoice_payments p
              WHERE p.invoice_id = i.id AND p.outcome = 'applied')::text AS sum
      FROM invoices i WHERE i.id = ${invoiceId}`;
    return { paid: Number(row?.paid), sum: Number(row?.sum) };
  };

  it('records payments by hand, shows the balance everywhere, and marks the invoice paid at zero', async () => {
    const invoice = await insertInvoice(w.t, seller);
    const first = await record(seller, invoice.id, {
      amountCents: 5_000,
      paidDate: '2026-01-15',
      method: 'Bank transfer',
      note: 'first part',
    });
    expect(first.status).toBe(201);
    const after = (await first.json()) as Invoice;
    expect(after).toMatchObject({
      status: 'sent',
      paidCents: 5_000,
      balanceCents: invoice.amountCents - 5_000,
    });
    expect(after.payments).toMatchObject([
      {
        source: 'manual',
        amountCents: 5_000,
        paidOn: '2026-01-15',
        method: 'Bank transfer',
        note: 'first part',
      },
    ]);
    const client = await portal(invoice.id);
    expect(client).toMatchObject({ paidCents: 5_000, balanceCents: invoice.amountCents - 5_000 });
    expect(client.payments).toEqual([
      { amountCents: 5_000, currency: 'EUR', paidOn: '2026-01-15', source: 'manual' },
    ]);
    expect(client.refunds).toEqual([]);
    const list = (await (
      await call(w.t, 'GET', `/api/portal/${seller.portalId}/invoices`, { bearer: seller.token })
    ).json()) as PortalInvoiceList;
    expect(list.items.find((i) => i.id === invoice.id)?.balanceCents).toBe(invoice.amountCents - 5_000);
    const providerList = (await (
      await call(w.t, 'GET', '/api/invoices?limit=100', { cookie: seller.cookie })
    ).json()) as InvoiceList;
    expect(providerList.items.find((i) => i.id === invoice.id)?.balanceCents).toBe(
      invoice.amountCents - 5_000,
    );
    const overview = (await (
      await call(w.t, 'GET', '/api/overview', { cookie: seller.cookie })
    ).json()) as Overview;
    expect(overview.outstanding.find((o) => o.currency === 'EUR')?.amountCents).toBeGreaterThanOrEqual(
      invoice.amountCents - 5_000,
    );

    // More than the balance: 422, nothing written.
    const over = await record(seller, invoice.id, { amountCents: invoice.amountCents });
    expect(over.status).toBe(422);
    expect((await over.json()).error.code).toBe('payment_exceeds_balance');
    // The rest: paid, by hand, on that day.
    const rest = (await (
      await record(seller, invoice.id, { amountCents: invoice.amountCents - 5_000, paidDate: '2026-01-20' })
    ).json()) as Invoice;
    expect(rest).toMatchObject({ status: 'paid', paidVia: 'manual', paidOn: '2026-01-20', balanceCents: 0 });
    expect(rest.paidCents).toBe(invoice.amountCents);
    expect(await paidCentsOf(invoice.id)).toEqual({ paid: invoice.amountCents, sum: invoice.amountCents });
    const closed = await record(seller, invoice.id, { amountCents: 1 });
    expect([closed.status, (await closed.json()).error.code]).toEqual([409, 'invoice_not_payable']);
  });

  it('refuses bad input with 422 and another provider’s invoice with 404', async () => {
    const invoice = await insertInvoice(w.t, seller);
    for (const body of [
      { amountCents: 10.5 },
      { amountCents: 0 },
      { amountCents: -100 },
      { amountCents: 1e30 },
      { amountCents: 100_000_000 },
      { amountCents: 100, paidDate: '2999-01-01' },
      { amountCents: 100, paidDate: '2026-02-30' },
      { amountCents: 100, method: 'x'.repeat(101) },
    ]) {
      const res = await record(seller, invoice.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await paidCentsOf(invoice.id)).toEqual({ paid: 0, sum: 0 });
    const stranger = await makeSeller(w.t, 'partial-stranger');
    expect((await record(stranger, invoice.id, { amountCents: 100 })).status).toBe(404);
    for (const status of ['draft', 'paid', 'cancelled'] as const) {
      const other = await insertInvoice(w.t, seller, { status });
      expect((await record(seller, other.id, { amountCents: 100 })).status).toBe(409);
    }
  });

  it('concurrent payments cannot overpay: the invoice row is locked', async () => {
    const invoice = await insertInvoice(w.t, seller);
    const part = Math.ceil(invoice.amountCents / 3);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => record(seller, invoice.id, { amountCents: part })),
    );
    const ok = answers.filter((r) => r.status === 201).length;
    expect(ok).toBe(Math.floor(invoice.amountCents / part));
    // The others: more than the balance (422), or the invoice already paid (409).
    expect(answers.every((r) => [201, 409, 422].includes(r.status))).toBe(true);
    const { paid, sum } = await paidCentsOf(invoice.id);
    expect(paid).toBe(sum);
    expect(paid).toBeLessThanOrEqual(invoice.amountCents);
  });

  it('random sequences through the API: never over the total, balance = total − sum, paid exactly at zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 9_000 }), { minLength: 1, maxLength: 6 }),
        async (amounts) => {
          const invoice = await insertInvoice(w.t, seller);
          let expected = 0;
          for (const amountCents of amounts) {
            const res = await record(seller, invoice.id, { amountCents });
            const fits = expected < invoice.amountCents && amountCents <= invoice.amountCents - expected;
            expect(res.status).toBe(fits ? 201 : expected === invoice.amountCents ? 409 : 422);
            if (fits) expected += amountCents;
          }
          const after = await provider(invoice.id);
          expect(after.paidCents).toBe(expected);
          expect(after.balanceCents).toBe(after.status === 'paid' ? 0 : invoice.amountCents - expected);
          expect(after.status).toBe(expected === invoice.amountCents ? 'paid' : 'sent');
          expect((await paidCentsOf(invoice.id)).sum).toBe(expected);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('marking a partly paid invoice paid records the rest as a payment', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await record(seller, invoice.id, { amountCents: 1_000 });
    const res = await call(w.t, 'POST', `/api/invoices/${invoice.id}/status`, {
      cookie: seller.cookie,
      body: { status: 'paid' },
    });
    expect(res.status).toBe(200);
    const paid = (await res.json()) as Invoice;
    expect(paid.payments.map((p) => [p.source, p.amountCents])).toEqual([
      ['manual', 1_000],
      ['manual', invoice.amountCents - 1_000],
    ]);
    expect(await paidCentsOf(invoice.id)).toEqual({ paid: invoice.amountCents, sum: invoice.amountCents });
  });

  it('Pay now charges the balance; the Checkout payment of the rest marks the invoice paid', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await record(seller, invoice.id, { amountCents: 2_500 });
    const res = await call(w.t, 'POST', `/api/portal/${seller.portalId}/invoices/${invoice.id}/pay`, {
      bearer: seller.token,
    });
    expect(res.status).toBe(200);
    const row = await invoiceRow(w.t, invoice.id);
    const session = w.stripe.session(account.accountId, row.stripe_checkout_session_id ?? '');
    expect(session.amount_total).toBe(invoice.amountCents - 2_500);
    const done = await w.stripe.completeCheckout(account.accountId, session.id);
    expect(done.deliveries.map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200]]);
    const after = await provider(invoice.id);
    expect(after).toMatchObject({ status: 'paid', paidVia: 'stripe_checkout', balanceCents: 0 });
    // (The webhook's time is Stripe's event second, so the order of the two is not asserted.)
    expect(after.payments.map((p) => [p.source, p.amountCents, p.outcome]).sort()).toEqual([
      ['manual', 2_500, 'applied'],
      ['stripe_checkout', invoice.amountCents - 2_500, 'applied'],
    ]);
  });

  it('a Checkout session older than a payment by hand (more than the balance) is refunded, the invoice stays open', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await call(w.t, 'POST', `/api/portal/${seller.portalId}/invoices/${invoice.id}/pay`, {
      bearer: seller.token,
    });
    const row = await invoiceRow(w.t, invoice.id);
    await record(seller, invoice.id, { amountCents: 700 });
    await w.stripe.completeCheckout(account.accountId, row.stripe_checkout_session_id ?? '');
    const after = await provider(invoice.id);
    expect(after).toMatchObject({ status: 'sent', paidCents: 700, balanceCents: invoice.amountCents - 700 });
    expect(after.payments.find((p) => p.source === 'stripe_checkout')?.outcome).toBe('refund_pending');
  });

  it('Stripe invoice payments for part of it (invoice_payment.paid) are applied; the last one marks it paid once', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await pushInvoiceToStripe(w.t.deps, seller.providerId, invoice.id, FIRST_ATTEMPT);
    const stripeId = (await invoiceRow(w.t, invoice.id)).stripe_invoice_id ?? '';
    const part = await w.stripe.payInvoicePart(account.accountId, stripeId, 4_000);
    expect(part.map((d) => [d.type, d.status])).toEqual([['invoice_payment.paid', 200]]);
    expect(await provider(invoice.id)).toMatchObject({
      status: 'sent',
      paidCents: 4_000,
      balanceCents: invoice.amountCents - 4_000,
    });
    const last = await w.stripe.payInvoicePart(account.accountId, stripeId, invoice.amountCents - 4_000);
    expect(last.map((d) => [d.type, d.status])).toEqual([
      ['invoice_payment.paid', 200],
      ['invoice.paid', 200],
    ]);
    const after = await provider(invoice.id);
    expect(after).toMatchObject({ status: 'paid', paidVia: 'stripe_invoice', balanceCents: 0 });
    // Both parts may carry the same second (Stripe's timestamps), so their order is not asserted.
    const parts = after.payments.map((p) => [p.source, p.amountCents, p.outcome]);
    expect(parts).toHaveLength(2);
    expect(parts).toEqual(
      expect.arrayContaining([
        ['stripe_invoice', 4_000, 'applied'],
        ['stripe_invoice', invoice.amountCents - 4_000, 'applied'],
      ]),
    );
    expect(await paidCentsOf(invoice.id)).toEqual({ paid: invoice.amountCents, sum: invoice.amountCents });
  });
});
