import { randomBytes } from 'node:crypto';
import { computeTotals, type MoneyLine } from '../../shared/contracts/money';
import { call, makeProvider } from '../../tests/integration/isolation/world';
import { type StripeStandIn, startStripeStandIn } from '../../tests/stripe/stand-in';
import { createPortalSession } from '../auth/portal-client/portal-session';
import { DELIVERY_ATTEMPTS } from '../jobs/backoff';
import { addJob, type JobEnvelope } from '../jobs/queue';
import { TASKS, type TaskList } from '../jobs/tasks';
import { taskContext } from '../jobs/testing';
import { completeLegalDetails } from '../services/invoices/testing';
import { createTestContext, type TestContext } from '../testing/harness';

/*
 * Test set-up of the payments tests: the real app (in process) configured against a Stripe stand-in on a
 * random port, webhooks delivered from the stand-in straight into the app, and helpers that make a
 * provider with a portal, a signed-in client and sent invoices (rows written directly: the invoices API is
 * another part's).
 */

export interface PaymentsWorld {
  t: TestContext;
  stripe: StripeStandIn;
  /** The platform's own account in the stand-in (plans), its key in STRIPE_SECRET_KEY. */
  platform: { accountId: string; secretKey: string; webhookSecret: string };
  close(): Promise<void>;
}

export async function paymentsWorld(env: Record<string, string> = {}): Promise<PaymentsWorld> {
  const stripe = await startStripeStandIn();
  const platform = stripe.createAccount({ name: 'Client Portal platform' });
  const t = await createTestContext({
    STRIPE_API_BASE: stripe.url,
    STRIPE_SECRET_KEY: platform.secretKey,
    PAYMENT_SECRETS_KEY: randomBytes(32).toString('base64'),
    ...env,
  });
  const webhookUrl = `${t.deps.config.publicOrigin}/api/webhooks/stripe`;
  const endpoint = stripe.addWebhookEndpoint(platform.accountId, webhookUrl, {
    ...(t.deps.config.STRIPE_WEBHOOK_SECRET ? { secret: t.deps.config.STRIPE_WEBHOOK_SECRET } : {}),
    events: [
      'checkout.session.completed',
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ],
  });
  stripe.setDeliveryTarget(async (url, init) => t.app.request(new URL(url).pathname, init));
  return {
    t,
    stripe,
    platform: { ...platform, webhookSecret: endpoint.secret },
    close: async () => {
      await stripe.close();
      await t.close();
    },
  };
}

export interface Seller {
  providerId: string;
  cookie: string;
  portalId: string;
  clientId: string;
  /** The client's portal bearer token. */
  token: string;
}

/** A provider with a portal and one client who has a portal session. */
export async function makeSeller(t: TestContext, label = 'seller'): Promise<Seller> {
  const provider = await makeProvider(t, label);
  const portal = (await (
    await call(t, 'POST', '/api/portals', {
      cookie: provider.cookie,
      body: { portalName: `${label} portal` },
    })
  ).json()) as { id: string };
  const client = (await (
    await call(t, 'POST', '/api/clients', {
      cookie: provider.cookie,
      body: {
        name: `${label} client`,
        email: `${label}-${randomBytes(4).toString('hex')}@example.com`,
        portalId: portal.id,
      },
    })
  ).json()) as { id: string };
  const session = await createPortalSession(
    t.sql,
    { id: client.id, portalId: portal.id, providerId: provider.providerId },
    'password',
    t.deps.now(),
  );
  // The business details the pre-send check (§ 14 (4) UStG) needs, so the seller's invoices can be sent.
  await completeLegalDetails(t.sql, provider.providerId, client.id);
  return {
    providerId: provider.providerId,
    cookie: provider.cookie,
    portalId: portal.id,
    clientId: client.id,
    token: session.token,
  };
}

let numbers = 0;

/** An invoice row with its lines and the totals money.ts computes (status `sent` unless given). */
export async function insertInvoice(
  t: TestContext,
  seller: Pick<Seller, 'providerId' | 'clientId'>,
  opts: {
    lines?: (MoneyLine & { description?: string })[];
    currency?: 'EUR' | 'USD';
    status?: 'draft' | 'sent' | 'overdue' | 'paid' | 'cancelled';
    language?: 'en' | 'de';
    dueDate?: string;
  } = {},
): Promise<{ id: string; number: string | null; amountCents: number }> {
  const lines = opts.lines ?? [
    { description: 'Design work', quantityMilli: 1500, unitPriceCents: 8000, taxRateBp: 1900 },
    { description: 'Hosting', quantityMilli: 1000, unitPriceCents: 1999, taxRateBp: 700 },
    { description: 'Advice', quantityMilli: 333, unitPriceCents: 1001, taxRateBp: null },
  ];
  const totals = computeTotals(lines);
  const status = opts.status ?? 'sent';
  const number = status === 'draft' ? null : `T-${process.pid}-${++numbers}`;
  const [row] = await t.sql<{ id: string }[]>`
    INSERT INTO invoices (provider_id, client_id, number, status, currency, language, amount_cents,
                          subtotal_cents, tax_cents, due_date, issued_at, paid_at, paid_via, cancelled_at)
    VALUES (${seller.providerId}, ${seller.clientId}, ${number}, ${status}, ${opts.currency ?? 'EUR'},
            ${opts.language ?? 'en'}, ${totals.totalCents}, ${totals.subtotalCents}, ${totals.taxCents},
            ${opts.dueDate ?? null}, ${status === 'draft' ? null : new Date()},
            ${status === 'paid' ? new Date() : null}, ${status === 'paid' ? 'manual' : null},
            ${status === 'cancelled' ? new Date() : null})
    RETURNING id`;
  if (!row) throw new Error('no invoice');
  let position = 0;
  for (const line of lines) {
    position += 1;
    await t.sql`
      INSERT INTO invoice_lines (provider_id, invoice_id, position, description, quantity_milli,
                                 unit_price_cents, tax_rate_bp, amount_cents)
      VALUES (${seller.providerId}, ${row.id}, ${position}, ${line.description ?? `Line ${position}`},
              ${line.quantityMilli}, ${line.unitPriceCents}, ${line.taxRateBp},
              ${totals.lines[position - 1] ?? 0})`;
  }
  return { id: row.id, number, amountCents: totals.totalCents };
}

