import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';
import {
  type FormObject,
  type FormValue,
  int,
  list,
  obj,
  parseStripeForm,
  StandInError,
  str,
  stringMap,
} from './forms';
import * as build from './objects';

/*
 * A local stand-in for the Stripe API (the part this product uses), for tests, end-to-end runs and the
 * bench. The real `stripe` SDK talks to it (`STRIPE_API_BASE=http://127.0.0.1:<port>`): form-encoded
 * bodies, Bearer keys, `Idempotency-Key` replays, errors in Stripe's shape. Its state is in memory, per
 * instance, split by account (an account is what a secret key opens). It also serves the pages a payer
 * sees (the hosted invoice page and Checkout) with "Pay" and "Decline card" buttons; a click changes the
 * state and delivers the events Stripe would send, signed with `Stripe.webhooks.generateTestHeaderString`,
 * to the account's webhook endpoints. Test helpers send arbitrary events (duplicated, reordered,
 * unsigned, signed with another secret).
 *
 * Start it from a test file: `const stripe = await startStripeStandIn(); … await stripe.close()`;
 * from a shell (e2e, bench): `tsx tests/stripe/stand-in.ts --port 12111` (prints the platform key).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  accountId: string | null;
  idempotencyKey: string | null;
  body: FormObject;
  status: number;
}

export interface Delivery {
  url: string;
  eventId: string;
  type: string;
  status: number;
  body: string;
}

/** Sends one webhook request; the default is `fetch` (tests of an in-process app pass `app.request`). */
export type DeliveryTarget = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<Response>;

interface Endpoint {
  object: Stripe.WebhookEndpoint;
  secret: string;
  deleted: boolean;
}

interface AccountState {
  account: Stripe.Account;
  livemode: boolean;
  keys: Set<string>;
  customers: Map<string, Stripe.Customer>;
  invoiceItems: Map<string, Stripe.InvoiceItem>;
  invoices: Map<string, Stripe.Invoice>;
  sessions: Map<string, Stripe.Checkout.Session>;
  paymentIntents: Map<string, PaymentIntentRecord>;
  paymentMethods: Map<string, Stripe.PaymentMethod>;
  setupIntents: Map<string, Stripe.SetupIntent>;
  invoicePayments: Map<string, Stripe.InvoicePayment>;
  refunds: Map<string, Stripe.Refund>;
  creditNotes: Map<string, Stripe.CreditNote>;
  subscriptions: Map<string, Stripe.Subscription>;
  endpoints: Map<string, Endpoint>;
  events: Stripe.Event[];
  idempotency: Map<string, { fingerprint: string; status: number; body: string }>;
  invoiceCounter: number;
}

/**
 * What the stand-in keeps of a PaymentIntent: enough to refund it as Stripe would (its one charge, what
 * was received and what was refunded of it).
 */
interface PaymentIntentRecord {
  id: string;
  amount: number;
  currency: string;
  customer: string | null;
  charge: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded';
  amountRefunded: number;
  /** Set for an intent made through `POST /v1/payment_intents` (the off-session charge of a saved card). */
  paymentMethod?: string | null;
  metadata?: Record<string, string>;
  description?: string | null;
  lastError?: Stripe.PaymentIntent.LastPaymentError | null;
}

/**
 * Stripe's test cards the setup page accepts, and how an off-session charge of each goes once saved:
 * 4242… succeeds; 4000 0000 0000 0341 attaches but every charge is declined (`card_declined`);
 * 4000 0027 6000 3184 needs 3D Secure on every payment, so an off-session one fails with
 * `authentication_required`; 5555 5555 5555 4444 is a Mastercard that succeeds.
 */
export const TEST_CARDS: Record<
  string,
  { brand: string; last4: string; charge: 'succeeds' | 'card_declined' | 'authentication_required' }
