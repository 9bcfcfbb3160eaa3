import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalRecurringInvoiceList, RecurringInvoice } from '../../shared/contracts/recurring';
import { outbox } from '../auth/testing';
import { line } from '../services/invoices/testing';
import { invoiceDuePeriods } from '../services/recurring/run-recurring';
import { chargeAutopayInvoice } from './autopay';
import { stripeClient } from './stripe-client';
import {
  call,
  connectSeller,
  FIRST_ATTEMPT,
  invoiceRow,
  makeSeller,
  type PaymentsWorld,
  paymentsWorld,
  runQueuedJobs,
  type Seller,
  STRIPE_TASKS,
} from './testing';

/*
 * Automatic payment of recurring invoices (issue 28) against the Stripe stand-in: the client agrees in the
 * portal (a setup-mode Checkout Session, the card recorded from its webhook with who, when and from where),
 * the job's invoice is charged off-session and applied once (the webhook and the job's own answer race),
 * a declined card or one that needs authentication sends the invoice to pay and tells the provider why, the
 * agreement can be withdrawn, and concurrent charge runs make one PaymentIntent and one payment.
 */

const TASKS = ['charge_autopay_invoice', ...STRIPE_TASKS];
const DAY = 86_400_000;

describe('automatic payment of recurring invoices', () => {
  let w: PaymentsWorld;
  let seller: Seller;
  let account: { accountId: string; secretKey: string };
  let scheduleId: string;
  const deps = () => ({ ...w.t.deps, log: w.t.deps.log });
  const today = () => w.t.deps.now().toISOString().slice(0, 10);

  beforeAll(async () => {
    w = await paymentsWorld({ RATE_LIMIT_DISABLED: 'true' });
    seller = await makeSeller(w.t, 'autopay');
    account = await connectSeller(w, seller);
    const res = await call(w.t, 'POST', '/api/recurring-invoices', {
      cookie: seller.cookie,
      body: {
        clientId: seller.clientId,
        frequency: 'days',
        intervalDays: 1,
        startDate: today(),
        currency: 'EUR',
        autopay: true,
        lines: [line('Retainer', 1_000, 50_000, 1_900)],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    scheduleId = ((await res.json()) as RecurringInvoice).id;
  });
  afterAll(() => w?.close());

  const portalList = async () =>
    (await (
      await call(w.t, 'GET', `/api/portal/${seller.portalId}/recurring-invoices`, { bearer: seller.token })
    ).json()) as PortalRecurringInvoiceList;
  const schedule = async () =>
    (await (
      await call(w.t, 'GET', `/api/recurring-invoices/${scheduleId}`, { cookie: seller.cookie })
    ).json()) as RecurringInvoice;
  const agree = async (card: string) => {
    const res = await call(
      w.t,
      'POST',
      `/api/portal/${seller.portalId}/recurring-invoices/${scheduleId}/autopay`,
      {
        bearer: seller.token,
      },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const sessionId = url.split('/').pop() ?? '';
    return w.stripe.completeSetup(account.accountId, sessionId, card);
  };
  /** The job's next period: its invoice id. */
  const nextInvoice = async () => {
    expect(await invoiceDuePeriods(deps(), seller.providerId, scheduleId)).toBe(1);
    const [run] = await w.t.sql<{ invoice_id: string }[]>`
      SELECT invoice_id FROM recurring_invoice_runs WHERE recurring_invoice_id = ${scheduleId}
      ORDER BY period_start DESC LIMIT 1`;
    return run?.invoice_id ?? '';
  };
  const payments = (invoiceId: string) =>
    w.t.sql<{ source: string; amount_cents: string; outcome: string; stripe_object_id: string }[]>`
      SELECT source, amount_cents::text AS amount_cents, outcome, stripe_object_id FROM invoice_payments
      WHERE invoice_id = ${invoiceId}`;
  const intentsFor = (invoiceId: string) =>
    w.stripe.paymentIntents(account.accountId).filter((pi) => pi.metadata.invoice_id === invoiceId);

  it('offers it in the portal; agreeing saves the card through a setup session, recorded with who, when and where', async () => {
    expect((await portalList()).items).toEqual([
      expect.objectContaining({
        id: scheduleId,
        autopay: { offered: true, agreement: null, endedByProviderAt: null },
      }),
    ]);
    const done = await agree('4242 4242 4242 4242');
    expect(done.redirect).toBe(
      `http://localhost:3000/portal/${seller.portalId}/invoices?autopay=${scheduleId}`,
    );
    expect(done.deliveries.map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200]]);
    const session = w.stripe.sessions(account.accountId).find((s) => s.mode === 'setup');
    const customer = w.stripe
      .customers(account.accountId)
      .find((c) => c.metadata.client_id === seller.clientId);
    expect(session).toMatchObject({ customer: customer?.id, metadata: { recurring_invoice_id: scheduleId } });
    expect((await portalList()).items[0]?.autopay.agreement).toMatchObject({
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    const provider = (await schedule()).autopay;
    expect(provider).toMatchObject({
      offered: true,
      agreement: { cardBrand: 'visa', cardLast4: '4242', agreedBy: { name: 'autopay client' } },
      lastCharge: null,
    });
    expect(provider.agreement?.agreedIp).toBeTruthy();
  });

  it('charges the period’s invoice off-session and applies the payment once (webhook and job both see it)', async () => {
    const invoiceId = await nextInvoice();
    // Sent (number, activity), but neither e-mailed to pay nor pushed to Stripe: the charge comes first.
    expect(await invoiceRow(w.t, invoiceId)).toMatchObject({ status: 'sent', stripe_invoice_id: null });
    const ran = await runQueuedJobs(w.t, TASKS);
    expect(ran.map((r) => [r.task, r.error])).toContainEqual(['charge_autopay_invoice', null]);
    expect(await invoiceRow(w.t, invoiceId)).toMatchObject({ status: 'paid', paid_via: 'stripe_autopay' });
    const [intent, ...more] = intentsFor(invoiceId);
    expect(more).toEqual([]);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 59_500, currency: 'eur' });
    const request = w.stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(request?.body).toMatchObject({ off_session: 'true', confirm: 'true' });
    expect(request?.idempotencyKey).toBe(`autopay:${invoiceId}:${account.accountId}:59500`);
    expect(await payments(invoiceId)).toEqual([
      { source: 'stripe_autopay', amount_cents: '59500', outcome: 'applied', stripe_object_id: intent?.id },
    ]);
    expect((await schedule()).autopay.lastCharge).toMatchObject({
      invoiceId,
      status: 'succeeded',
      errorCode: null,
    });
    // Stripe's webhook again, and the job again: nothing more.
    const evt = w.stripe.events(account.accountId).find((e) => e.type === 'payment_intent.succeeded');
    if (evt) await w.stripe.redeliver(account.accountId, evt);
    expect(await chargeAutopayInvoice(deps(), seller.providerId, invoiceId, FIRST_ATTEMPT)).toEqual({
      outcome: 'done',
    });
    expect(await payments(invoiceId)).toHaveLength(1);
    // The client's receipt, once (the job's answer and the webhook both saw the intent), and no "please pay".
    await runQueuedJobs(w.t, TASKS);
    const [invoice] = await w.t.sql<
      { number: string }[]
    >`SELECT number FROM invoices WHERE id = ${invoiceId}`;
    const [client] = await w.t.sql<
      { email: string }[]
    >`SELECT email FROM clients WHERE id = ${seller.clientId}`;
    const mails = (await outbox(w.t, client?.email ?? '')).filter((m) =>
      m.subject.includes(invoice?.number ?? '?'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('paid automatically');
    expect(mails[0]?.text).toContain('card ••••4242');
    expect(mails[0]?.text).toContain('€595.00');
    expect(mails[0]?.text).toContain(`/portal/${seller.portalId}/invoices/${invoiceId}`);
  });

  it('sends the invoice to pay when the card is declined, and tells the provider why', async () => {
    await agree('4000000000000341');
    w.t.advance(DAY);
    const invoiceId = await nextInvoice();
    await runQueuedJobs(w.t, TASKS);
    expect(await invoiceRow(w.t, invoiceId)).toMatchObject({ status: 'sent', paid_at: null });
    expect((await schedule()).autopay.lastCharge).toMatchObject({
      invoiceId,
      status: 'failed',
      errorCode: 'card_declined',
    });
    // The normal way: the e-mail with the portal's pay link, and the Stripe invoice.
    const [client] = await w.t.sql<
      { email: string }[]
    >`SELECT email FROM clients WHERE id = ${seller.clientId}`;
    const [invoice] = await w.t.sql<
      { number: string }[]
    >`SELECT number FROM invoices WHERE id = ${invoiceId}`;
    const mails = await outbox(w.t, client?.email ?? '');
    expect(mails.some((m) => m.subject.includes(invoice?.number ?? '?'))).toBe(true);
    expect((await invoiceRow(w.t, invoiceId)).stripe_invoice_id).toMatch(/^in_/);
    expect(await payments(invoiceId)).toEqual([]);
  });

  it('sends it to pay when the bank asks for authentication (off-session cannot)', async () => {
    await agree('4000 0027 6000 3184');
    expect((await schedule()).autopay.agreement?.cardLast4).toBe('3184');
    w.t.advance(DAY);
    const invoiceId = await nextInvoice();
    await runQueuedJobs(w.t, TASKS);
    expect(await invoiceRow(w.t, invoiceId)).toMatchObject({ status: 'sent' });
    expect((await schedule()).autopay.lastCharge).toMatchObject({
      status: 'failed',
      errorCode: 'authentication_required',
    });
  });

  it('makes one PaymentIntent and one payment when charge runs race', async () => {
    await agree('5555555555554444');
    w.t.advance(DAY);
    const invoiceId = await nextInvoice();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        chargeAutopayInvoice(deps(), seller.providerId, invoiceId, FIRST_ATTEMPT),
      ),
    );
    expect(results.map((r) => r.outcome)).toContain('succeeded');
    expect(results.some((r) => r.outcome === 'failed')).toBe(false);
    await runQueuedJobs(w.t, TASKS);
    expect(intentsFor(invoiceId)).toHaveLength(1);
    expect(await payments(invoiceId)).toHaveLength(1);
    expect(await invoiceRow(w.t, invoiceId)).toMatchObject({ status: 'paid', paid_via: 'stripe_autopay' });
  });

  it('is withdrawn by the client: the next invoice is sent to pay without a charge', async () => {
    const res = await call(
      w.t,
      'DELETE',
      `/api/portal/${seller.portalId}/recurring-invoices/${scheduleId}/autopay`,
      { bearer: seller.token },
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { autopay: unknown }).autopay).toEqual({
      offered: true,
      agreement: null,
      endedByProviderAt: null,
    });
    expect((await schedule()).autopay.agreement).toBeNull();
    w.t.advance(DAY);
    const invoiceId = await nextInvoice();
    await runQueuedJobs(w.t, TASKS);
    expect(intentsFor(invoiceId)).toEqual([]);
    expect((await invoiceRow(w.t, invoiceId)).stripe_invoice_id).toMatch(/^in_/);
    const [row] = await w.t.sql`SELECT 1 FROM autopay_charges WHERE invoice_id = ${invoiceId}`;
    expect(row).toBeUndefined();
    // The record of what was agreed stays.
    const [kept] = await w.t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM autopay_agreements WHERE recurring_invoice_id = ${scheduleId}`;
    expect(kept?.n).toBe(4);
  });

  it('records no agreement for a setup session it did not make, even one naming the schedule', async () => {
    const stripe = stripeClient(w.t.deps.config, account.secretKey);
    const customer = w.stripe
      .customers(account.accountId)
      .find((c) => c.metadata.client_id === seller.clientId);
    const metadata = {
      provider_id: seller.providerId,
      recurring_invoice_id: scheduleId,
      client_id: seller.clientId,
    };
    const foreign = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'eur',
      customer: customer?.id ?? '',
      metadata,
      success_url: 'https://attacker.example/done',
    });
    const done = await w.stripe.completeSetup(account.accountId, foreign.id);
    expect(done.deliveries.map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200]]);
    expect((await schedule()).autopay.agreement).toBeNull();
  });

  it('refuses a schedule that does not offer it (409) and another client’s (404)', async () => {
    await call(w.t, 'PATCH', `/api/recurring-invoices/${scheduleId}`, {
      cookie: seller.cookie,
      body: { autopay: false },
    });
    const res = await call(
      w.t,
      'POST',
      `/api/portal/${seller.portalId}/recurring-invoices/${scheduleId}/autopay`,
      {
        bearer: seller.token,
      },
    );
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('autopay_not_offered');
    const stranger = await makeSeller(w.t, 'stranger');
    const other = await call(
      w.t,
      'POST',
      `/api/portal/${stranger.portalId}/recurring-invoices/${scheduleId}/autopay`,
      { bearer: stranger.token },
    );
    expect(other.status).toBe(404);
  });
});
