import Stripe from 'stripe';

/*
 * The objects the stand-in stores and answers with, typed by the SDK's own declarations (API version
 * `Stripe.API_VERSION`): what a test or the app reads from them is what the SDK promises. Fields the
 * product never reads get Stripe's values for a plain test-mode account (nulls, empty lists).
 */

const now = () => Math.floor(Date.now() / 1000);

export function emptyList<T>(url: string, data: T[] = []): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: false, url };
}

export function account(id: string, name: string): Stripe.Account {
  return {
    id,
    object: 'account',
    business_profile: {
      annual_revenue: null,
      estimated_worker_count: null,
      mcc: null,
      minority_owned_business_designation: null,
      monthly_estimated_revenue: { amount: 0, currency: 'eur' },
      name,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      specified_commercial_transactions_act_url: null,
      url: null,
    },
    business_type: 'individual',
    charges_enabled: true,
    country: 'DE',
    created: now(),
    default_currency: 'eur',
    details_submitted: true,
    email: null,
    payouts_enabled: true,
    settings: null,
    type: 'standard',
  } satisfies Stripe.Account;
}

export function customer(
  id: string,
  params: { email: string | null; name: string | null; metadata: Record<string, string> },
  livemode: boolean,
): Stripe.Customer {
  return {
    id,
    object: 'customer',
    balance: 0,
    created: now(),
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: params.email,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode,
    metadata: params.metadata,
    name: params.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  } satisfies Stripe.Customer;
}

export function invoiceItem(
  id: string,
  params: {
    customer: string;
    amount: number;
    currency: string;
    description: string | null;
    invoice: string | null;
    metadata: Record<string, string>;
  },
  livemode: boolean,
): Stripe.InvoiceItem {
  const created = now();
  return {
    id,
    object: 'invoiceitem',
    amount: params.amount,
    currency: params.currency,
    customer: params.customer,
    customer_account: null,
    date: created,
    description: params.description,
    discountable: true,
    discounts: [],
    invoice: params.invoice,
    livemode,
    metadata: params.metadata,
    net_amount: params.amount,
    parent: null,
    period: { start: created, end: created },
    pricing: null,
    proration: false,
    quantity: 1,
    quantity_decimal: Stripe.Decimal.from('1'),
    tax_rates: [],
    test_clock: null,
  };
}

export function invoiceLine(item: Stripe.InvoiceItem, invoiceId: string): Stripe.InvoiceLineItem {
  return {
    id: `il_${item.id.slice(3)}`,
    object: 'line_item',
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: item.livemode,
    metadata: item.metadata ?? {},
    parent: {
      invoice_item_details: {
        invoice_item: item.id,
        proration: false,
        proration_details: null,
        subscription: null,
      },
      subscription_item_details: null,
      type: 'invoice_item_details',
    },
    period: item.period,
    pretax_credit_amounts: [],
    pricing: null,
    quantity: 1,
    quantity_decimal: Stripe.Decimal.from('1'),
    subtotal: item.amount,
    taxes: [],
  } as unknown as Stripe.InvoiceLineItem;
}

export function invoice(
  id: string,
  params: {
    customer: Stripe.Customer;
    currency: string;
    collectionMethod: Stripe.Invoice.CollectionMethod;
    daysUntilDue: number | null;
    description: string | null;
    metadata: Record<string, string>;
    accountName: string;
  },
  livemode: boolean,
): Stripe.Invoice {
  const created = now();
  return {
    id,
    object: 'invoice',
    account_country: 'DE',
    account_name: params.accountName,
    account_tax_ids: null,
    amount_due: 0,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: false,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: 'manual',
    collection_method: params.collectionMethod,
    created,
    currency: params.currency,
    custom_fields: null,
    customer: params.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: params.customer.email ?? null,
    customer_name: params.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: params.description,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: emptyList(`/v1/invoices/${id}/lines`),
    livemode,
    metadata: params.metadata,
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: null,
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: created,
    period_start: created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: 0,
    subtotal_excluding_tax: 0,
    test_clock: null,
    total: 0,
    total_discount_amounts: [],
    total_excluding_tax: 0,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  } satisfies Stripe.Invoice;
}