> = {
  '4242424242424242': { brand: 'visa', last4: '4242', charge: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', last4: '4444', charge: 'succeeds' },
  '4000000000000341': { brand: 'visa', last4: '0341', charge: 'card_declined' },
  '4000002760003184': { brand: 'visa', last4: '3184', charge: 'authentication_required' },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const unix = () => Math.floor(Date.now() / 1000);

/** Events a webhook endpoint may ask for (what this stand-in can emit, plus Stripe's wildcard). */
const EMITTED = new Set([
  'invoice.finalized',
  'invoice.sent',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.voided',
  'invoice_payment.paid',
  'checkout.session.completed',
  'setup_intent.succeeded',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_method.detached',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly deliveries: Delivery[] = [];
  readonly url: string;
  readonly port: number;
  private readonly accounts = new Map<string, AccountState>();
  private readonly byKey = new Map<string, AccountState>();
  private target: DeliveryTarget = (url, init) => fetch(url, init);
  private down = false;
  private readonly sockets = new Set<Socket>();
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly server: Server,
    host: string,
  ) {
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://${host}:${this.port}`;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /* --- Test helpers ------------------------------------------------------------------------------------- */

  /** A new account with a secret key of its own (`sk_test_…`); pass `secretKey` to choose it. */
  createAccount(opts: { name?: string; secretKey?: string; livemode?: boolean } = {}) {
    const accountId = id('acct');
    const livemode = opts.livemode ?? false;
    const state: AccountState = {
      account: build.account(accountId, opts.name ?? 'Stand-in account'),
      livemode,
      keys: new Set(),
      customers: new Map(),
      invoiceItems: new Map(),
      invoices: new Map(),
      sessions: new Map(),
      paymentIntents: new Map(),
      paymentMethods: new Map(),
      setupIntents: new Map(),
      invoicePayments: new Map(),
      refunds: new Map(),
      creditNotes: new Map(),
      subscriptions: new Map(),
      endpoints: new Map(),
      events: [],
      idempotency: new Map(),
      invoiceCounter: 0,
    };
    this.accounts.set(accountId, state);
    const secretKey = opts.secretKey ?? `sk_${livemode ? 'live' : 'test'}_${randomBytes(18).toString('hex')}`;
    this.addKey(accountId, secretKey);
    return { accountId, secretKey };
  }

  /** Another valid key of an account (any key not added answers 401 like Stripe's). */
  addKey(accountId: string, secretKey: string) {
    const state = this.state(accountId);
    state.keys.add(secretKey);
    this.byKey.set(secretKey, state);
  }

  /** Revokes a key (its next request answers 401). */
  revokeKey(secretKey: string) {
    this.byKey.get(secretKey)?.keys.delete(secretKey);
    this.byKey.delete(secretKey);
  }

  /** A webhook endpoint registered outside the API (the platform's, whose secret is in the environment). */
  addWebhookEndpoint(accountId: string, url: string, opts: { secret?: string; events?: string[] } = {}) {
    const state = this.state(accountId);
    const secret = opts.secret ?? `whsec_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
    const endpointId = id('we');
    const object = build.webhookEndpoint(
      endpointId,
      { url, enabledEvents: opts.events ?? ['*'], secret, description: null },
      state.livemode,
    );
    state.endpoints.set(endpointId, { object, secret, deleted: false });
    return { endpointId, secret };
  }

  /** Where webhooks go: `fetch` by default; an in-process app's `request` in API tests. */
  setDeliveryTarget(target: DeliveryTarget) {
    this.target = target;
  }

  /**
   * While set, every API request answers this status with Stripe's `api_error` (an outage Stripe reports:
   * the SDK's StripeAPIError, at once, where a closed connection takes the SDK half a second to report).
   */
  setFailing(status: 500 | 503 | null, accountId?: string) {
    if (accountId === undefined) this.failing = status;
    else if (status === null) this.failingAccounts.delete(accountId);
    else this.failingAccounts.set(accountId, status);
  }

  private failing: 500 | 503 | null = null;
  /** Accounts whose requests alone fail (a shared stand-in: other tests' accounts keep working). */
  private readonly failingAccounts = new Map<string, 500 | 503>();

  /** While down, every API connection is closed without an answer (the SDK's StripeConnectionError). */
  setNetworkDown(down: boolean) {
    this.down = down;
  }

  /**
   * While set, an API request for which `when` returns true is cut off without an answer (a network
   * failure in the middle of a sequence of calls); `null` clears it.
   */
  breakWhen(when: ((req: { method: string; path: string }) => boolean) | null) {
    this.breaker = when;
  }

  private breaker: ((req: { method: string; path: string }) => boolean) | null = null;

  /**
   * While set, `hook` runs (and is awaited) before each API request is handled: a test makes something
   * happen on our side at an exact point of a sequence of calls (a cancellation between two steps of a
   * push, while the pay button makes its session). `null` clears it.
   */
  beforeRequest(hook: ((req: { method: string; path: string }) => Promise<void> | void) | null) {
    this.hook = hook;
  }

  private hook: ((req: { method: string; path: string }) => Promise<void> | void) | null = null;

  accountOf(secretKey: string): string | undefined {
    return this.byKey.get(secretKey)?.account.id;
  }

  customers(accountId: string) {
    return [...this.state(accountId).customers.values()];
  }

  invoice(accountId: string, invoiceId: string): Stripe.Invoice {
    const invoice = this.state(accountId).invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId} in ${accountId}`);
    return invoice;
  }

  invoices(accountId: string) {
    return [...this.state(accountId).invoices.values()];
  }

  session(accountId: string, sessionId: string): Stripe.Checkout.Session {
    const session = this.state(accountId).sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId} in ${accountId}`);
    return session;
  }

  sessions(accountId: string) {
    return [...this.state(accountId).sessions.values()];
  }

  subscriptions(accountId: string) {
    return [...this.state(accountId).subscriptions.values()];
  }

  /** Every refund the account made, oldest first. */
  refunds(accountId: string) {
    return [...this.state(accountId).refunds.values()];
  }

  /** Every PaymentIntent of the account as Stripe answers it, oldest first. */
  paymentIntents(accountId: string): Stripe.PaymentIntent[] {
    const state = this.state(accountId);
    return [...state.paymentIntents.values()].map((r) => this.intentObject(state, r));
  }

  /** Every saved card (payment method) of the account. */
  paymentMethods(accountId: string) {
    return [...this.state(accountId).paymentMethods.values()];
  }

  /** The payments of one invoice (`invoice_payment`), as `GET /v1/invoice_payments?invoice=` lists them. */
  invoicePayments(accountId: string, invoiceId: string) {
    return [...this.state(accountId).invoicePayments.values()].filter((p) => p.invoice === invoiceId);
  }

  webhookEndpoints(accountId: string) {
    return [...this.state(accountId).endpoints.values()].filter((e) => !e.deleted).map((e) => e.object);
  }

  /** Every event the account produced, oldest first. */
  events(accountId: string) {
    return [...this.state(accountId).events];
  }

  /** Pays an open invoice, as the hosted page's "Pay" button does (delivers `invoice.paid`). */
  async payInvoice(accountId: string, invoiceId: string): Promise<Delivery[]> {
    const state = this.state(accountId);
    const invoice = this.invoice(accountId, invoiceId);
    if (invoice.status !== 'open')
      throw new StandInError(400, 'invalid_request_error', 'Invoice is not open');
    this.chargeDefaultPayment(state, invoice);
    this.markPaid(invoice);
    return this.emit(state, 'invoice.paid', invoice);
  }

  /**
   * A card payment for part of an open invoice (issue 28), as Stripe's partial payments make one: a paid
   * PaymentIntent attached as an invoice payment (delivers `invoice_payment.paid`); the part that pays
   * the rest marks the invoice paid (then `invoice.paid` too).
   */
  async payInvoicePart(accountId: string, invoiceId: string, amount: number): Promise<Delivery[]> {
    const state = this.state(accountId);
    const invoice = this.invoice(accountId, invoiceId);
    if (invoice.status !== 'open')
      throw new StandInError(400, 'invalid_request_error', 'Invoice is not open');
    if (amount <= 0 || amount > invoice.amount_remaining)
      throw new StandInError(400, 'invalid_request_error', 'Amount exceeds the amount remaining', 'amount');
    const intent: PaymentIntentRecord = {
      id: id('pi'),
      amount,
      currency: invoice.currency,
      customer: String(invoice.customer),
      charge: id('ch'),
      status: 'succeeded',
      amountRefunded: 0,
    };
    state.paymentIntents.set(intent.id, intent);
    const payment = build.invoicePayment(
      id('inpay'),
      {
        invoice: invoice.id,
        amount,
        currency: invoice.currency,
        isDefault: false,
        payment: { type: 'payment_intent', payment_intent: intent.id },
        status: 'paid',
      },
      state.livemode,
    );
    state.invoicePayments.set(payment.id, payment);
    invoice.amount_paid += amount;
    invoice.amount_remaining -= amount;
    const deliveries = await this.emit(state, 'invoice_payment.paid', payment);
    if (invoice.amount_remaining === 0) {
      this.markPaid(invoice);
      deliveries.push(...(await this.emit(state, 'invoice.paid', invoice)));
    }
    return deliveries;
  }

  private createCreditNote(state: AccountState, form: FormObject): Stripe.CreditNote {
    const invoice = this.invoiceOf(state, str(form.invoice) ?? '');
    const amount = int(form.amount, 'amount');
    if (form.lines !== undefined)
      throw new StandInError(400, 'invalid_request_error', 'The stand-in takes amount-only credit notes.');
    if (invoice.status !== 'open')
      throw new StandInError(
        400,
        'invalid_request_error',
        `You can only create a pre-payment credit note for an open invoice (it is ${invoice.status}).`,
      );
    if (amount === undefined || amount <= 0 || amount > invoice.amount_remaining)
      throw new StandInError(
        400,
        'invalid_request_error',
        'The credit note amount must be positive and at most the invoice amount remaining.',
        'amount',
      );
    const note = build.creditNote(id('cn'), {
      invoice: invoice.id,
      customer: String(invoice.customer),
      amount,
      currency: invoice.currency,
      memo: str(form.memo) ?? null,
      metadata: stringMap(form.metadata),
      livemode: state.livemode,
    });
    state.creditNotes.set(note.id, note);
    invoice.amount_due -= amount;
    invoice.amount_remaining -= amount;
    invoice.pre_payment_credit_notes_amount += amount;
    return note;
  }

  /** The credit notes of an account (tests read what the product made). */
  creditNotes(accountId: string): Stripe.CreditNote[] {
    return [...this.state(accountId).creditNotes.values()];
  }

  /** A declined card on the hosted invoice page (delivers `invoice.payment_failed`). */
  async declineInvoice(accountId: string, invoiceId: string): Promise<Delivery[]> {
    const state = this.state(accountId);
    const invoice = this.invoice(accountId, invoiceId);
    if (invoice.status !== 'open')
      throw new StandInError(400, 'invalid_request_error', 'Invoice is not open');
    invoice.attempt_count += 1;
    invoice.attempted = true;
    return this.emit(state, 'invoice.payment_failed', invoice);
  }

  /**
   * Completes a Checkout Session as its "Pay" button does: a payment session is paid; a subscription
   * session starts an active subscription (`customer.subscription.created`). Then
   * `checkout.session.completed`. Returns where the browser goes next and what was delivered.
   */
  async completeCheckout(accountId: string, sessionId: string) {
    const state = this.state(accountId);
    const session = this.session(accountId, sessionId);
    if (session.status !== 'open')
      throw new StandInError(400, 'invalid_request_error', 'Session is not open');
    const deliveries: Delivery[] = [];
    if (session.mode === 'subscription') {
      const pending = this.pendingSubscription.get(session.id);
      if (!pending) throw new Error('subscription session without its price');
      const sub = build.subscription(
        id('sub'),
        { customer: String(session.customer), ...pending },
        state.livemode,
      );
      state.subscriptions.set(sub.id, sub);
      session.subscription = sub.id;
      deliveries.push(...(await this.emit(state, 'customer.subscription.created', sub)));
    } else {
      const intent: PaymentIntentRecord = {
        id: id('pi'),
        amount: session.amount_total ?? 0,
        currency: session.currency ?? 'eur',
        customer: typeof session.customer === 'string' ? session.customer : null,
        charge: id('ch'),
        status: 'succeeded',
        amountRefunded: 0,
      };
      state.paymentIntents.set(intent.id, intent);
      session.payment_intent = intent.id;
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    deliveries.push(...(await this.emit(state, 'checkout.session.completed', session)));
    const redirect = (session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', session.id);
    return { redirect, deliveries };
  }

  /**
   * Completes a setup-mode Checkout Session as its "Save card" button does with the card `number` (one of
   * {@link TEST_CARDS}): a card payment method attached to the session's customer, a succeeded SetupIntent
   * (`setup_intent.succeeded`), the session complete (`checkout.session.completed`, `setup_intent` set).
   */
  async completeSetup(accountId: string, sessionId: string, number = '4242424242424242') {
    const state = this.state(accountId);
    const session = this.session(accountId, sessionId);
    if (session.status !== 'open' || session.mode !== 'setup')
      throw new StandInError(400, 'invalid_request_error', 'Session is not an open setup session');
    const card = TEST_CARDS[number.replace(/\s/g, '')];
    if (!card)
      throw new StandInError(
        402,
        'card_error',
        'Your card number is incorrect.',
        'number',
        'incorrect_number',
      );
    const customer = typeof session.customer === 'string' ? session.customer : null;
    const year = new Date().getUTCFullYear() + 3;
    const method = build.cardPaymentMethod(
      id('pm'),
      { customer, brand: card.brand, last4: card.last4, expMonth: 12, expYear: year },
      state.livemode,
    );
    state.paymentMethods.set(method.id, method);
    this.cardOf.set(method.id, card.charge);
    const intent = build.setupIntent(
      id('seti'),
      { customer, paymentMethod: method.id, metadata: this.pendingSetup.get(session.id) ?? {} },
      state.livemode,
    );
    state.setupIntents.set(intent.id, intent);
    session.setup_intent = intent.id;
    session.status = 'complete';
    session.payment_status = 'no_payment_required';
    const deliveries = await this.emit(state, 'setup_intent.succeeded', intent);
    deliveries.push(...(await this.emit(state, 'checkout.session.completed', session)));
    const redirect = (session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', session.id);
    return { redirect, deliveries };
  }

  /** Cancels a subscription now (Stripe's dashboard or dunning would): `customer.subscription.deleted`. */
  async endSubscription(accountId: string, subscriptionId: string) {
    const state = this.state(accountId);
    const sub = this.subscriptionOf(state, subscriptionId);
    sub.status = 'canceled';
    sub.canceled_at = unix();
    sub.ended_at = unix();
    return this.emit(state, 'customer.subscription.deleted', sub);
  }

  /**
   * An event about `object` as the account would produce it (stored in its event list, not delivered).
   * `created` (unix seconds) lets a test make an older or newer event.
   */
  makeEvent(accountId: string, type: string, object: unknown, opts: { created?: number } = {}): Stripe.Event {
    const state = this.state(accountId);
    const made = build.event(id('evt'), type, object, { livemode: state.livemode, ...opts });
    state.events.push(made);
    return made;
  }

  /**
   * Delivers an event to a URL: signed with `secret` (the endpoint's, another account's, anyone's), or
   * unsigned when `secret` is null; `header` replaces the signature header as given.
   */
  async deliver(
    url: string,
    evt: Stripe.Event | string,
    opts: { secret: string | null; header?: string; timestamp?: number },
  ): Promise<Delivery> {
    const payload = typeof evt === 'string' ? evt : JSON.stringify(evt, null, 2);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    const signature =
      opts.header ??
      (opts.secret === null
        ? undefined
        : Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: opts.secret,
            ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }),
          }));
    if (signature !== undefined) headers['Stripe-Signature'] = signature;
    const res = await this.target(url, { method: 'POST', headers, body: payload });
    const parsed = typeof evt === 'string' ? (JSON.parse(evt) as Stripe.Event) : evt;
    const delivery = {
      url,
      eventId: parsed.id,
      type: parsed.type,
      status: res.status,
      body: await res.text(),
    };
    this.deliveries.push(delivery);
    return delivery;
  }

  /** Delivers an event again to every endpoint of its account that wants it (Stripe's retries). */
  async redeliver(accountId: string, evt: Stripe.Event): Promise<Delivery[]> {
    const state = this.state(accountId);
    const out: Delivery[] = [];
    for (const endpoint of this.endpointsFor(state, evt.type))
      out.push(await this.deliver(endpoint.object.url, evt, { secret: endpoint.secret }));
    return out;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /* --- HTTP -------------------------------------------------------------------------------------------- */

  /** The request handler (`node:http`). */
  async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const body = await readBody(req);
    try {
      if (url.pathname.startsWith('/v1/')) {
        await this.hook?.({ method: req.method ?? 'GET', path: url.pathname });
        if (this.down || this.breaker?.({ method: req.method ?? 'GET', path: url.pathname })) {
          req.socket.destroy();
          return;
        }
        if (this.failing)
          return sendError(
            res,
            new StandInError(this.failing, 'api_error', 'An error occurred with our connection to Stripe.'),
          );
        return await this.api(req, res, url, body);
      }
      return await this.page(req, res, url, body);
    } catch (err) {
      if (err instanceof StandInError) return sendError(res, err);
      console.error('stripe stand-in:', err);
      return sendError(res, new StandInError(500, 'api_error', 'Stand-in failure'));
    }
  }

  private async api(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const method = req.method ?? 'GET';
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const state = this.byKey.get(key);
    const idempotencyKey = header(req, 'idempotency-key');
    const form =
      method === 'GET' || method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      accountId: state?.account.id ?? null,
      idempotencyKey,
      body: form,
      status: 0,
    };
    this.requests.push(record);
    const reply = (status: number, payload: string, replayed = false) => {
      record.status = status;
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': id('req'),
        'Stripe-Version': Stripe.API_VERSION,
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
      });
      res.end(payload);
    };
    if (!state) {
      const shown = key
        ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : '';
      const err = new StandInError(
        401,
        'invalid_request_error',
        key ? `Invalid API Key provided: ${shown}` : 'You did not provide an API key.',
      );
      record.status = 401;
      return sendError(res, err);
    }
    const outage = this.failingAccounts.get(state.account.id);
    if (outage) {
      record.status = outage;
      return sendError(
        res,
        new StandInError(outage, 'api_error', 'An error occurred with our connection to Stripe.'),
      );
    }
    // Stripe replays a POST with a known key: same parameters → the first answer; others → 400.
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (idempotencyKey && method === 'POST') {
      const seen = state.idempotency.get(idempotencyKey);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          record.status = 400;
          return sendError(
            res,
            new StandInError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            ),
          );
        }
        return reply(seen.status, seen.body, true);
      }
    }
    // A second request with a key whose first is still running: 409, as Stripe answers (the SDK retries).
    const flightKey = idempotencyKey && method === 'POST' ? `${state.account.id} ${idempotencyKey}` : null;
    if (flightKey && this.inFlight.has(flightKey)) {
      record.status = 409;
      res.setHeader('Stripe-Should-Retry', 'true');
      return sendError(
        res,
        new StandInError(
          409,
          'idempotency_error',
          'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through).',
        ),
      );
    }
    if (flightKey) this.inFlight.add(flightKey);
    let status = 200;
    let payload: string;
    try {
      payload = JSON.stringify(await this.route(state, method, url.pathname, form), null, 2);
    } catch (err) {
      if (!(err instanceof StandInError)) {
        if (flightKey) this.inFlight.delete(flightKey);
        throw err;
      }
      status = err.status;
      payload = errorBody(err);
    }
    if (flightKey) this.inFlight.delete(flightKey);
    // Stripe stores the answer of an idempotent request (errors of a valid request too, not 5xx).
    if (idempotencyKey && method === 'POST' && status < 500)
      state.idempotency.set(idempotencyKey, { fingerprint, status, body: payload });
    return reply(status, payload);
  }

  private async route(state: AccountState, method: string, path: string, form: FormObject): Promise<unknown> {
    const parts = path.split('/').slice(2); // ['customers', 'cus_…', …]
    const [resource, objectId, action] = parts;
    const is = (m: string, r: string, withId: boolean, a?: string) =>
      method === m && resource === r && Boolean(objectId) === withId && action === a;

    if (method === 'GET' && resource === 'account' && !objectId) return state.account;

    if (is('POST', 'customers', false)) {
      const created = build.customer(
        id('cus'),
        { email: str(form.email) ?? null, name: str(form.name) ?? null, metadata: stringMap(form.metadata) },
        state.livemode,
      );
      state.customers.set(created.id, created);
      return created;
    }
    if (is('GET', 'customers', true)) return this.customerOf(state, objectId ?? '');

    if (is('POST', 'invoiceitems', false)) return this.createInvoiceItem(state, form);

    if (is('POST', 'invoices', false)) return this.createInvoice(state, form);
    if (is('GET', 'invoices', true)) return this.invoiceOf(state, objectId ?? '');
    if (is('DELETE', 'invoices', true)) {
      const invoice = this.invoiceOf(state, objectId ?? '');
      if (invoice.status !== 'draft')
        throw new StandInError(
          400,
          'invalid_request_error',
          `You can only delete draft invoices. This invoice is ${invoice.status}; void it instead.`,
        );
      state.invoices.delete(invoice.id);
      for (const item of state.invoiceItems.values()) if (item.invoice === invoice.id) item.invoice = null;
      return { id: invoice.id, object: 'invoice', deleted: true } satisfies Stripe.DeletedInvoice;
    }
    if (is('GET', 'invoice_payments', false)) {
      const invoiceId = str(form.invoice);
      const status = str(form.status);
      const data = [...state.invoicePayments.values()].filter(
        (p) => (!invoiceId || p.invoice === invoiceId) && (!status || p.status === status),
      );
      return build.emptyList('/v1/invoice_payments', data);
    }
    // Credit notes on an open invoice (issue 28: payments recorded outside Stripe): a pre-payment credit
    // note lowers `amount_due` and `amount_remaining` (never below zero, never over what remains); voiding
    // it raises them again. Amount-only credit notes (`amount`), as the product creates them.
    if (is('POST', 'credit_notes', false)) return this.createCreditNote(state, form);
    if (is('GET', 'credit_notes', false)) {
      const invoiceId = str(form.invoice);
      const data = [...state.creditNotes.values()]
        .filter((n) => !invoiceId || n.invoice === invoiceId)
        .reverse(); // newest first, as Stripe lists
      return build.emptyList('/v1/credit_notes', data);
    }
    if (is('POST', 'credit_notes', true, 'void')) {
      const note = state.creditNotes.get(objectId ?? '');
      if (!note) throw noSuch('credit_note', objectId, 'id');
      if (note.status !== 'issued')
        throw new StandInError(400, 'invalid_request_error', 'This credit note is already void.');
      const invoice = this.invoiceOf(state, String(note.invoice));
      if (invoice.status !== 'open')
        throw new StandInError(
          400,
          'invalid_request_error',
          `The credit note's invoice is ${invoice.status}; it can no longer be voided.`,
        );
      note.status = 'void';
      note.voided_at = unix();
      invoice.amount_due += note.amount;
      invoice.amount_remaining += note.amount;
      invoice.pre_payment_credit_notes_amount -= note.amount;
      return note;
    }
    if (is('POST', 'refunds', false)) return this.createRefund(state, form);
    if (is('GET', 'refunds', false)) {
      const intent = str(form.payment_intent);
      const data = [...state.refunds.values()]
        .filter((r) => !intent || r.payment_intent === intent)
        .reverse(); // newest first, as Stripe lists
      return build.emptyList('/v1/refunds', data);
    }
    if (is('GET', 'refunds', true)) {
      const found = state.refunds.get(objectId ?? '');
      if (!found) throw noSuch('refund', objectId, 'id');
      return found;
    }
    if (is('POST', 'invoices', true, 'finalize'))
      return this.finalize(state, this.invoiceOf(state, objectId ?? ''));
    if (is('POST', 'invoices', true, 'send')) {
      const invoice = this.invoiceOf(state, objectId ?? '');
      if (invoice.status !== 'open')
        throw new StandInError(400, 'invalid_request_error', 'You can only send an invoice that is open.');
      await this.emit(state, 'invoice.sent', invoice);
      return invoice;
    }
    if (is('POST', 'invoices', true, 'pay')) {
      const invoice = this.invoiceOf(state, objectId ?? '');
      if (invoice.status === 'paid')
        throw new StandInError(
          400,
          'invalid_request_error',
          'Invoice is already paid',
          undefined,
          'invoice_already_paid',
        );
      if (invoice.status !== 'open')
        throw new StandInError(
          400,
          'invalid_request_error',
          `You cannot pay an invoice with status ${invoice.status}.`,
        );
      if (str(form.paid_out_of_band) !== 'true')
        throw new StandInError(
          402,
          'card_error',
          'The customer has no payment method.',
          undefined,
          'card_declined',
        );
      // Paid outside Stripe: no money moves; the default payment is canceled and a payment record paid.
      for (const payment of state.invoicePayments.values())
        if (payment.invoice === invoice.id && payment.status === 'open') {
          payment.status = 'canceled';
          payment.status_transitions.canceled_at = unix();
        }
      const record = build.invoicePayment(
        id('inpay'),
        {
          invoice: invoice.id,
          amount: invoice.amount_remaining,
          currency: invoice.currency,
          isDefault: false,
          payment: { type: 'payment_record', payment_record: id('pr') },
          status: 'paid',
        },
        state.livemode,
      );
      state.invoicePayments.set(record.id, record);
      this.markPaid(invoice);
      await this.emit(state, 'invoice.paid', invoice);
      return invoice;
    }
    if (is('POST', 'invoices', true, 'void')) {
      const invoice = this.invoiceOf(state, objectId ?? '');
      if (invoice.status !== 'open')
        throw new StandInError(
          400,
          'invalid_request_error',
          `You can only void an open invoice (it is ${invoice.status}).`,
        );
      invoice.status = 'void';
      invoice.status_transitions.voided_at = unix();
      for (const payment of state.invoicePayments.values())
        if (payment.invoice === invoice.id && payment.status === 'open') {
          payment.status = 'canceled';
          payment.status_transitions.canceled_at = unix();
        }
      invoice.amount_remaining = 0;
      await this.emit(state, 'invoice.voided', invoice);
      return invoice;
    }

    if (resource === 'checkout' && objectId === 'sessions') {
      const sessionId = action;
      if (method === 'POST' && !sessionId) return this.createSession(state, form);
      if (method === 'GET' && sessionId && parts.length === 3)
        return this.session(state.account.id, sessionId);
      if (method === 'POST' && sessionId && parts[3] === 'expire') {
        const session = this.session(state.account.id, sessionId);
        if (session.status !== 'open')
          throw new StandInError(400, 'invalid_request_error', 'Only open sessions can be expired.');
        session.status = 'expired';
        session.url = null;
        return session;
      }
    }

    if (is('GET', 'subscriptions', true)) return this.subscriptionOf(state, objectId ?? '');
    if (is('POST', 'subscriptions', true)) {
      const sub = this.subscriptionOf(state, objectId ?? '');
      if (sub.status === 'canceled')
        throw new StandInError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its metadata.',
        );
      const previous: Record<string, unknown> = {};
      if (form.cancel_at_period_end !== undefined) {
        previous.cancel_at_period_end = sub.cancel_at_period_end;
        sub.cancel_at_period_end = str(form.cancel_at_period_end) === 'true';
        sub.cancel_at = sub.cancel_at_period_end ? (sub.items.data[0]?.current_period_end ?? null) : null;
      }
      if (form.metadata !== undefined) {
        previous.metadata = sub.metadata;
        sub.metadata = { ...sub.metadata, ...stringMap(form.metadata) };
      }
      await this.emit(state, 'customer.subscription.updated', sub, previous);
      return sub;
    }
    if (is('DELETE', 'subscriptions', true)) {
      const sub = this.subscriptionOf(state, objectId ?? '');
      sub.status = 'canceled';
      sub.canceled_at = unix();
      sub.ended_at = unix();
      await this.emit(state, 'customer.subscription.deleted', sub);
      return sub;
    }

    if (is('GET', 'setup_intents', true)) {
      const found = state.setupIntents.get(objectId ?? '');
      if (!found) throw noSuch('setupintent', objectId, 'intent');
      return found;
    }
    if (is('GET', 'payment_methods', true)) {
      const found = state.paymentMethods.get(objectId ?? '');
      if (!found) throw noSuch('PaymentMethod', objectId, 'payment_method');
      return found;
    }
    if (is('POST', 'payment_methods', true, 'detach')) {
      // As Stripe: the card leaves its customer (it can no longer be charged for them); a second detach, or one
      // of a card never attached, is a 400.
      const found = state.paymentMethods.get(objectId ?? '');
      if (!found) throw noSuch('PaymentMethod', objectId, 'payment_method');
      if (!found.customer)
        throw new StandInError(
          400,
          'invalid_request_error',
          'The payment method you provided is not attached to a customer so detachment is impossible.',
        );
      const previous = { customer: found.customer };
      found.customer = null;
      await this.emit(state, 'payment_method.detached', found, previous);
      return found;
    }
    if (is('POST', 'payment_intents', false)) return this.createPaymentIntent(state, form);
    if (is('GET', 'payment_intents', true)) {
      const found = state.paymentIntents.get(objectId ?? '');
      if (!found) throw noSuch('payment_intent', objectId, 'intent');
      return this.intentObject(state, found);
    }

    if (is('POST', 'webhook_endpoints', false)) {
      const url = str(form.url);
      if (!url || !URL.canParse(url))
        throw new StandInError(400, 'invalid_request_error', 'Invalid URL', 'url');
      const events = list(form.enabled_events).map((e) => String(e));
      const unknown = events.filter((e) => e !== '*' && !EMITTED.has(e));
      if (!events.length || unknown.length)
        throw new StandInError(
          400,
          'invalid_request_error',
          `Invalid enabled_events: ${unknown.join(', ')}`,
          'enabled_events',
        );
      const created = this.addWebhookEndpoint(state.account.id, url, { events });
      const endpoint = state.endpoints.get(created.endpointId);
      if (!endpoint) throw new Error('endpoint vanished');
      endpoint.object.description = str(form.description) ?? null;
      endpoint.object.metadata = stringMap(form.metadata);
      return endpoint.object;
    }
    if (is('GET', 'webhook_endpoints', true)) {
      const endpoint = state.endpoints.get(objectId ?? '');
      if (!endpoint || endpoint.deleted) throw noSuch('webhook_endpoint', objectId);
      // Stripe shows the signing secret only in the answer that created the endpoint.
      const { secret: _secret, ...shown } = endpoint.object;
      return shown;
    }
    if (is('POST', 'webhook_endpoints', true)) {
      // An update (`enabled_events`, `url`, `description`, `metadata`, `disabled`), as Stripe allows: the same
      // id and secret; enabled_events replaced whole.
      const endpoint = state.endpoints.get(objectId ?? '');
      if (!endpoint || endpoint.deleted) throw noSuch('webhook_endpoint', objectId);
      if (form.enabled_events !== undefined) {
        const events = list(form.enabled_events).map((e) => String(e));
        const unknown = events.filter((e) => e !== '*' && !EMITTED.has(e));
        if (!events.length || unknown.length)
          throw new StandInError(
            400,
            'invalid_request_error',
            `Invalid enabled_events: ${unknown.join(', ')}`,
            'enabled_events',
          );
        endpoint.object.enabled_events = events;
      }
      const url = str(form.url);
      if (url !== undefined) {
        if (!URL.canParse(url)) throw new StandInError(400, 'invalid_request_error', 'Invalid URL', 'url');
        endpoint.object.url = url;
      }
      if (form.description !== undefined) endpoint.object.description = str(form.description) ?? null;
      if (form.metadata !== undefined)
        endpoint.object.metadata = { ...endpoint.object.metadata, ...stringMap(form.metadata) };
      if (form.disabled !== undefined)
        endpoint.object.status = str(form.disabled) === 'true' ? 'disabled' : 'enabled';
      const { secret: _secret, ...shown } = endpoint.object;
      return shown;
    }
    if (is('DELETE', 'webhook_endpoints', true)) {
      const endpoint = state.endpoints.get(objectId ?? '');
      if (!endpoint || endpoint.deleted) throw noSuch('webhook_endpoint', objectId);
      endpoint.deleted = true;
      return { id: endpoint.object.id, object: 'webhook_endpoint', deleted: true };
    }

    throw new StandInError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createInvoiceItem(state: AccountState, form: FormObject): Stripe.InvoiceItem {
    const customerId = str(form.customer);
    if (!customerId)
      throw new StandInError(400, 'invalid_request_error', 'Missing required param: customer.', 'customer');
    const owner = this.customerOf(state, customerId);
    const invoiceId = str(form.invoice) ?? null;
    const invoice = invoiceId ? this.invoiceOf(state, invoiceId) : null;
    if (invoice && invoice.status !== 'draft')
      throw new StandInError(
        400,
        'invalid_request_error',
        'You can only add invoice items to draft invoices.',
        'invoice',
      );
    if (invoice && invoice.customer !== owner.id)
      throw new StandInError(
        400,
        'invalid_request_error',
        'The invoice belongs to another customer.',
        'invoice',
      );
    const amount = int(form.amount, 'amount');
    if (amount === undefined)
      throw new StandInError(400, 'invalid_request_error', 'Missing required param: amount.', 'amount');
    const currency = (str(form.currency) ?? invoice?.currency ?? '').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency))
      throw new StandInError(400, 'invalid_request_error', 'Invalid currency.', 'currency');
    if (invoice && currency !== invoice.currency)
      throw new StandInError(
        400,
        'invalid_request_error',
        'The currency must match the invoice’s.',
        'currency',
      );
    const item = build.invoiceItem(
      id('ii'),
      {
        customer: owner.id,
        amount,
        currency,
        description: str(form.description) ?? null,
        invoice: invoice?.id ?? null,
        metadata: stringMap(form.metadata),
      },
      state.livemode,
    );
    state.invoiceItems.set(item.id, item);
    if (invoice) this.recompute(state, invoice);
    return item;
  }

  private createInvoice(state: AccountState, form: FormObject): Stripe.Invoice {
    const customerId = str(form.customer);
    if (!customerId)
      throw new StandInError(400, 'invalid_request_error', 'Missing required param: customer.', 'customer');
    const owner = this.customerOf(state, customerId);
    const collection = (str(form.collection_method) ??
      'charge_automatically') as Stripe.Invoice.CollectionMethod;
    const daysUntilDue = int(form.days_until_due, 'days_until_due') ?? null;
    if (collection === 'send_invoice' && daysUntilDue === null && form.due_date === undefined)
      throw new StandInError(
        400,
        'invalid_request_error',
        'Invoices with `send_invoice` collection need days_until_due or due_date.',
        'days_until_due',
      );
    const created = build.invoice(
      id('in'),
      {
        customer: owner,
        currency: (str(form.currency) ?? 'eur').toLowerCase(),
        collectionMethod: collection,
        daysUntilDue,
        description: str(form.description) ?? null,
        metadata: stringMap(form.metadata),
        accountName: state.account.business_profile?.name ?? 'Stand-in account',
      },
      state.livemode,
    );
    created.auto_advance = str(form.auto_advance) === 'true';
    this.daysUntilDue.set(created.id, daysUntilDue);
    state.invoices.set(created.id, created);
    // Pending items of the customer join only when asked (Stripe's default is `exclude`).
    if (str(form.pending_invoice_items_behavior) === 'include')
      for (const item of state.invoiceItems.values())
        if (item.customer === owner.id && item.invoice === null && item.currency === created.currency)
          item.invoice = created.id;
    this.recompute(state, created);
    return created;
  }

  private readonly daysUntilDue = new Map<string, number | null>();
  private readonly pendingSubscription = new Map<
    string,
    {
      currency: string;
      unitAmount: number;
      interval: 'day' | 'week' | 'month' | 'year';
      productName: string;
      metadata: Record<string, string>;
    }
  >();

  private recompute(state: AccountState, invoice: Stripe.Invoice) {
    const items = [...state.invoiceItems.values()].filter((item) => item.invoice === invoice.id);
    const total = items.reduce((sum, item) => sum + item.amount, 0);
    invoice.lines = build.emptyList(
      `/v1/invoices/${invoice.id}/lines`,
      items.map((item) => build.invoiceLine(item, invoice.id)),
    );
    invoice.subtotal = total;
    invoice.subtotal_excluding_tax = total;
    invoice.total = total;
    invoice.total_excluding_tax = total;
    invoice.amount_due = total;
    invoice.amount_remaining = total - invoice.amount_paid;
  }

  private finalize(state: AccountState, invoice: Stripe.Invoice): Promise<Stripe.Invoice> | Stripe.Invoice {
    if (invoice.status !== 'draft')
      throw new StandInError(
        400,
        'invalid_request_error',
        `This invoice is already finalized (status ${invoice.status}).`,
      );
    const customer = this.customerOf(state, String(invoice.customer));
    state.invoiceCounter += 1;
    invoice.number = `${customer.invoice_prefix}-${String(state.invoiceCounter).padStart(4, '0')}`;
    invoice.status = 'open';
    const at = unix();
    invoice.status_transitions.finalized_at = at;
    invoice.effective_at = at;
    const days = this.daysUntilDue.get(invoice.id);
    invoice.due_date = invoice.collection_method === 'send_invoice' ? at + (days ?? 30) * 86400 : null;
    invoice.hosted_invoice_url = `${this.url}/i/${state.account.id}/${invoice.id}`;
    invoice.invoice_pdf = `${this.url}/i/${state.account.id}/${invoice.id}/pdf`;
    if (invoice.total === 0) this.markPaid(invoice);
    else {
      // The default payment, open until the payer pays the hosted page (its PaymentIntent waits for a card).
      const intent: PaymentIntentRecord = {
        id: id('pi'),
        amount: invoice.total,
        currency: invoice.currency,
        customer: String(invoice.customer),
        charge: id('ch'),
        status: 'requires_payment_method',
        amountRefunded: 0,
      };
      state.paymentIntents.set(intent.id, intent);
      const payment = build.invoicePayment(
        id('inpay'),
        {
          invoice: invoice.id,
          amount: invoice.total,
          currency: invoice.currency,
          isDefault: true,
          payment: { type: 'payment_intent', payment_intent: intent.id },
          status: 'open',
        },
        state.livemode,
      );
      state.invoicePayments.set(payment.id, payment);
    }
    return this.emit(state, 'invoice.finalized', invoice).then(() => invoice);
  }

  /** The hosted page's card payment: the default payment's PaymentIntent succeeds, the payment is paid. */
  private chargeDefaultPayment(state: AccountState, invoice: Stripe.Invoice) {
    for (const payment of state.invoicePayments.values()) {
      if (payment.invoice !== invoice.id || payment.status !== 'open' || !payment.is_default) continue;
      const intent = state.paymentIntents.get(String(payment.payment.payment_intent));
      // What is charged is what remains (credit notes and earlier parts lowered it).
      if (intent) {
        intent.status = 'succeeded';
        intent.amount = invoice.amount_remaining;
      }
      payment.status = 'paid';
      payment.amount_paid = invoice.amount_remaining;
      payment.status_transitions.paid_at = unix();
    }
  }

  /**
   * `POST /v1/refunds`: the whole unrefunded amount of a PaymentIntent's charge (or `amount` of it), as
   * Stripe refunds a card payment; refused for an intent that was never paid or is refunded already.
   */
  private createRefund(state: AccountState, form: FormObject): Stripe.Refund {
    const intentId = str(form.payment_intent);
    const chargeId = str(form.charge);
    if (!intentId && !chargeId)
      throw new StandInError(
        400,
        'invalid_request_error',
        'One of `charge` or `payment_intent` is required.',
      );
    const intent = intentId
      ? state.paymentIntents.get(intentId)
      : [...state.paymentIntents.values()].find((pi) => pi.charge === chargeId);
    if (!intent)
      throw intentId
        ? noSuch('payment_intent', intentId, 'payment_intent')
        : noSuch('charge', chargeId, 'charge');
    if (intent.status !== 'succeeded')
      throw new StandInError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    const left = intent.amount - intent.amountRefunded;
    if (left <= 0)
      throw new StandInError(
        400,
        'invalid_request_error',
        `Charge ${intent.charge} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount = int(form.amount, 'amount') ?? left;
    if (amount <= 0 || amount > left)
      throw new StandInError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
        'amount_too_large',
      );
    const reason = str(form.reason) ?? null;
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason))
      throw new StandInError(400, 'invalid_request_error', `Invalid reason: ${reason}`, 'reason');
    intent.amountRefunded += amount;
    const made = build.refund(id('re'), {
      amount,
      currency: intent.currency,
      charge: intent.charge,
      paymentIntent: intent.id,
      customer: intent.customer,
      reason: reason as Stripe.Refund.Reason | null,
      metadata: stringMap(form.metadata),
    });
    state.refunds.set(made.id, made);
    return made;
  }

  private intentObject(state: AccountState, r: PaymentIntentRecord): Stripe.PaymentIntent {
    return build.paymentIntent(
      {
        id: r.id,
        amount: r.amount,
        currency: r.currency,
        customer: r.customer,
        paymentMethod: r.paymentMethod ?? null,
        charge: r.status === 'succeeded' ? r.charge : null,
        status: r.status,
        metadata: r.metadata ?? {},
        description: r.description ?? null,
        lastError: r.lastError ?? null,
      },
      state.livemode,
    );
  }

  /**
   * `POST /v1/payment_intents` with a saved card, as Stripe's off-session flow: `confirm=true` charges it at
   * once (`payment_intent.succeeded`); a card that declines, or one that needs authentication while
   * `off_session=true`, answers 402 `card_error` (`card_declined` / `authentication_required`, the intent in
   * the error, its status `requires_payment_method`) and delivers `payment_intent.payment_failed`.
   */
  private async createPaymentIntent(state: AccountState, form: FormObject): Promise<Stripe.PaymentIntent> {
    const amount = int(form.amount, 'amount');
    if (amount === undefined || amount < 50)
      throw new StandInError(400, 'invalid_request_error', 'Amount must be at least 50 cents', 'amount');
    const currency = str(form.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency))
      throw new StandInError(400, 'invalid_request_error', 'Missing required param: currency.', 'currency');
    const customerId = str(form.customer) ?? null;
    if (customerId) this.customerOf(state, customerId);
    const methodId = str(form.payment_method) ?? null;
    const method = methodId ? state.paymentMethods.get(methodId) : undefined;
    if (methodId && !method) throw noSuch('PaymentMethod', methodId, 'payment_method');
    if (method && method.customer !== customerId)
      throw new StandInError(
        400,
        'invalid_request_error',
        `The provided PaymentMethod ${methodId} does not belong to the Customer ${customerId ?? ''}.`,
        'payment_method',
      );
    const offSession = str(form.off_session) === 'true';
    if (offSession && str(form.confirm) !== 'true')
      throw new StandInError(
        400,
        'invalid_request_error',
        'off_session can only be set with confirm=true.',
        'off_session',
      );
    const record: PaymentIntentRecord = {
      id: id('pi'),
      amount,
      currency,
      customer: customerId,
      charge: id('ch'),
      status: 'requires_confirmation',
      amountRefunded: 0,
      paymentMethod: methodId,
      metadata: stringMap(form.metadata),
      description: str(form.description) ?? null,
      lastError: null,
    };
    state.paymentIntents.set(record.id, record);
    if (str(form.confirm) !== 'true') return this.intentObject(state, record);
    if (!methodId)
      throw new StandInError(
        400,
        'invalid_request_error',
        'A payment method is needed to confirm.',
        'payment_method',
      );
    const behaviour = this.cardOf.get(methodId) ?? 'succeeds';
    const failure =
      behaviour === 'card_declined'
        ? { code: 'card_declined', decline: 'generic_decline', message: 'Your card was declined.' }
        : behaviour === 'authentication_required' && offSession
          ? {
              code: 'authentication_required',
              decline: 'authentication_required',
              message: 'Your card was declined. This transaction requires authentication.',
            }
          : null;
    if (!failure) {
      record.status = 'succeeded';
      const made = this.intentObject(state, record);
      await this.emit(state, 'payment_intent.succeeded', made);
      return made;
    }
    record.status = 'requires_payment_method';
    record.lastError = {
      type: 'card_error',
      code: failure.code as Stripe.PaymentIntent.LastPaymentError.Code,
      decline_code: failure.decline,
      message: failure.message,
      charge: record.charge,
    };
    const failed = this.intentObject(state, record);
    await this.emit(state, 'payment_intent.payment_failed', failed);
    throw new StandInError(402, 'card_error', failure.message, undefined, failure.code, {
      decline_code: failure.decline,
      charge: record.charge,
      payment_intent: failed,
      payment_method: state.paymentMethods.get(methodId),
    });
  }

  /** How each saved card behaves when charged (from the test card it was made of). */
  private readonly cardOf = new Map<string, (typeof TEST_CARDS)[string]['charge']>();
  /** `setup_intent_data.metadata` of each setup session, given to its SetupIntent. */
  private readonly pendingSetup = new Map<string, Record<string, string>>();

  private markPaid(invoice: Stripe.Invoice) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempted = true;
    invoice.status_transitions.paid_at = unix();
  }

  private createSession(state: AccountState, form: FormObject): Stripe.Checkout.Session {
    const mode = (str(form.mode) ?? 'payment') as Stripe.Checkout.Session.Mode;
    if (mode !== 'payment' && mode !== 'subscription' && mode !== 'setup')
      throw new StandInError(
        400,
        'invalid_request_error',
        `The stand-in supports payment, subscription and setup mode, not ${mode}.`,
        'mode',
      );
    const successUrl = str(form.success_url) ?? null;
    if (!successUrl || !URL.canParse(successUrl))
      throw new StandInError(400, 'invalid_request_error', 'Not a valid URL', 'success_url');
    const cancelUrl = str(form.cancel_url) ?? null;
    if (cancelUrl !== null && !URL.canParse(cancelUrl))
      throw new StandInError(400, 'invalid_request_error', 'Not a valid URL', 'cancel_url');
    let customerId = str(form.customer) ?? null;
    if (customerId) this.customerOf(state, customerId);
    if (mode === 'setup') return this.createSetupSession(state, form, { successUrl, cancelUrl, customerId });
    const items = list(form.line_items).map((entry) => obj(entry as FormValue));
    if (!items.length)
      throw new StandInError(400, 'invalid_request_error', 'line_items is required.', 'line_items');
    let currency = '';
    let total = 0;
    let recurring: {
      interval: 'day' | 'week' | 'month' | 'year';
      unitAmount: number;
      productName: string;
    } | null = null;
    items.forEach((item, index) => {
      const price = obj(item.price_data);
      const quantity = int(item.quantity, `line_items[${index}][quantity]`) ?? 1;
      const unit = int(price.unit_amount, `line_items[${index}][price_data][unit_amount]`);
      const itemCurrency = str(price.currency)?.toLowerCase();
      const name = str(obj(price.product_data).name);
      if (unit === undefined || !itemCurrency || !name)
        throw new StandInError(
          400,
          'invalid_request_error',
          'The stand-in needs price_data with unit_amount, currency and product_data.name.',
          `line_items[${index}]`,
        );
      if (currency && currency !== itemCurrency)
        throw new StandInError(
          400,
          'invalid_request_error',
          'All line items must share one currency.',
          `line_items[${index}]`,
        );
      currency = itemCurrency;
      total += unit * quantity;
      const interval = str(obj(price.recurring).interval);
      if (interval) recurring = { interval: interval as 'month', unitAmount: unit, productName: name };
    });
    if (mode === 'subscription' && !recurring)
      throw new StandInError(
        400,
        'invalid_request_error',
        'Subscription mode needs a recurring price.',
        'line_items',
      );
    if (mode === 'payment' && recurring)
      throw new StandInError(
        400,
        'invalid_request_error',
        'Payment mode takes no recurring price.',
        'line_items',
      );
    if (mode === 'subscription' && !customerId) {
      const created = build.customer(
        id('cus'),
        { email: str(form.customer_email) ?? null, name: null, metadata: {} },
        state.livemode,
      );
      state.customers.set(created.id, created);
      customerId = created.id;
    }
    const sessionId = `cs_${state.livemode ? 'live' : 'test'}_${randomBytes(16).toString('hex')}`;
    const session = build.checkoutSession(
      sessionId,
      {
        mode,
        customer: customerId,
        currency,
        amountTotal: total,
        successUrl,
        cancelUrl,
        metadata: stringMap(form.metadata),
        clientReferenceId: str(form.client_reference_id) ?? null,
        url: `${this.url}/c/${state.account.id}/${sessionId}`,
        expiresAt: unix() + 24 * 3600,
      },
      state.livemode,
    );
    state.sessions.set(session.id, session);
    if (mode === 'subscription' && recurring) {
      const r = recurring as { interval: 'month'; unitAmount: number; productName: string };
      this.pendingSubscription.set(session.id, {
        currency,
        unitAmount: r.unitAmount,
        interval: r.interval,
        productName: r.productName,
        metadata: stringMap(obj(form.subscription_data).metadata),
      });
    }
    return session;
  }

  /**
   * A setup-mode session: no line items (refused, as Stripe does), `currency` unless the payment method types
   * are given, a customer made when none is named (`customer_creation`), its SetupIntent made on completion.
   */
  private createSetupSession(
    state: AccountState,
    form: FormObject,
    opts: { successUrl: string; cancelUrl: string | null; customerId: string | null },
  ): Stripe.Checkout.Session {
    if (form.line_items !== undefined)
      throw new StandInError(
        400,
        'invalid_request_error',
        'line_items cannot be used in setup mode.',
        'line_items',
      );
    const types = list(form.payment_method_types).map(String);
    const currency = str(form.currency)?.toLowerCase() ?? null;
    if (!types.length && !currency)
      throw new StandInError(
        400,
        'invalid_request_error',
        'currency is required in setup mode unless payment_method_types is given.',
        'currency',
      );
    let customerId = opts.customerId;
    if (!customerId) {
      const created = build.customer(
        id('cus'),
        { email: str(form.customer_email) ?? null, name: null, metadata: {} },
        state.livemode,
      );
      state.customers.set(created.id, created);
      customerId = created.id;
    }
    const sessionId = `cs_${state.livemode ? 'live' : 'test'}_${randomBytes(16).toString('hex')}`;
    const session = build.checkoutSession(
      sessionId,
      {
        mode: 'setup',
        customer: customerId,
        currency: currency ?? '',
        amountTotal: 0,
        successUrl: opts.successUrl,
        cancelUrl: opts.cancelUrl,
        metadata: stringMap(form.metadata),
        clientReferenceId: str(form.client_reference_id) ?? null,
        url: `${this.url}/c/${state.account.id}/${sessionId}`,
        expiresAt: unix() + 24 * 3600,
      },
      state.livemode,
    );
    session.currency = currency;
    session.amount_total = null;
    session.amount_subtotal = null;
    session.payment_status = 'no_payment_required';
    session.locale = (str(form.locale) ?? null) as Stripe.Checkout.Session.Locale | null;
    state.sessions.set(session.id, session);
    this.pendingSetup.set(session.id, stringMap(obj(form.setup_intent_data).metadata));
    return session;
  }

  private customerOf(state: AccountState, customerId: string) {
    const found = state.customers.get(customerId);
    if (!found) throw noSuch('customer', customerId, 'customer');
    return found;
  }

  private invoiceOf(state: AccountState, invoiceId: string) {
    const found = state.invoices.get(invoiceId);
    if (!found) throw noSuch('invoice', invoiceId, 'invoice');
    return found;
  }

  private subscriptionOf(state: AccountState, subscriptionId: string) {
    const found = state.subscriptions.get(subscriptionId);
    if (!found) throw noSuch('subscription', subscriptionId);
    return found;
  }

  private state(accountId: string): AccountState {
    const state = this.accounts.get(accountId);
    if (!state) throw new Error(`no stand-in account ${accountId}`);
    return state;
  }

  private endpointsFor(state: AccountState, type: string) {
    return [...state.endpoints.values()].filter(
      (e) =>
        !e.deleted &&
        e.object.status !== 'disabled' &&
        (e.object.enabled_events.includes('*') || e.object.enabled_events.includes(type)),
    );
  }

  /** Records an event and delivers it, signed, to every endpoint of the account that asked for its type. */
  private async emit(
    state: AccountState,
    type: string,
    object: unknown,
    previous?: unknown,
  ): Promise<Delivery[]> {
    const made = build.event(id('evt'), type, object, {
      livemode: state.livemode,
      previousAttributes: previous,
    });
    state.events.push(made);
    const out: Delivery[] = [];
    for (const endpoint of this.endpointsFor(state, type)) {
      out.push(
        await this.deliver(endpoint.object.url, made, { secret: endpoint.secret }).catch((err: Error) => ({
          url: endpoint.object.url,
          eventId: made.id,
          type,
          status: 0,
          body: err.message,
        })),
      );
    }
    return out;
  }

  /* --- The payer's pages -------------------------------------------------------------------------------- */

  private async page(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const [kind, accountId = '', objectId = '', action] = url.pathname.split('/').slice(1);
    if (kind === '_stand-in') return this.control(req, res, url, raw);
    const state = this.accounts.get(accountId);
    if (!state) return html(res, 404, 'Not found', '<p>No such page.</p>');
    const post = req.method === 'POST';
    if (kind === 'i') {
      const invoice = state.invoices.get(objectId);
      if (!invoice || invoice.status === 'draft')
        return html(res, 404, 'Not found', '<p>No such invoice.</p>');
      if (action === 'pdf' && !post) {
        res.writeHead(200, { 'Content-Type': 'application/pdf' });
        return res.end(minimalPdf(`Invoice ${invoice.number}`));
      }
      if (post && action === 'pay' && invoice.status === 'open') await this.payInvoice(accountId, objectId);
      const declined = post && action === 'decline' && invoice.status === 'open';
      if (declined) await this.declineInvoice(accountId, objectId);
      if (post) return redirect(res, `/i/${accountId}/${objectId}${declined ? '?declined=1' : ''}`);
      return html(
        res,
        200,
        `Invoice ${invoice.number}`,
        invoicePage(invoice, url.searchParams.has('declined')),
      );
    }
    if (kind === 'c') {
      const session = state.sessions.get(objectId);
      if (!session) return html(res, 404, 'Not found', '<p>No such Checkout Session.</p>');
      if (post && action === 'setup' && session.status === 'open' && session.mode === 'setup') {
        const number = new URLSearchParams(raw).get('card') ?? '';
        if (!TEST_CARDS[number.replace(/\s/g, '')])
          return redirect(res, `/c/${accountId}/${objectId}?declined=1`);
        const { redirect: to } = await this.completeSetup(accountId, objectId, number);
        return redirect(res, to);
      }
      if (post && action === 'pay' && session.status === 'open') {
        const { redirect: to } = await this.completeCheckout(accountId, objectId);
        return redirect(res, to);
      }
      if (post && action === 'decline') return redirect(res, `/c/${accountId}/${objectId}?declined=1`);
      if (post && action === 'cancel' && session.cancel_url) return redirect(res, session.cancel_url);
      return html(res, 200, 'Checkout', checkoutPage(session, url.searchParams.has('declined')));
    }
    return html(res, 404, 'Not found', '<p>No such page.</p>');
  }

  /**
   * The helpers over HTTP, for a stand-in in another process (e2e, bench):
   * `POST /_stand-in/accounts` (`{ name?, secretKey? }`) → `{ accountId, secretKey }`;
   * `GET /_stand-in/accounts/{id}/state` → its customers, invoices, sessions, subscriptions, endpoints,
   * events; `POST /_stand-in/accounts/{id}/webhook-endpoints` (`{ url, secret? }`) → `{ endpointId, secret }`;
   * `POST /_stand-in/accounts/{id}/failing` (`{ status: 503 }`, or `{}` to end it): the account's API
   * requests answer Stripe's outage error (its payer's pages keep working), as `setFailing`.
   */
  private control(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const [, , , accountId, what] = url.pathname.split('/');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const input = (raw ? JSON.parse(raw) : {}) as Record<string, string | undefined>;
    if (req.method === 'POST' && what === 'failing' && accountId && this.accounts.has(accountId)) {
      const status = Number(input.status);
      this.setFailing(status === 500 || status === 503 ? status : null, accountId);
      return json(200, { failing: this.failingAccounts.get(accountId) ?? null });
    }
    if (req.method === 'POST' && !accountId)
      return json(
        201,
        this.createAccount({
          ...(input.name ? { name: input.name } : {}),
          ...(input.secretKey ? { secretKey: input.secretKey } : {}),
        }),
      );
    if (!accountId || !this.accounts.has(accountId)) return json(404, { error: 'no such account' });
    if (req.method === 'GET' && what === 'state')
      return json(200, {
        customers: this.customers(accountId),
        invoices: this.invoices(accountId),
        sessions: this.sessions(accountId),
        subscriptions: this.subscriptions(accountId),
        refunds: this.refunds(accountId),
        paymentIntents: this.paymentIntents(accountId),
        paymentMethods: this.paymentMethods(accountId),
        webhookEndpoints: this.webhookEndpoints(accountId),
        events: this.events(accountId),
      });
    if (req.method === 'POST' && what === 'webhook-endpoints' && input.url)
      return json(
        201,
        this.addWebhookEndpoint(accountId, input.url, input.secret ? { secret: input.secret } : {}),
      );
    return json(404, { error: 'unknown helper' });
  }
}

/* --- Helpers -------------------------------------------------------------------------------------------- */

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function noSuch(kind: string, objectId: string | undefined, param?: string) {
  return new StandInError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${objectId ?? ''}'`,
    param,
    'resource_missing',
  );
}

