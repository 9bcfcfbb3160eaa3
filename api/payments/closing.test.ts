import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, PortalInvoiceDetail } from '../../shared/contracts/invoices';
import {
  call,
  connectSeller,
  invoiceRow,
  makeSeller,
  type PaymentsWorld,
  paymentsWorld,
  runQueuedJobs,
  type Seller,
} from './testing';

/*
 * Issue 26's defect: a client could still pay an invoice after the provider cancelled it or marked it paid
 * by hand (the open Checkout session and the Stripe invoice stayed payable, the card was charged, our
 * invoice stayed cancelled). Closing an invoice now expires its Checkout sessions and voids or settles its
 * Stripe invoice; a payment that still arrives for a closed invoice is refunded and stays in view. The real
 * SDK against the stand-in; the jobs run when the test says (`runQueuedJobs`), so the races are exact.
 */

describe('closing an invoice in Stripe', () => {
  let w: PaymentsWorld;
  let seller: Seller;
  let accountId: string;
  beforeAll(async () => {
    w = await paymentsWorld();
    seller = await makeSeller(w.t, 'closing');
    accountId = (await connectSeller(w, seller)).accountId;
  });
  afterAll(() => w?.close());

  /** A draft through the API, sent, and its Stripe push run: 119.00 + 19 % = 141.61 EUR. */
  async function sentInvoice(): Promise<Invoice> {
    const draft = (await (
      await call(w.t, 'POST', '/api/invoices', {
        cookie: seller.cookie,
        body: {
          clientId: seller.clientId,
          currency: 'EUR',
          supplyDate: '2026-03-02',
          lines: [{ description: 'Design', quantityMilli: 1000, unitPriceCents: 11900, taxRateBp: 1900 }],
        },
      })
    ).json()) as Invoice;
    const sent = await call(w.t, 'POST', `/api/invoices/${draft.id}/send`, { cookie: seller.cookie });
    expect(sent.status).toBe(200);
    await runQueuedJobs(w.t);
    return provider(draft.id);
  }

  const provider = async (invoiceId: string) =>
    (await (
      await call(w.t, 'GET', `/api/invoices/${invoiceId}`, { cookie: seller.cookie })
    ).json()) as Invoice;

  const portal = async (invoiceId: string) =>
    (await (
      await call(w.t, 'GET', `/api/portal/${seller.portalId}/invoices/${invoiceId}`, { bearer: seller.token })
    ).json()) as PortalInvoiceDetail;

  /** The client presses "Pay now": the Checkout session's id. */
  async function openCheckout(invoiceId: string): Promise<string> {
    const res = await call(w.t, 'POST', `/api/portal/${seller.portalId}/invoices/${invoiceId}/pay`, {
      bearer: seller.token,
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    return new URL(url).pathname.split('/').at(-1) ?? '';
  }

  const cancel = (invoiceId: string) =>
    call(w.t, 'POST', `/api/invoices/${invoiceId}/cancel`, { cookie: seller.cookie, body: { reason: null } });
  const markPaid = (invoiceId: string) =>
    call(w.t, 'POST', `/api/invoices/${invoiceId}/status`, {
      cookie: seller.cookie,
      body: { status: 'paid' },
    });

  const refundsOf = (paymentIntent: string) =>
    w.stripe.refunds(accountId).filter((r) => r.payment_intent === paymentIntent);

  it('cancelling expires the open Checkout session and voids the Stripe invoice: neither can be paid', async () => {
    const invoice = await sentInvoice();
    expect(invoice.stripe?.invoiceId).toBeTruthy();
    const sessionId = await openCheckout(invoice.id);
    expect((await cancel(invoice.id)).status).toBe(200);
    await runQueuedJobs(w.t);

    expect(w.stripe.session(accountId, sessionId).status).toBe('expired');
    expect(w.stripe.invoice(accountId, invoice.stripe?.invoiceId ?? '').status).toBe('void');
    await expect(w.stripe.completeCheckout(accountId, sessionId)).rejects.toThrow(/not open/);
    await expect(w.stripe.payInvoice(accountId, invoice.stripe?.invoiceId ?? '')).rejects.toThrow(/not open/);
    // Checkout's own page no longer offers to pay.
    const page = await fetch(`${w.stripe.url}/c/${accountId}/${sessionId}`).then((r) => r.text());
    expect(page).toContain('This session is expired');
    expect((await invoiceRow(w.t, invoice.id)).status).toBe('cancelled');
    expect((await provider(invoice.id)).stripe).toMatchObject({ status: 'void', closing: 'done' });
    expect((await portal(invoice.id)).payment.method).toBe('none');
  });

  it('marking paid by hand expires the session and settles the Stripe invoice out of band', async () => {
    const invoice = await sentInvoice();
    const sessionId = await openCheckout(invoice.id);
    expect((await markPaid(invoice.id)).status).toBe(200);
    await runQueuedJobs(w.t);

    expect(w.stripe.session(accountId, sessionId).status).toBe('expired');
    const stripeInvoice = w.stripe.invoice(accountId, invoice.stripe?.invoiceId ?? '');
    expect(stripeInvoice.status).toBe('paid');
    // Our own "paid out of band" came back as invoice.paid: no money moved, nothing refunded, nothing shown.
    const after = await provider(invoice.id);
    expect([after.status, after.paidVia]).toEqual(['paid', 'manual']);
    // Marked paid by hand: the amount is a payment recorded by hand (issue 28); no card payment.
    expect(after.payments.map((p) => [p.source, p.outcome])).toEqual([['manual', 'applied']]);
    expect(w.stripe.refunds(accountId).length).toBe(0);
  });

  it('refunds a Checkout payment made after the provider cancelled (the client pressed Pay on the open page)', async () => {
    const invoice = await sentInvoice();
    const sessionId = await openCheckout(invoice.id);
    expect((await cancel(invoice.id)).status).toBe(200);
    // The race: Checkout's page is still open and the close job has not run yet.
    const paid = await w.stripe.completeCheckout(accountId, sessionId);
    expect(paid.deliveries.map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200]]);
    expect((await invoiceRow(w.t, invoice.id)).status).toBe('cancelled');
    await runQueuedJobs(w.t);

    const paymentIntent = String(w.stripe.session(accountId, sessionId).payment_intent);
    expect(refundsOf(paymentIntent).map((r) => [r.amount, r.currency, r.status])).toEqual([
      [14161, 'eur', 'succeeded'],
    ]);
    const after = await provider(invoice.id);
    expect(after.status).toBe('cancelled');
    expect(after.payments).toMatchObject([
      { source: 'stripe_checkout', amountCents: 14161, outcome: 'refunded', invoiceStatus: 'cancelled' },
    ]);
    // The provider is told, in the activity feed, and so is the client.
    type Feed = { items: { title: string; description: string | null; read: boolean }[] };
    const feed = (await (
      await call(w.t, 'GET', '/api/notifications', { cookie: seller.cookie })
    ).json()) as Feed;
    expect(feed.items[0]).toMatchObject({
      title: `Payment of €141.61 for ${invoice.number} refunded`,
      read: false,
    });
    expect(feed.items[0]?.description).toMatch(/after the invoice was cancelled/);
    const clientFeed = (await (
      await call(w.t, 'GET', `/api/portal/${seller.portalId}/notifications`, { bearer: seller.token })
    ).json()) as Feed;
    expect(clientFeed.items[0]?.title).toBe(`Payment of €141.61 for ${invoice.number} refunded`);
    // The client sees the refund, and no pay button.
    const seen = await portal(invoice.id);
    expect(seen.payment.method).toBe('none');
    expect(seen.refunds).toMatchObject([{ amountCents: 14161, outcome: 'refunded' }]);
    // The Stripe invoice was voided all the same, and running the jobs again changes nothing.
    expect(w.stripe.invoice(accountId, invoice.stripe?.invoiceId ?? '').status).toBe('void');
    await runQueuedJobs(w.t);
    expect(refundsOf(paymentIntent).length).toBe(1);
  });

  it('refunds a payment on the hosted Stripe invoice page made after the provider cancelled', async () => {
    const invoice = await sentInvoice();
    expect((await cancel(invoice.id)).status).toBe(200);
    const deliveries = await w.stripe.payInvoice(accountId, invoice.stripe?.invoiceId ?? '');
    expect(deliveries.map((d) => [d.type, d.status])).toEqual([['invoice.paid', 200]]);
    await runQueuedJobs(w.t);

    const refunds = w.stripe.refunds(accountId).filter((r) => r.metadata?.invoice_id === invoice.id);
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[14161, 'succeeded']]);
    const after = await provider(invoice.id);
    expect(after.status).toBe('cancelled');
    expect(after.payments).toMatchObject([
      { source: 'stripe_invoice', amountCents: 14161, outcome: 'refunded' },
    ]);
  });

  it('refunds a Checkout payment for an invoice the provider marked paid meanwhile', async () => {
    const invoice = await sentInvoice();
    const sessionId = await openCheckout(invoice.id);
    expect((await markPaid(invoice.id)).status).toBe(200);
    await w.stripe.completeCheckout(accountId, sessionId);
    await runQueuedJobs(w.t);

    const paymentIntent = String(w.stripe.session(accountId, sessionId).payment_intent);
    expect(refundsOf(paymentIntent).map((r) => r.amount)).toEqual([14161]);
    const after = await provider(invoice.id);
    expect([after.status, after.paidVia]).toEqual(['paid', 'manual']);
    expect(after.payments.filter((p) => p.source !== 'manual')).toMatchObject([
      { outcome: 'refunded', invoiceStatus: 'paid' },
    ]);
  });
});