/** Connects the seller's Stripe (a new stand-in account) through the API; returns the account. */
export async function connectSeller(world: PaymentsWorld, seller: Seller, name = 'Seller GmbH') {
  const account = world.stripe.createAccount({ name });
  const res = await call(world.t, 'PUT', '/api/payments/stripe', {
    cookie: seller.cookie,
    body: { secretKey: account.secretKey },
  });
  if (res.status !== 200) throw new Error(`connect: ${res.status} ${await res.text()}`);
  return account;
}

export async function invoiceRow(t: TestContext, invoiceId: string) {
  const [row] = await t.sql<
    {
      status: string;
      paid_at: Date | null;
      paid_via: string | null;
      stripe_invoice_id: string | null;
      stripe_account_id: string | null;
      stripe_hosted_url: string | null;
      stripe_pdf_url: string | null;
      stripe_checkout_session_id: string | null;
    }[]
  >`SELECT status, paid_at, paid_via, stripe_invoice_id, stripe_account_id, stripe_hosted_url, stripe_pdf_url,
           stripe_checkout_session_id FROM invoices WHERE id = ${invoiceId}`;
  if (!row) throw new Error('no invoice');
  return row;
}

export { call };

/** A job's first attempt of the delivery rule's (for calling a Stripe job's function directly). */
export const FIRST_ATTEMPT = { attempt: 1, maxAttempts: DELIVERY_ATTEMPTS };
/** Its last attempt: a failure now is final. */
export const LAST_ATTEMPT = { attempt: DELIVERY_ATTEMPTS, maxAttempts: DELIVERY_ATTEMPTS };

/** The Stripe jobs (and the client's e-mail of a send), run by {@link runQueuedJobs}. */
export const STRIPE_TASKS = [
  'stripe_push_invoice',
  'stripe_close_invoice',
  'stripe_refund_payment',
  'send_mail',
];

/**
 * Runs the queued jobs of `tasks` as the worker would (one attempt each; a failed attempt goes back into
 * the queue with its count, due at once here instead of after the backoff, until its attempts are spent)
 * until none is left, and returns what ran. The worker itself is not started, so a test decides when the
 * jobs a change enqueued run: e.g. a client paying before the job that closes the invoice in Stripe ran.
 */
export async function runQueuedJobs(
  t: TestContext,
  tasks: readonly string[] = STRIPE_TASKS,
): Promise<{ task: string; attempt: number; error: string | null }[]> {
  const schema = t.sql(t.db.queueSchema);
  const ran: { task: string; attempt: number; error: string | null }[] = [];
  for (let round = 0; round < 500; round++) {
    const [job] = await t.sql<
      {
        id: string;
        task_identifier: string;
        payload: JobEnvelope;
        max_attempts: number;
        key: string | null;
      }[]
    >`
      SELECT j.id::text, tk.identifier AS task_identifier, j.payload, j.max_attempts, j.key
      FROM ${schema}._private_jobs j JOIN ${schema}._private_tasks tk ON tk.id = j.task_id
      WHERE tk.identifier = ANY(${tasks as string[]}) AND j.locked_at IS NULL
      ORDER BY j.id LIMIT 1`;
    if (!job) return ran;
    await t.sql`DELETE FROM ${schema}._private_jobs WHERE id = ${job.id}`;
    const def = (TASKS as unknown as TaskList)[job.task_identifier];
    if (!def) throw new Error(`no task ${job.task_identifier}`);
    const attempt = job.payload.attemptsBefore + 1;
    const maxAttempts = job.payload.attemptsBefore + job.max_attempts;
    try {
      await def.run(def.payload.parse(job.payload.payload), {
        ...taskContext(t),
        attempt,
        maxAttempts,
      });
      ran.push({ task: def.name, attempt, error: null });
    } catch (err) {
      ran.push({ task: def.name, attempt, error: err instanceof Error ? err.message : String(err) });
      if (attempt < maxAttempts)
        await addJob(
          t.sql,
          t.db.queueSchema,
          def.name,
          { payload: job.payload.payload, attemptsBefore: attempt },
          { maxAttempts, ...(job.key ? { jobKey: job.key } : {}) },
        );
    }
  }
  throw new Error('jobs kept coming back: a loop?');
}