function errorBody(err: StandInError): string {
  return JSON.stringify({
    error: {
      type: err.type,
      message: err.message,
      ...(err.param ? { param: err.param } : {}),
      ...(err.code ? { code: err.code } : {}),
      ...(err.extra ?? {}),
    },
  });
}

function sendError(res: ServerResponse, err: StandInError) {
  res.writeHead(err.status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
  res.end(errorBody(err));
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:10vh auto"><p><small>Stripe stand-in (test mode)</small></p>${body}</body></html>`,
  );
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location });
  res.end();
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

function invoicePage(invoice: Stripe.Invoice, declined: boolean): string {
  const lines = invoice.lines.data
    .map((line) => `<li>${escapeHtml(line.description ?? '')}: ${money(line.amount, invoice.currency)}</li>`)
    .join('');
  const status =
    invoice.status === 'paid'
      ? '<p role="status">Paid</p>'
      : invoice.status === 'void'
        ? '<p role="status">Void</p>'
        : `${declined ? '<p role="alert">Your card was declined.</p>' : ''}` +
          `<form method="post" action="${escapeHtml(new URL(invoice.hosted_invoice_url ?? '').pathname)}/pay"><button type="submit">Pay</button></form>` +
          `<form method="post" action="${escapeHtml(new URL(invoice.hosted_invoice_url ?? '').pathname)}/decline"><button type="submit">Decline card</button></form>`;
  return `<h1>Invoice ${escapeHtml(invoice.number ?? '')}</h1><p>${escapeHtml(invoice.account_name ?? '')}</p><ul>${lines}</ul><p>Total: <strong>${money(invoice.total, invoice.currency)}</strong></p>${status}`;
}

