import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalRecurringInvoice, RecurringInvoice } from '../../shared/contracts/recurring';
import { line } from '../services/invoices/testing';
import { detachAgreementCard } from './autopay';
import { queueWebhookEventUpdates, updateWebhookEvents } from './connection';
import { PROVIDER_WEBHOOK_EVENTS, stripeClient } from './stripe-client';
import {
  call,
  connectSeller,
  FIRST_ATTEMPT,
  LAST_ATTEMPT,
  makeSeller,
  type PaymentsWorld,
  paymentsWorld,
  runQueuedJobs,
  type Seller,
  STRIPE_TASKS,
} from './testing';

/*
 * Automatic payment's follow-ups (issue 28) against the Stripe stand-in: the provider ends a client's
 * agreement (recorded as theirs, an activity row, the portal told, 404 for another provider), an ended
 * agreement's card is detached at Stripe by a job (client withdrawal too; a card already gone is fine; an
 * outage retries, then gives up on the record), and our webhook endpoint of a provider connected before
 * `payment_intent.succeeded` is brought up to date by a job.
 */

const TASKS = ['stripe_detach_payment_method', 'stripe_webhook_events', ...STRIPE_TASKS];

describe('ending automatic payment and the Stripe follow-ups', () => {
  let w: PaymentsWorld;
  let seller: Seller;
  let account: { accountId: string; secretKey: string };
  let scheduleId: string;
  const deps = () => ({ ...w.t.deps, log: w.t.deps.log });

  beforeAll(async () => {
    w = await paymentsWorld({ RATE_LIMIT_DISABLED: 'true' });
    seller = await makeSeller(w.t, 'ender');
    account = await connectSeller(w, seller);
    const res = await call(w.t, 'POST', '/api/recurring-invoices', {
      cookie: seller.cookie,
      body: {
        clientId: seller.clientId,
        frequency: 'monthly',
        startDate: w.t.deps.now().toISOString().slice(0, 10),
        currency: 'EUR',
        autopay: true,
        lines: [line('Retainer', 1_000, 50_000, 1_900)],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    scheduleId = ((await res.json()) as RecurringInvoice).id;
  });
  afterAll(() => w?.close());

  const agree = async (card: string) => {
    const res = await call(
      w.t,
      'POST',
      `/api/portal/${seller.portalId}/recurring-invoices/${scheduleId}/autopay`,
      { bearer: seller.token },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const { url } = (await res.json()) as { url: string };
    await w.stripe.completeSetup(account.accountId, url.split('/').pop() ?? '', card);
    const [agreement] = await w.t.sql<{ id: string; payment_method_id: string }[]>`
      SELECT id, payment_method_id FROM autopay_agreements
      WHERE recurring_invoice_id = ${scheduleId} AND withdrawn_at IS NULL`;
    if (!agreement) throw new Error('no agreement recorded');
    return agreement;
  };
  const method = (id: string) => w.stripe.paymentMethods(account.accountId).find((m) => m.id === id);
  const agreementRow = async (id: string) =>
    (
      await w.t.sql<
        {
          withdrawn_by: string | null;
          withdrawn_at: Date | null;
          withdrawn_key_id: string | null;
          detached_at: Date | null;
          detach_error: string | null;
        }[]
      >`SELECT withdrawn_by, withdrawn_at, withdrawn_key_id, detached_at, detach_error
        FROM autopay_agreements WHERE id = ${id}`
    )[0];
  const portalSchedule = async () =>
    (await (
      await call(w.t, 'GET', `/api/portal/${seller.portalId}/recurring-invoices`, {
        bearer: seller.token,
      })
    ).json()) as { items: PortalRecurringInvoice[] };
  const endAgreement = (cookie: string, id = scheduleId) =>
    call(w.t, 'DELETE', `/api/recurring-invoices/${id}/autopay-agreement`, { cookie });

  it('lets the provider end the agreement: recorded as theirs, the card detached, the client told', async () => {
    const agreement = await agree('4242 4242 4242 4242');
    expect(method(agreement.payment_method_id)?.customer).toBeTruthy();

    const res = await endAgreement(seller.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as RecurringInvoice).autopay).toMatchObject({
      offered: true,
      agreement: null,
    });
    expect(await agreementRow(agreement.id)).toMatchObject({
      withdrawn_by: 'provider',
      withdrawn_key_id: null,
      detached_at: null,
    });

    // The card leaves the client's Stripe customer through the job.
    const ran = await runQueuedJobs(w.t, TASKS);
    expect(ran.map((r) => [r.task, r.error])).toContainEqual(['stripe_detach_payment_method', null]);
    expect(method(agreement.payment_method_id)?.customer).toBeNull();
    const detach = w.stripe.requests.find(
      (r) => r.method === 'POST' && r.path === `/v1/payment_methods/${agreement.payment_method_id}/detach`,
    );
    expect(detach?.idempotencyKey).toBe(`autopay-detach:${agreement.id}:${account.accountId}`);
    expect((await agreementRow(agreement.id))?.detached_at).toBeInstanceOf(Date);

    // The portal shows who ended it; the activity feed has it for both sides.
    const [shown] = (await portalSchedule()).items;
    expect(shown?.autopay.agreement).toBeNull();
    expect(shown?.autopay.endedByProviderAt).toBe(
      (await agreementRow(agreement.id))?.withdrawn_at?.toISOString(),
    );
    const [activity] = await w.t.sql<{ metadata: { event: string }; client_visible: boolean }[]>`
      SELECT metadata, client_visible FROM activity_feed
      WHERE client_id = ${seller.clientId} AND metadata->>'event' = 'autopay_ended'`;
    expect(activity).toMatchObject({ client_visible: true, metadata: { event: 'autopay_ended' } });

    // Again: nothing in force, no change, no second activity row.
    expect((await endAgreement(seller.cookie)).status).toBe(200);
    const [{ n } = { n: 0 }] = await w.t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM activity_feed WHERE metadata->>'event' = 'autopay_ended'
        AND client_id = ${seller.clientId}`;
    expect(n).toBe(1);
  });

  it('answers 404 for another provider’s schedule and changes nothing', async () => {
    const agreement = await agree('5555555555554444');
    const stranger = await makeSeller(w.t, 'stranger');
    const res = await endAgreement(stranger.cookie);
    expect(res.status).toBe(404);
    expect(await agreementRow(agreement.id)).toMatchObject({ withdrawn_at: null });
    // Agreeing again clears the "ended by the provider" notice.
    expect((await portalSchedule()).items[0]?.autopay.endedByProviderAt).toBeNull();
  });

  it('detaches the card when the client withdraws, and when a new card replaces it', async () => {
    const first = await agree('4242424242424242');
    // The previous one (5555…) was replaced: its card is detached too.
    const replaced = await w.t.sql<{ id: string; payment_method_id: string }[]>`
      SELECT id, payment_method_id FROM autopay_agreements
      WHERE recurring_invoice_id = ${scheduleId} AND withdrawn_by = 'client'`;
    expect(replaced).toHaveLength(1);
    const res = await call(
      w.t,
      'DELETE',
      `/api/portal/${seller.portalId}/recurring-invoices/${scheduleId}/autopay`,
      { bearer: seller.token },
    );
    expect(res.status).toBe(200);
    await runQueuedJobs(w.t, TASKS);
    expect(method(first.payment_method_id)?.customer).toBeNull();
    expect(method(replaced[0]?.payment_method_id ?? '')?.customer).toBeNull();
    expect((await agreementRow(first.id))?.withdrawn_by).toBe('client');
  });

  it('takes a card already detached as done, and gives up on an outage only at the last attempt', async () => {
    const agreement = await agree('4242424242424242');
    await call(w.t, 'DELETE', `/api/portal/${seller.portalId}/recurring-invoices/${scheduleId}/autopay`, {
      bearer: seller.token,
    });
    w.stripe.setFailing(503, account.accountId);
    const retry = await detachAgreementCard(deps(), seller.providerId, agreement.id, FIRST_ATTEMPT);
    expect(retry.outcome).toBe('retry');
    expect(await detachAgreementCard(deps(), seller.providerId, agreement.id, LAST_ATTEMPT)).toEqual({
      outcome: 'failed',
    });
    expect((await agreementRow(agreement.id))?.detach_error).toBe('stripe_unavailable');
    w.stripe.setFailing(null, account.accountId);
    // Detached in the dashboard meanwhile: Stripe answers 400, which is the end we wanted.
    await stripeClient(w.t.deps.config, account.secretKey).paymentMethods.detach(agreement.payment_method_id);
    expect(await detachAgreementCard(deps(), seller.providerId, agreement.id, FIRST_ATTEMPT)).toEqual({
      outcome: 'gone',
    });
    expect(await agreementRow(agreement.id)).toMatchObject({ detach_error: null });
    expect((await agreementRow(agreement.id))?.detached_at).toBeInstanceOf(Date);
    await runQueuedJobs(w.t, TASKS);
  });

  it('adds the events we need now to the endpoint of a provider connected before them', async () => {
    const old = await makeSeller(w.t, 'early');
    const oldAccount = await connectSeller(w, old);
    const [endpoint] = w.stripe.webhookEndpoints(oldAccount.accountId);
    if (!endpoint) throw new Error('no endpoint');
    // As connected before automatic payment: without payment_intent.succeeded, nothing recorded.
    const stripe = stripeClient(w.t.deps.config, oldAccount.secretKey);
    const before = PROVIDER_WEBHOOK_EVENTS.filter((e) => e !== 'payment_intent.succeeded');
    await stripe.webhookEndpoints.update(endpoint.id, { enabled_events: [...before] });
    await w.t.sql`UPDATE stripe_connections SET webhook_events = NULL WHERE provider_id = ${old.providerId}`;
    expect(
      await w.t
        .sql`SELECT 1 FROM stripe_connections WHERE provider_id = ${seller.providerId} AND webhook_events IS NULL`,
    ).toHaveLength(0);

    expect(await queueWebhookEventUpdates(w.t.deps)).toBe(1);
    const ran = await runQueuedJobs(w.t, TASKS);
    expect(ran.map((r) => [r.task, r.error])).toContainEqual(['stripe_webhook_events', null]);
    const [after] = w.stripe.webhookEndpoints(oldAccount.accountId);
    expect(after?.id).toBe(endpoint.id);
    expect([...(after?.enabled_events ?? [])].sort()).toEqual([...PROVIDER_WEBHOOK_EVENTS].sort());
    const update = w.stripe.requests.find(
      (r) => r.method === 'POST' && r.path === `/v1/webhook_endpoints/${endpoint.id}`,
    );
    expect(update).toBeTruthy();
    // Recorded: the next sweep finds nothing, and a run on a current endpoint changes nothing.
    expect(await queueWebhookEventUpdates(w.t.deps)).toBe(0);
    expect(await updateWebhookEvents(deps(), old.providerId, FIRST_ATTEMPT)).toMatchObject({
      outcome: 'current',
    });
  });
});