describe('when Stripe keeps refusing', () => {
  let w: PaymentsWorld;
  let seller: Seller;
  let accountId: string;
  beforeAll(async () => {
    w = await paymentsWorld();
    seller = await makeSeller(w.t, 'refusing');
    accountId = (await connectSeller(w, seller)).accountId;
  });
  afterAll(() => w?.close());

  it('answers the send with the push pending, and the invoice shows Stripe’s state when the job ran', async () => {
    const draft = (await (
      await call(w.t, 'POST', '/api/invoices', {
        cookie: seller.cookie,
        body: {
          clientId: seller.clientId,
          supplyDate: '2026-03-02',
          lines: [
            {
              description: 'Work',
              quantityMilli: 1000,
              unitPriceCents: 5000,
              taxRateBp: null,
              vatCategory: 'zero',
            },
          ],
        },
      })
    ).json()) as Invoice;
    const from = w.stripe.requests.length;
    const res = await call(w.t, 'POST', `/api/invoices/${draft.id}/send`, { cookie: seller.cookie });
    const sent = (await res.json()) as { invoice: Invoice; payment: unknown };
    // Nothing went to Stripe inside the request.
    expect(w.stripe.requests.length).toBe(from);
    expect(sent.payment).toEqual({ provider: 'stripe', status: 'pending' });
    expect(sent.invoice.stripe).toMatchObject({
      push: 'pending',
      invoiceId: null,
      hostedUrl: null,
      error: null,
    });
    await runQueuedJobs(w.t);
    const pushed = (await (
      await call(w.t, 'GET', `/api/invoices/${draft.id}`, { cookie: seller.cookie })
    ).json()) as Invoice;
    expect(pushed.stripe).toMatchObject({ push: 'sent', status: 'open', error: null });
    expect(pushed.stripe?.hostedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/i\//);
  });

  it('flags a late payment it could not refund to the provider, and keeps it in view', async () => {
    const draft = (await (
      await call(w.t, 'POST', '/api/invoices', {
        cookie: seller.cookie,
        body: {
          clientId: seller.clientId,
          currency: 'EUR',
          supplyDate: '2026-03-02',
          lines: [
            {
              description: 'Work',
              quantityMilli: 1000,
              unitPriceCents: 5000,
              taxRateBp: null,
              vatCategory: 'zero',
            },
          ],
        },
      })
    ).json()) as Invoice;
    await call(w.t, 'POST', `/api/invoices/${draft.id}/send`, { cookie: seller.cookie });
    await runQueuedJobs(w.t);
    const pay = await call(w.t, 'POST', `/api/portal/${seller.portalId}/invoices/${draft.id}/pay`, {
      bearer: seller.token,
    });
    const sessionId = new URL(((await pay.json()) as { url: string }).url).pathname.split('/').at(-1) ?? '';
    await call(w.t, 'POST', `/api/invoices/${draft.id}/cancel`, {
      cookie: seller.cookie,
      body: { reason: null },
    });
    await w.stripe.completeCheckout(accountId, sessionId);
    // Stripe refuses every refund attempt (the delivery rule's twelve), and every close attempt.
    w.stripe.setFailing(503);
    let ran: Awaited<ReturnType<typeof runQueuedJobs>>;
    try {
      ran = await runQueuedJobs(w.t);
    } finally {
      w.stripe.setFailing(null);
    }
    expect(ran.filter((r) => r.task === 'stripe_refund_payment').map((r) => r.attempt)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    const after = (await (
      await call(w.t, 'GET', `/api/invoices/${draft.id}`, { cookie: seller.cookie })
    ).json()) as Invoice;
    expect(after.payments).toMatchObject([{ amountCents: 5000, outcome: 'refund_failed', refundedAt: null }]);
    expect(after.stripe).toMatchObject({ closing: 'failed', error: 'stripe_unavailable' });
    expect(w.stripe.refunds(accountId).filter((r) => r.metadata?.invoice_id === draft.id)).toEqual([]);
    const feed = (await (await call(w.t, 'GET', '/api/notifications', { cookie: seller.cookie })).json()) as {
      items: { title: string; read: boolean }[];
    };
    expect(feed.items.map((i) => i.title)).toEqual(
      expect.arrayContaining([
        `Payment of €50.00 for ${after.number} not refunded`,
        `Invoice ${after.number} is still open in Stripe`,
      ]),
    );
    const seen = (await (
      await call(w.t, 'GET', `/api/portal/${seller.portalId}/invoices/${draft.id}`, { bearer: seller.token })
    ).json()) as PortalInvoiceDetail;
    expect(seen.refunds).toMatchObject([{ amountCents: 5000, outcome: 'refund_failed' }]);
  });
});
