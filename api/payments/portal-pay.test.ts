import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('paying an invoice from the portal', () => {
  let w: PaymentsWorld;
  let seller: Seller;
  let account: { accountId: string; secretKey: string };
  beforeAll(async () => {
    w = await paymentsWorld();
    seller = await makeSeller(w.t, 'pay');
    account = await connectSeller(w, seller);
  });
  afterAll(() => w?.close());

  const pay = (s: Pick<Seller, 'portalId' | 'token'>, invoiceId: string) =>
    call(w.t, 'POST', `/api/portal/${s.portalId}/invoices/${invoiceId}/pay`, { bearer: s.token });

  it('gives a Checkout URL for the invoice’s total, reuses the open session, and the payment marks it paid', async () => {
    const invoice = await insertInvoice(w.t, seller);
    const res = await pay(seller, invoice.id);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url.startsWith(`${w.stripe.url}/c/${account.accountId}/cs_test_`)).toBe(true);
    const row = await invoiceRow(w.t, invoice.id);
    const session = w.stripe.session(account.accountId, row.stripe_checkout_session_id ?? '');
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: invoice.amountCents,
      currency: 'eur',
      metadata: { provider_id: seller.providerId, invoice_id: invoice.id },
      success_url: `http://localhost:3000/portal/${seller.portalId}/payment-success?invoice=${invoice.id}`,
      cancel_url: `http://localhost:3000/portal/${seller.portalId}/invoices`,
    });
    const customer = w.stripe
      .customers(account.accountId)
      .find((c) => c.metadata.client_id === seller.clientId);
    expect(session.customer).toBe(customer?.id);
    const posts = w.stripe.requests.filter((r) => r.method === 'POST' && r.accountId === account.accountId);
    expect(posts.every((r) => r.idempotencyKey)).toBe(true);

    // A second click: the same session.
    expect(((await (await pay(seller, invoice.id)).json()) as { url: string }).url).toBe(url);
    expect(
      w.stripe.sessions(account.accountId).filter((s) => s.metadata?.invoice_id === invoice.id).length,
    ).toBe(1);

    // The client pays on the hosted page: webhook → paid; the success page is the portal's.
    const done = await w.stripe.completeCheckout(account.accountId, session.id);
    expect(done.redirect).toBe(session.success_url);
    expect(done.deliveries.map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200]]);
    expect(await invoiceRow(w.t, invoice.id)).toMatchObject({ status: 'paid', paid_via: 'stripe_checkout' });
    const again = await pay(seller, invoice.id);
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('invoice_not_payable');
  });

  it('settles the Stripe invoice out of band when an invoice pushed to Stripe is paid through Checkout', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await pushInvoiceToStripe(w.t.deps, seller.providerId, invoice.id, FIRST_ATTEMPT);
    await pay(seller, invoice.id);
    const row = await invoiceRow(w.t, invoice.id);
    await w.stripe.completeCheckout(account.accountId, row.stripe_checkout_session_id ?? '');
    expect((await invoiceRow(w.t, invoice.id)).paid_via).toBe('stripe_checkout');
    // The close job queued with the payment settles the Stripe invoice (its invoice.paid is ours: no refund).
    await runQueuedJobs(w.t);
    expect(w.stripe.invoice(account.accountId, row.stripe_invoice_id ?? '').status).toBe('paid');
    expect(w.stripe.refunds(account.accountId).filter((r) => r.metadata?.invoice_id === invoice.id)).toEqual(
      [],
    );
    const payments = await w.t.sql<{ source: string; outcome: string }[]>`
      SELECT source, outcome FROM invoice_payments WHERE invoice_id = ${invoice.id}`;
    expect(payments).toEqual([{ source: 'stripe_checkout', outcome: 'applied' }]);
  });

  it('answers 409 and expires the new session when the provider cancels while it is being made', async () => {
    const invoice = await insertInvoice(w.t, seller);
    w.stripe.beforeRequest(async (req) => {
      if (req.method !== 'POST' || req.path !== '/v1/checkout/sessions') return;
      w.stripe.beforeRequest(null);
      await w.t.sql`UPDATE invoices SET status = 'cancelled', cancelled_at = now() WHERE id = ${invoice.id}`;
    });
    const res = await pay(seller, invoice.id);
    w.stripe.beforeRequest(null);
    expect([res.status, (await res.json()).error.code]).toEqual([409, 'invoice_not_payable']);
    const [made] = w.stripe.sessions(account.accountId).filter((s) => s.metadata?.invoice_id === invoice.id);
    expect(made?.status).toBe('open');
    await runQueuedJobs(w.t);
    expect(w.stripe.session(account.accountId, made?.id ?? '').status).toBe('expired');
  });

  it('answers 409 invoice_not_payable for paid and cancelled invoices, 404 for drafts and others’ invoices', async () => {
    for (const status of ['paid', 'cancelled'] as const) {
      const res = await pay(seller, (await insertInvoice(w.t, seller, { status })).id);
      expect([res.status, (await res.json()).error.code]).toEqual([409, 'invoice_not_payable']);
    }
    const overdue = await pay(seller, (await insertInvoice(w.t, seller, { status: 'overdue' })).id);
    expect(overdue.status).toBe(200);
    const draft = await pay(seller, (await insertInvoice(w.t, seller, { status: 'draft' })).id);
    expect(draft.status).toBe(404);
    const stranger = await makeSeller(w.t, 'stranger');
    const theirs = await insertInvoice(w.t, stranger);
    expect((await pay(seller, theirs.id)).status).toBe(404);
    expect((await pay(stranger, (await insertInvoice(w.t, seller)).id)).status).toBe(404);
    expect((await pay(seller, crypto.randomUUID())).status).toBe(404);
  });

  it('answers 409 stripe_not_connected without a connection, 502 when Stripe is away', async () => {
    const plain = await makeSeller(w.t, 'no-stripe');
    const res = await pay(plain, (await insertInvoice(w.t, plain)).id);
    expect([res.status, (await res.json()).error.code]).toEqual([409, 'stripe_not_connected']);
    const invoice = await insertInvoice(w.t, seller);
    w.stripe.setNetworkDown(true);
    try {
      const down = await pay(seller, invoice.id);
      expect([down.status, (await down.json()).error.code]).toEqual([502, 'stripe_unavailable']);
    } finally {
      w.stripe.setNetworkDown(false);
    }
  });

  it('sends the client back to the portal’s verified custom domain', async () => {
    await w.t.sql`
      UPDATE client_portals SET custom_domain = ${`pay-${Date.now()}.example.org`}, domain_status = 'verified'
      WHERE id = ${seller.portalId}`;
    const [portal] = await w.t.sql<
      { custom_domain: string }[]
    >`SELECT custom_domain FROM client_portals WHERE id = ${seller.portalId}`;
    const invoice = await insertInvoice(w.t, seller);
    expect((await pay(seller, invoice.id)).status).toBe(200);
    const row = await invoiceRow(w.t, invoice.id);
    expect(w.stripe.session(account.accountId, row.stripe_checkout_session_id ?? '').success_url).toBe(
      `https://${portal?.custom_domain}/portal/${seller.portalId}/payment-success?invoice=${invoice.id}`,
    );
  });
});