export function checkoutSession(
  id: string,
  params: {
    mode: Stripe.Checkout.Session.Mode;
    customer: string | null;
    currency: string;
    amountTotal: number;
    successUrl: string | null;
    cancelUrl: string | null;
    metadata: Record<string, string>;
    clientReferenceId: string | null;
    url: string;
    expiresAt: number;
  },
  livemode: boolean,
): Stripe.Checkout.Session {
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: params.amountTotal,
    amount_total: params.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: params.cancelUrl,
    client_reference_id: params.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now(),
    currency: params.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: params.customer,
    customer_account: null,
    customer_creation: params.customer ? null : 'if_required',
    customer_details: null,
    customer_email: null,
    discounts: [],
    expires_at: params.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode,
    locale: null,
    managed_payments: null,
    metadata: params.metadata,
    mode: params.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: params.mode === 'subscription' ? 'always' : null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: params.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: params.url,
    wallet_options: null,
  } satisfies Stripe.Checkout.Session;
}

export function subscription(
  id: string,
  params: {
    customer: string;
    currency: string;
    unitAmount: number;
    interval: 'day' | 'week' | 'month' | 'year';
    productName: string;
    metadata: Record<string, string>;
  },
  livemode: boolean,
): Stripe.Subscription {
  const start = now();
  const end = start + (params.interval === 'year' ? 365 : params.interval === 'week' ? 7 : 30) * 86400;
  const item = {
    id: `si_${id.slice(4)}`,
    object: 'subscription_item',
    billing_thresholds: null,
    created: start,
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: {},
    price: {
      id: `price_${id.slice(4)}`,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: start,
      currency: params.currency,
      custom_unit_amount: null,
      livemode,
      lookup_key: null,
      metadata: {},
      nickname: params.productName,
      product: `prod_${id.slice(4)}`,
      recurring: {
        interval: params.interval,
        interval_count: 1,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'recurring',
      unit_amount: params.unitAmount,
      unit_amount_decimal: String(params.unitAmount),
    },
    quantity: 1,
    subscription: id,
    tax_rates: [],
  } as unknown as Stripe.SubscriptionItem;
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: params.currency,
    customer: params.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: emptyList(`/v1/subscription_items?subscription=${id}`, [item]),
    latest_invoice: null,
    livemode,
    managed_payments: null,
    metadata: params.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: null,
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: null,
    trial_start: null,
  } satisfies Stripe.Subscription;
}

export function webhookEndpoint(
  id: string,
  params: { url: string; enabledEvents: string[]; secret: string; description: string | null },
  livemode: boolean,
): Stripe.WebhookEndpoint {
  return {
    id,
    object: 'webhook_endpoint',
    api_version: Stripe.API_VERSION,
    application: null,
    created: now(),
    description: params.description,
    enabled_events: params.enabledEvents,
    livemode,
    metadata: {},
    secret: params.secret,
    status: 'enabled',
    url: params.url,
  } satisfies Stripe.WebhookEndpoint;
}

/**
 * A payment of an invoice (`invoice_payment`): the default one Stripe makes when the invoice is finalised
 * (open, for its PaymentIntent), paid when the payer pays the hosted page; a payment recorded outside
 * Stripe (paid out of band) is a `payment_record` one.
 */
export function invoicePayment(
  id: string,
  params: {
    invoice: string;
    amount: number;
    currency: string;
    isDefault: boolean;
    payment:
      | { type: 'payment_intent'; payment_intent: string }
      | { type: 'payment_record'; payment_record: string };
    status: 'open' | 'paid' | 'canceled';
  },
  livemode: boolean,
): Stripe.InvoicePayment {
  const at = now();
  return {
    id,
    object: 'invoice_payment',
    amount_paid: params.status === 'paid' ? params.amount : null,
    amount_requested: params.amount,
    created: at,
    currency: params.currency,
    invoice: params.invoice,
    is_default: params.isDefault,
    livemode,
    payment: params.payment,
    status: params.status,
    status_transitions: {
      canceled_at: params.status === 'canceled' ? at : null,
      paid_at: params.status === 'paid' ? at : null,
    },
  } satisfies Stripe.InvoicePayment;
}

/** A refund of (part of) a PaymentIntent's charge; card refunds succeed at once in test mode. */
export function refund(
  id: string,
  params: {
    amount: number;
    currency: string;
    charge: string;
    paymentIntent: string;
    customer: string | null;
    reason: Stripe.Refund.Reason | null;
    metadata: Record<string, string>;
  },
): Stripe.Refund {
  return {
    id,
    object: 'refund',
    amount: params.amount,
    balance_transaction: `txn_${id.slice(3)}`,
    charge: params.charge,
    created: now(),
    currency: params.currency,
    customer: params.customer,
    customer_account: null,
    destination_details: {
      card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
      type: 'card',
    } as Stripe.Refund.DestinationDetails,
    metadata: params.metadata,
    payment_intent: params.paymentIntent,
    payment_method: `pm_${id.slice(3)}`,
    reason: params.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  } satisfies Stripe.Refund;
}