function checkoutPage(session: Stripe.Checkout.Session, declined: boolean): string {
  const path = new URL(session.url ?? 'http://x/').pathname;
  const amount = money(session.amount_total ?? 0, session.currency ?? 'eur');
  if (session.status !== 'open')
    return `<h1>Checkout</h1><p role="status">This session is ${session.status}.</p>`;
  if (session.mode === 'setup')
    return (
      '<h1>Save a card</h1>' +
      (declined ? '<p role="alert">Your card number is incorrect.</p>' : '') +
      `<form method="post" action="${escapeHtml(path)}/setup"><label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label> <button type="submit">Save card</button></form>` +
      (session.cancel_url
        ? `<form method="post" action="${escapeHtml(path)}/cancel"><button type="submit">Back</button></form>`
        : '')
    );
  return (
    `<h1>${session.mode === 'subscription' ? 'Subscribe' : 'Pay'} ${amount}</h1>` +
    (declined ? '<p role="alert">Your card was declined.</p>' : '') +
    `<form method="post" action="${escapeHtml(path)}/pay"><button type="submit">Pay</button></form>` +
    `<form method="post" action="${escapeHtml(path)}/decline"><button type="submit">Decline card</button></form>` +
    (session.cancel_url
      ? `<form method="post" action="${escapeHtml(path)}/cancel"><button type="submit">Back</button></form>`
      : '')
  );
}

