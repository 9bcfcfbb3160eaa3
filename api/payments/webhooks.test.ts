import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushInvoiceToStripe } from './stripe-invoices';
import {
  connectSeller,
  FIRST_ATTEMPT,
  insertInvoice,
  invoiceRow,
  makeSeller,
  type PaymentsWorld,
  paymentsWorld,
  type Seller,
} from './testing';

const URL_ = 'http://localhost:3000/api/webhooks/stripe';

describe('Stripe webhooks', () => {
  let w: PaymentsWorld;
  let seller: Seller;
  let account: { accountId: string; secretKey: string };
  let secret: string;
  let other: Seller;
  let otherSecret: string;
  beforeAll(async () => {
    w = await paymentsWorld();
    seller = await makeSeller(w.t, 'hooks');
    account = await connectSeller(w, seller);
    const endpoint = w.stripe.webhookEndpoints(account.accountId)[0];
    secret = endpoint?.secret ?? '';
    other = await makeSeller(w.t, 'other');
    const otherAccount = await connectSeller(w, other, 'Other GmbH');
    otherSecret = w.stripe.webhookEndpoints(otherAccount.accountId)[0]?.secret ?? '';
  });
  afterAll(() => w?.close());

  async function pushed() {
    const invoice = await insertInvoice(w.t, seller);
    expect((await pushInvoiceToStripe(w.t.deps, seller.providerId, invoice.id, FIRST_ATTEMPT)).outcome).toBe(
      'sent',
    );
    const row = await invoiceRow(w.t, invoice.id);
    return { ...invoice, stripeId: row.stripe_invoice_id ?? '' };
  }

  const eventCount = async () =>
    Number((await w.t.sql<{ n: string }[]>`SELECT count(*) AS n FROM stripe_events`)[0]?.n);

  it('marks the invoice paid when the client pays on the hosted page (signed invoice.paid), once', async () => {
    const invoice = await pushed();
    const deliveries = await w.stripe.payInvoice(account.accountId, invoice.stripeId);
    expect(deliveries.map((d) => [d.type, d.status])).toEqual([['invoice.paid', 200]]);
    const row = await invoiceRow(w.t, invoice.id);
    expect(row.status).toBe('paid');
    expect(row.paid_via).toBe('stripe_invoice');
    const paidAt = w.stripe.invoice(account.accountId, invoice.stripeId).status_transitions.paid_at ?? 0;
    expect(row.paid_at?.getTime()).toBe(paidAt * 1000);

    // The same event again: 200, duplicate, nothing changes.
    const event = w.stripe
      .events(account.accountId)
      .filter((e) => e.type === 'invoice.paid')
      .at(-1) as Stripe.Event;
    const again = await w.stripe.redeliver(account.accountId, event);
    expect(again.map((d) => [d.status, JSON.parse(d.body).duplicate])).toEqual([[200, true]]);
    expect(await invoiceRow(w.t, invoice.id)).toEqual(row);
  });

  it('records a failed payment and a voided invoice without changing the invoice', async () => {
    const invoice = await pushed();
    const before = await invoiceRow(w.t, invoice.id);
    const failed = await w.stripe.declineInvoice(account.accountId, invoice.stripeId);
    expect(failed.map((d) => [d.type, d.status])).toEqual([['invoice.payment_failed', 200]]);
    const stripe = (await import('./stripe-client')).stripeClient(w.t.deps.config, account.secretKey);
    await stripe.invoices.voidInvoice(invoice.stripeId, {}, { idempotencyKey: `test-void-${invoice.id}` });
    expect(w.stripe.deliveries.at(-1)).toMatchObject({ type: 'invoice.voided', status: 200 });
    expect(await invoiceRow(w.t, invoice.id)).toEqual(before);
    const types = await w.t.sql<{ type: string }[]>`
      SELECT type FROM stripe_events WHERE source = ${seller.providerId} ORDER BY received_at`;
    expect(types.map((r) => r.type)).toEqual(
      expect.arrayContaining(['invoice.payment_failed', 'invoice.voided']),
    );
  });

  it('applies reordered and duplicated deliveries once, never backwards', async () => {
    const invoice = await pushed();
    const open = w.stripe.invoice(account.accountId, invoice.stripeId);
    const failedEarlier = w.stripe.makeEvent(account.accountId, 'invoice.payment_failed', open, {
      created: 1_700_000_000,
    });
    await w.stripe.payInvoice(account.accountId, invoice.stripeId);
    const paid = await invoiceRow(w.t, invoice.id);
    expect(paid.status).toBe('paid');
    // The older failure arrives after the payment, twice; the paid event once more.
    for (let i = 0; i < 2; i++) await w.stripe.deliver(URL_, failedEarlier, { secret });
    const paidEvent = w.stripe
      .events(account.accountId)
      .filter((e) => e.type === 'invoice.paid')
      .at(-1) as Stripe.Event;
    await w.stripe.deliver(URL_, paidEvent, { secret });
    expect(await invoiceRow(w.t, invoice.id)).toEqual(paid);
  });

  it('refuses unsigned, wrongly signed and foreign events with 400 and changes nothing', async () => {
    const invoice = await pushed();
    const before = await invoiceRow(w.t, invoice.id);
    const paidObject = { ...w.stripe.invoice(account.accountId, invoice.stripeId), status: 'paid' };
    const forged = w.stripe.makeEvent(account.accountId, 'invoice.paid', paidObject);
    const count = await eventCount();
    const answers = [
      await w.stripe.deliver(URL_, forged, { secret: null }),
      await w.stripe.deliver(URL_, forged, { secret: otherSecret }),
      await w.stripe.deliver(URL_, forged, { secret: 'whsec_madeup1234567890' }),
      await w.stripe.deliver(URL_, forged, { secret: w.platform.webhookSecret.replace(/.$/, 'x') }),
      await w.stripe.deliver(URL_, forged, { secret, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await w.stripe.deliver(URL_, JSON.stringify(forged).replace('invoice.paid', 'invoice.paid '), {
        secret: null,
        header: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error.code).toBe('stripe_webhook_invalid');
    }
    // The other provider's own (valid) secret, their provider id in the metadata: verified as theirs, and
    // so it cannot touch this provider's invoice.
    const claimed = w.stripe.makeEvent(account.accountId, 'invoice.paid', {
      ...paidObject,
      metadata: { ...paidObject.metadata, provider_id: other.providerId },
    });
    expect((await w.stripe.deliver(URL_, claimed, { secret: otherSecret })).status).toBe(200);
    expect(await invoiceRow(w.t, invoice.id)).toEqual(before);
    expect(await eventCount()).toBe(count + 1);
  });

  it('records an event for an invoice it does not know and changes nothing', async () => {
    const mine = await insertInvoice(w.t, seller);
    const before = await invoiceRow(w.t, mine.id);
    const foreign = w.stripe.makeEvent(account.accountId, 'invoice.paid', {
      id: 'in_unknown123',
      object: 'invoice',
      status: 'paid',
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      metadata: { provider_id: seller.providerId, invoice_id: mine.id },
    });
    const res = await w.stripe.deliver(URL_, foreign, { secret });
    expect(res.status).toBe(200);
    expect(await invoiceRow(w.t, mine.id)).toEqual(before);
    // A checkout completion for our invoice id with a session we never created: nothing.
    const session = w.stripe.makeEvent(account.accountId, 'checkout.session.completed', {
      id: 'cs_test_notours',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: mine.amountCents,
      currency: 'eur',
      metadata: { provider_id: seller.providerId, invoice_id: mine.id },
    });
    expect((await w.stripe.deliver(URL_, session, { secret })).status).toBe(200);
    expect(await invoiceRow(w.t, mine.id)).toEqual(before);
  });

  it('takes an event larger than the 64 KB JSON limit (an invoice with many lines), and refuses one over 512 KB', async () => {
    const invoice = await pushed();
    await w.stripe.payInvoice(account.accountId, invoice.stripeId);
    const big = w.stripe.makeEvent(account.accountId, 'invoice.paid', {
      ...w.stripe.invoice(account.accountId, invoice.stripeId),
      description: 'x'.repeat(200_000),
    });
    expect((await w.stripe.deliver(URL_, big, { secret })).status).toBe(200);
    const huge = w.stripe.makeEvent(account.accountId, 'invoice.paid', {
      id: 'in_huge',
      description: 'x'.repeat(600_000),
    });
    expect((await w.stripe.deliver(URL_, huge, { secret })).status).toBe(413);
  });

  it('answers 400 to a body that is not JSON, without a session or CSRF headers in the way', async () => {
    const res = await w.t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' },
      body: 'not json',
    });
    expect(res.status).toBe(400);
  });
});