/** An event as Stripe delivers it (`object: 'event'`), around a copy of the object it is about. */
export function event(
  id: string,
  type: string,
  object: unknown,
  params: { account?: string; livemode: boolean; created?: number; previousAttributes?: unknown },
): Stripe.Event {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: params.created ?? now(),
    data: {
      object: JSON.parse(JSON.stringify(object)),
      ...(params.previousAttributes ? { previous_attributes: params.previousAttributes } : {}),
    },
    livemode: params.livemode,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event;
}

/** A credit note of an amount on an open invoice (pre-payment: it lowers what the invoice asks for). */
export function creditNote(
  id: string,
  params: {
    invoice: string;
    customer: string;
    amount: number;
    currency: string;
    memo: string | null;
    metadata: Record<string, string>;
    livemode: boolean;
  },
): Stripe.CreditNote {
  const at = now();
  return {
    id,
    object: 'credit_note',
    amount: params.amount,
    amount_shipping: 0,
    created: at,
    currency: params.currency,
    customer: params.customer,
    customer_balance_transaction: null,
    discount_amount: 0,
    discount_amounts: [],
    effective_at: at,
    invoice: params.invoice,
    lines: emptyList(`/v1/credit_notes/${id}/lines`, []),
    livemode: params.livemode,
    memo: params.memo,
    metadata: params.metadata,
    number: `CN-${id.slice(3, 11).toUpperCase()}`,
    out_of_band_amount: null,
    pdf: `https://pay.stripe.com/credit_notes/${id}/pdf`,
    post_payment_amount: 0,
    pre_payment_amount: params.amount,
    pretax_credit_amounts: [],
    reason: null,
    refunds: [],
    shipping_cost: null,
    status: 'issued',
    subtotal: params.amount,
    subtotal_excluding_tax: params.amount,
    total: params.amount,
    total_excluding_tax: params.amount,
    total_taxes: [],
    type: 'pre_payment',
    voided_at: null,
  } as unknown as Stripe.CreditNote;
}

/** A saved card (`pm_…`), attached to a customer once a setup succeeded. */
export function cardPaymentMethod(
  id: string,
  params: { customer: string | null; brand: string; last4: string; expMonth: number; expYear: number },
  livemode: boolean,
): Stripe.PaymentMethod {
  return {
    id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: params.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'DE',
      display_brand: params.brand,
      exp_month: params.expMonth,
      exp_year: params.expYear,
      fingerprint: id.slice(3, 19),
      funding: 'credit',
      generated_from: null,
      last4: params.last4,
      networks: { available: [params.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: now(),
    customer: params.customer,
    customer_account: null,
    livemode,
    metadata: {},
    type: 'card',
  } as Stripe.PaymentMethod;
}

/** A SetupIntent as a setup-mode Checkout Session leaves it: succeeded, its card saved for off-session use. */
export function setupIntent(
  id: string,
  params: { customer: string | null; paymentMethod: string | null; metadata: Record<string, string> },
  livemode: boolean,
): Stripe.SetupIntent {
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${id.slice(5, 15)}`,
    created: now(),
    customer: params.customer,
    description: null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode,
    mandate: null,
    metadata: params.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: params.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: params.paymentMethod ? 'succeeded' : 'requires_payment_method',
    usage: 'off_session',
  } as Stripe.SetupIntent;
}

/** A PaymentIntent as Stripe answers it (the stand-in's record of one, made whole). */
export function paymentIntent(
  params: {
    id: string;
    amount: number;
    currency: string;
    customer: string | null;
    paymentMethod: string | null;
    charge: string | null;
    status: Stripe.PaymentIntent.Status;
    metadata: Record<string, string>;
    description: string | null;
    lastError: Stripe.PaymentIntent.LastPaymentError | null;
  },
  livemode: boolean,
): Stripe.PaymentIntent {
  return {
    id: params.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: params.amount,
    amount_capturable: 0,
    amount_received: params.status === 'succeeded' ? params.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${params.id}_secret_${params.id.slice(3, 13)}`,
    confirmation_method: 'automatic',
    created: now(),
    currency: params.currency,
    customer: params.customer,
    customer_account: null,
    description: params.description,
    excluded_payment_method_types: null,
    last_payment_error: params.lastError,
    latest_charge: params.charge,
    livemode,
    managed_payments: null,
    metadata: params.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: params.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: params.status,
    transfer_group: null,
  } as Stripe.PaymentIntent;
}