/** A one-page PDF with one line of text (the hosted invoice's PDF link opens something real). */
function minimalPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Starts a stand-in on `port` (0: a free one) of 127.0.0.1.
 * @example const stripe = await startStripeStandIn(); const { secretKey } = stripe.createAccount()
 */
export async function startStripeStandIn(
  opts: { port?: number; host?: string } = {},
): Promise<StripeStandIn> {
  const host = opts.host ?? '127.0.0.1';
  let standIn: StripeStandIn | undefined;
  const server = createServer((req, res) => {
    void standIn?.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  standIn = new StripeStandIn(server, host);
  return standIn;
}

/**
 * `tsx tests/stripe/stand-in.ts [--port N] [--platform-key sk_test_…] [--platform-webhook URL --platform-secret whsec_…]`:
 * a stand-in for a whole run (e2e, bench). Prints one JSON line with its URL and the platform account.
 */
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const standIn = await startStripeStandIn({ port: Number(arg('port') ?? 0) });
  const platform = standIn.createAccount({
    name: 'Client Portal platform',
    ...(arg('platform-key') ? { secretKey: arg('platform-key') } : {}),
  });
  const webhook = arg('platform-webhook');
  const endpoint = webhook
    ? standIn.addWebhookEndpoint(platform.accountId, webhook, {
        ...(arg('platform-secret') ? { secret: arg('platform-secret') } : {}),
      })
    : null;
  console.log(JSON.stringify({ url: standIn.url, platform, webhookSecret: endpoint?.secret ?? null }));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void standIn.close().then(() => process.exit(0)));
}
