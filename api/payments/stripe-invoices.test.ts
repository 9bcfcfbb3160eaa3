import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals } from '../../shared/contracts/money';
import { stripePushInvoice } from '../jobs/tasks/stripe-push-invoice';
import { taskContext } from '../jobs/testing';
import { pushInvoiceToStripe } from './stripe-invoices';
import {
  call,
  connectSeller,
  FIRST_ATTEMPT,
  insertInvoice,
  invoiceRow,
  LAST_ATTEMPT,
  makeSeller,
  type PaymentsWorld,
  paymentsWorld,
  runQueuedJobs,
  type Seller,
} from './testing';

describe('pushing an invoice to Stripe', () => {
  let w: PaymentsWorld;
  let seller: Seller;
  let accountId: string;
  const deps = () => ({ ...w.t.deps });
  beforeAll(async () => {
    w = await paymentsWorld();
    seller = await makeSeller(w.t, 'push');
    accountId = (await connectSeller(w, seller)).accountId;
  });
  afterAll(() => w?.close());

  const pushState = async (invoiceId: string) =>
    (
      await w.t.sql<{ stripe_push_state: string | null; stripe_push_error: string | null }[]>`
        SELECT stripe_push_state, stripe_push_error FROM invoices WHERE id = ${invoiceId}`
    )[0];

  it('creates the invoice with its items, finalises and sends it; totals equal ours to the cent', async () => {
    const invoice = await insertInvoice(w.t, seller, {
      dueDate: '2099-01-31',
      currency: 'EUR',
      language: 'de',
    });
    const from = w.stripe.requests.length;
    const result = await pushInvoiceToStripe(deps(), seller.providerId, invoice.id, FIRST_ATTEMPT);
    expect(result).toEqual({ outcome: 'sent' });
    expect(await pushState(invoice.id)).toEqual({ stripe_push_state: 'sent', stripe_push_error: null });

    const row = await invoiceRow(w.t, invoice.id);
    expect(row.stripe_account_id).toBe(accountId);
    const stripeInvoice = w.stripe.invoice(accountId, row.stripe_invoice_id ?? '');
    expect(stripeInvoice.status).toBe('open');
    expect(stripeInvoice.total).toBe(invoice.amountCents);
    expect(stripeInvoice.currency).toBe('eur');
    expect(stripeInvoice.collection_method).toBe('send_invoice');
    expect(stripeInvoice.metadata).toEqual({
      provider_id: seller.providerId,
      invoice_id: invoice.id,
      number: invoice.number,
    });
    expect(row.stripe_hosted_url).toBe(stripeInvoice.hosted_invoice_url);
    expect(row.stripe_pdf_url).toBe(stripeInvoice.invoice_pdf);
    // 1.5 × 80.00 = 120.00 net; 19.99; 0.333 × 10.01 = 3.33; taxes 19 % of 120.00 and 7 % of 19.99.
    const totals = computeTotals([
      { quantityMilli: 1500, unitPriceCents: 8000, taxRateBp: 1900 },
      { quantityMilli: 1000, unitPriceCents: 1999, taxRateBp: 700 },
      { quantityMilli: 333, unitPriceCents: 1001, taxRateBp: null },
    ]);
    expect(stripeInvoice.lines.data.map((l) => [l.description, l.amount])).toEqual([
      ['Design work (1.5 × 80.00)', 12000],
      ['Hosting', 1999],
      ['Advice (0.333 × 10.01)', 333],
      ['USt. 7 % auf 19,99', totals.taxes[0]?.taxCents],
      ['USt. 19 % auf 120,00', totals.taxes[1]?.taxCents],
    ]);
    const posts = w.stripe.requests.slice(from).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path.replace(/(in|cus)_\w+/, 'ID'))).toEqual([
      '/v1/customers',
      '/v1/invoices',
      ...Array(5).fill('/v1/invoiceitems'),
      '/v1/invoices/ID/finalize',
      '/v1/invoices/ID/send',
    ]);
    expect(posts.every((r) => r.idempotencyKey?.includes(invoice.id) || r.path === '/v1/customers')).toBe(
      true,
    );
    expect(posts.every((r) => r.idempotencyKey)).toBe(true);
    expect(new Set(posts.map((r) => r.idempotencyKey)).size).toBe(posts.length);

    // Again: nothing more happens in Stripe.
    const again = w.stripe.requests.length;
    expect(await pushInvoiceToStripe(deps(), seller.providerId, invoice.id, FIRST_ATTEMPT)).toEqual({
      outcome: 'sent',
    });
    expect(w.stripe.requests.slice(again).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('reuses the client’s Stripe customer for a second invoice', async () => {
    const first = await insertInvoice(w.t, seller);
    const second = await insertInvoice(w.t, seller, { currency: 'EUR' });
    await pushInvoiceToStripe(deps(), seller.providerId, first.id, FIRST_ATTEMPT);
    await pushInvoiceToStripe(deps(), seller.providerId, second.id, FIRST_ATTEMPT);
    const customers = w.stripe.customers(accountId).filter((c) => c.metadata.client_id === seller.clientId);
    expect(customers.length).toBe(1);
    const a = w.stripe.invoice(accountId, (await invoiceRow(w.t, first.id)).stripe_invoice_id ?? '');
    const b = w.stripe.invoice(accountId, (await invoiceRow(w.t, second.id)).stripe_invoice_id ?? '');
    expect(a.customer).toBe(customers[0]?.id);
    expect(b.customer).toBe(customers[0]?.id);
  });

  it('records a failure, is retried by the queue, and the retry finishes without duplicates', async () => {
    const invoice = await insertInvoice(w.t, seller, {
      currency: 'USD',
      lines: [{ quantityMilli: 2000, unitPriceCents: 12345, taxRateBp: 1900 }],
    });
    await w.t.sql`UPDATE invoices SET stripe_push_state = 'pending' WHERE id = ${invoice.id}`;
    w.stripe.setNetworkDown(true);
    try {
      // The job's attempt throws, so the queue tries again (the delivery rule): Stripe was not reached.
      await expect(
        stripePushInvoice.run({ providerId: seller.providerId, invoiceId: invoice.id }, taskContext(w.t)),
      ).rejects.toThrow();
    } finally {
      w.stripe.setNetworkDown(false);
    }
    expect(await pushState(invoice.id)).toEqual({
      stripe_push_state: 'pending',
      stripe_push_error: 'stripe_unavailable',
    });
    await stripePushInvoice.run({ providerId: seller.providerId, invoiceId: invoice.id }, taskContext(w.t));
    expect(await pushState(invoice.id)).toEqual({ stripe_push_state: 'sent', stripe_push_error: null });
    const row = await invoiceRow(w.t, invoice.id);
    const stripeInvoice = w.stripe.invoice(accountId, row.stripe_invoice_id ?? '');
    expect(stripeInvoice.status).toBe('open');
    expect(stripeInvoice.total).toBe(invoice.amountCents);
    expect(stripeInvoice.currency).toBe('usd');
    expect(w.stripe.invoices(accountId).filter((i) => i.metadata?.invoice_id === invoice.id).length).toBe(1);
  });

  it('gives up on the last attempt: the push is failed and the provider is told', async () => {
    const invoice = await insertInvoice(w.t, seller);
    w.stripe.setNetworkDown(true);
    let result: Awaited<ReturnType<typeof pushInvoiceToStripe>>;
    try {
      result = await pushInvoiceToStripe(deps(), seller.providerId, invoice.id, LAST_ATTEMPT);
    } finally {
      w.stripe.setNetworkDown(false);
    }
    expect(result).toEqual({ outcome: 'failed', code: 'stripe_unavailable' });
    expect(await pushState(invoice.id)).toEqual({
      stripe_push_state: 'failed',
      stripe_push_error: 'stripe_unavailable',
    });
    const [notice] = await w.t.sql<
      { metadata: Record<string, unknown>; read_by_freelancer: boolean; client_visible: boolean }[]
    >`
      SELECT metadata, read_by_freelancer, client_visible FROM activity_feed
      WHERE provider_id = ${seller.providerId} AND metadata->>'invoiceId' = ${invoice.id}`;
    expect(notice).toMatchObject({
      metadata: { event: 'stripe_push_failed', code: 'stripe_unavailable', number: invoice.number },
      read_by_freelancer: false,
      client_visible: false,
    });
  });

  it('continues a half-done push where it stopped, after the invoice and two items exist', async () => {
    const invoice = await insertInvoice(w.t, seller);
    let items = 0;
    w.stripe.breakWhen((req) => req.path === '/v1/invoiceitems' && ++items > 2);
    try {
      expect((await pushInvoiceToStripe(deps(), seller.providerId, invoice.id, FIRST_ATTEMPT)).outcome).toBe(
        'retry',
      );
    } finally {
      w.stripe.breakWhen(null);
    }
    const row = await invoiceRow(w.t, invoice.id);
    expect(row.stripe_hosted_url).toBeNull();
    const half = w.stripe.invoice(accountId, row.stripe_invoice_id ?? '');
    expect([half.status, half.lines.data.length]).toEqual(['draft', 2]);
    expect((await pushInvoiceToStripe(deps(), seller.providerId, invoice.id, FIRST_ATTEMPT)).outcome).toBe(
      'sent',
    );
    const done = w.stripe.invoice(accountId, row.stripe_invoice_id ?? '');
    expect([done.status, done.lines.data.length, done.total]).toEqual(['open', 5, invoice.amountCents]);
    expect(w.stripe.invoices(accountId).filter((i) => i.metadata?.invoice_id === invoice.id).length).toBe(1);
  });

  it('makes one Stripe invoice when two pushes of the same invoice run at once', async () => {
    const invoice = await insertInvoice(w.t, seller);
    const results = await Promise.all([
      pushInvoiceToStripe(deps(), seller.providerId, invoice.id, FIRST_ATTEMPT),
      pushInvoiceToStripe(deps(), seller.providerId, invoice.id, FIRST_ATTEMPT),
    ]);
    // Stripe answers the second request of a key still in flight with 409; without SDK retries that
    // attempt is the queue's to repeat, and the repeat finds the work done.
    for (const result of results) if (result.outcome !== 'sent') expect(result.outcome).toBe('retry');
    expect((await pushInvoiceToStripe(deps(), seller.providerId, invoice.id, FIRST_ATTEMPT)).outcome).toBe(
      'sent',
    );
    const made = w.stripe.invoices(accountId).filter((i) => i.metadata?.invoice_id === invoice.id);
    expect(made.map((i) => [i.status, i.lines.data.length, i.total])).toEqual([
      ['open', 5, invoice.amountCents],
    ]);
  });

  it('skips an invoice of a provider without a connection, a draft, and an invoice closed before the push', async () => {
    const other = await makeSeller(w.t, 'unconnected');
    const invoice = await insertInvoice(w.t, other);
    expect(await pushInvoiceToStripe(deps(), other.providerId, invoice.id, FIRST_ATTEMPT)).toEqual({
      outcome: 'skipped',
      why: 'not_connected',
    });
    const draft = await insertInvoice(w.t, seller, { status: 'draft' });
    expect((await pushInvoiceToStripe(deps(), seller.providerId, draft.id, FIRST_ATTEMPT)).outcome).toBe(
      'skipped',
    );
    expect((await invoiceRow(w.t, draft.id)).stripe_invoice_id).toBeNull();
    for (const status of ['cancelled', 'paid'] as const) {
      const closed = await insertInvoice(w.t, seller, { status });
      const from = w.stripe.requests.length;
      expect(await pushInvoiceToStripe(deps(), seller.providerId, closed.id, FIRST_ATTEMPT)).toEqual({
        outcome: 'skipped',
        why: 'closed',
      });
      expect(w.stripe.requests.slice(from).filter((r) => r.method === 'POST')).toEqual([]);
    }
  });

  it('never finalises an invoice cancelled while its items went in: the close job deletes the draft', async () => {
    const invoice = await insertInvoice(w.t, seller);
    await w.t.sql`UPDATE invoices SET stripe_push_state = 'pending' WHERE id = ${invoice.id}`;
    let cancelled = false;
    w.stripe.beforeRequest(async (req) => {
      if (cancelled || req.path !== '/v1/invoiceitems') return;
      cancelled = true;
      const res = await call(w.t, 'POST', `/api/invoices/${invoice.id}/cancel`, {
        cookie: seller.cookie,
        body: { reason: null },
      });
      expect(res.status).toBe(200);
    });
    try {
      expect(await pushInvoiceToStripe(deps(), seller.providerId, invoice.id, FIRST_ATTEMPT)).toEqual({
        outcome: 'skipped',
        why: 'closed',
      });
    } finally {
      w.stripe.beforeRequest(null);
    }
    const stripeId = (await invoiceRow(w.t, invoice.id)).stripe_invoice_id ?? '';
    expect(w.stripe.invoice(accountId, stripeId).status).toBe('draft');
    expect(w.stripe.requests.some((r) => r.path === `/v1/invoices/${stripeId}/finalize`)).toBe(false);
    await runQueuedJobs(w.t, ['stripe_close_invoice']);
    expect(() => w.stripe.invoice(accountId, stripeId)).toThrow(/no invoice/);
    const [row] = await w.t.sql`
      SELECT stripe_push_state, stripe_invoice_status, stripe_close_state FROM invoices WHERE id = ${invoice.id}`;
    expect(row).toEqual({
      stripe_push_state: 'skipped',
      stripe_invoice_status: 'deleted',
      stripe_close_state: 'done',
    });
  });
});
