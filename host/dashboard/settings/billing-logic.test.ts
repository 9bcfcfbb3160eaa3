import { describe, expect, it } from 'vitest';
import type { InvoiceSettings, Plan } from '../../../shared/contracts/invoices';
import {
  awaitingWebhook,
  canCancel,
  canSubscribe,
  formatTaxRate,
  maskedKey,
  planView,
  toSettingsUpdate,
  toSettingsValues,
} from './billing-logic';

const now = Date.UTC(2026, 10, 26, 12, 0, 0);
const iso = (days: number) => new Date(now + days * 86_400_000).toISOString();
const plan = (over: Partial<Plan>): Plan => ({
  plan: 'trial',
  trialEndsAt: iso(3.2),
  subscription: null,
  billingAvailable: true,
  ...over,
});

describe('planView', () => {
  it('counts the trial’s days left, rounded up', () => {
    expect(planView(plan({}), now)).toEqual({ state: 'trial', daysLeft: 4, trialEndsAt: iso(3.2) });
  });
  it('is expired when the server says so or the end has passed', () => {
    expect(planView(plan({ plan: 'expired', trialEndsAt: iso(-1) }), now).state).toBe('expired');
    expect(planView(plan({ trialEndsAt: iso(-0.001) }), now).state).toBe('expired');
  });
  it('renews a live subscription and ends a cancelled one at the period’s end', () => {
    const live = plan({
      plan: 'premium',
      subscription: { status: 'active', currentPeriodEnd: iso(20), cancelAtPeriodEnd: false },
    });
    expect(planView(live, now)).toEqual({ state: 'premium', renewsAt: iso(20), endsAt: null });
    const ending = plan({
      plan: 'premium',
      subscription: { status: 'active', currentPeriodEnd: iso(20), cancelAtPeriodEnd: true },
    });
    expect(planView(ending, now)).toEqual({ state: 'premium', renewsAt: null, endsAt: iso(20) });
  });
});

describe('canSubscribe / canCancel', () => {
  it('offers Subscribe only where the server can bill and nothing is subscribed', () => {
    expect(canSubscribe(plan({}))).toBe(true);
    expect(canSubscribe(plan({ plan: 'expired' }))).toBe(true);
    expect(canSubscribe(plan({ billingAvailable: false }))).toBe(false);
    expect(canSubscribe(plan({ plan: 'premium' }))).toBe(false);
  });
  it('offers Cancel only for a live subscription not already ending', () => {
    const sub = { status: 'active', currentPeriodEnd: iso(20), cancelAtPeriodEnd: false };
    expect(canCancel(plan({ plan: 'premium', subscription: sub }))).toBe(true);
    expect(canCancel(plan({ plan: 'premium', subscription: { ...sub, cancelAtPeriodEnd: true } }))).toBe(
      false,
    );
    expect(canCancel(plan({}))).toBe(false);
  });
});

describe('awaitingWebhook', () => {
  const premium = plan({
    plan: 'premium',
    subscription: { status: 'active', currentPeriodEnd: iso(20), cancelAtPeriodEnd: false },
  });
  it('waits after Checkout until the plan is premium, for at most 90 s', () => {
    expect(awaitingWebhook(plan({}), now, null, now + 1_000)).toBe(true);
    expect(awaitingWebhook(premium, now, null, now + 1_000)).toBe(false);
    expect(awaitingWebhook(plan({}), now, null, now + 90_000)).toBe(false);
    expect(awaitingWebhook(plan({}), null, null, now)).toBe(false);
  });
  it('waits after a cancellation until Stripe confirms it', () => {
    expect(awaitingWebhook(premium, null, now, now + 1_000)).toBe(true);
    const ending = {
      ...premium,
      subscription: { status: 'active', currentPeriodEnd: iso(20), cancelAtPeriodEnd: true },
    };
    expect(awaitingWebhook(ending, null, now, now + 1_000)).toBe(false);
  });
});

describe('maskedKey', () => {
  it('shows only the last four characters', () => {
    expect(maskedKey('4242')).toBe('••••4242');
  });
});

describe('invoice settings form', () => {
  const settings: InvoiceSettings = {
    numberPrefix: 'INV-',
    creditNotePrefix: 'CN-',
    nextNumber: 7,
    quotePrefix: 'Q-',
    nextQuoteNumber: 1,
    defaultQuoteValidDays: 30,
    legalName: null,
    street: 'Hauptstraße 1',
    postcode: '10115',
    city: 'Berlin',
    country: 'DE',
    taxNumber: null,
    vatId: 'DE123456789',
    taxMode: 'standard',
    businessNote: null,
    phone: '+49 30 1234567',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    attachEInvoice: true,
    paymentInstructions: null,
    footerNote: null,
    defaultDueDays: 14,
    defaultTaxRateBp: 750,
  };

  it('shows the tax rate as a percent in the interface’s notation', () => {
    expect(formatTaxRate(1900, 'en')).toBe('19');
    expect(formatTaxRate(750, 'en')).toBe('7.5');
    expect(formatTaxRate(750, 'de')).toBe('7,5');
    expect(formatTaxRate(1, 'en')).toBe('0.01');
    expect(formatTaxRate(null, 'en')).toBe('');
    expect(toSettingsValues(settings, 'de').defaultTaxRate).toBe('7,5');
  });

  it('round-trips the stored settings into the same PATCH body', () => {
    const result = toSettingsUpdate(toSettingsValues(settings, 'de'));
    const { nextNumber: _, nextQuoteNumber: __, ...stored } = settings;
    expect(result).toEqual({ ok: true, body: stored });
  });

  it('sends empty texts as null and an empty tax rate as no default', () => {
    const values = { ...toSettingsValues(settings, 'en'), vatId: '  ', defaultTaxRate: '' };
    const result = toSettingsUpdate(values);
    expect(result.ok && result.body.vatId).toBeNull();
    const wrong = toSettingsUpdate({ ...toSettingsValues(settings, 'en'), vatId: 'DE12345' });
    expect(wrong.ok ? null : wrong.errors.vatId).toBe('validation.vatIdShape');
    const iban = toSettingsUpdate({
      ...toSettingsValues(settings, 'en'),
      iban: 'DE89 3704 0044 0532 0130 01',
    });
    expect(iban.ok ? null : iban.errors.iban).toBe('validation.ibanInvalid');
    expect(result.ok && result.body.defaultTaxRateBp).toBeNull();
  });

  it('refuses a payment term or tax rate out of range, naming the field', () => {
    const values = toSettingsValues(settings, 'en');
    expect(toSettingsUpdate({ ...values, defaultDueDays: '366' })).toEqual({
      ok: false,
      errors: { defaultDueDays: 'settings:invoices.dueDaysInvalid' },
    });
    expect(toSettingsUpdate({ ...values, defaultDueDays: '1.5' }).ok).toBe(false);
    expect(toSettingsUpdate({ ...values, defaultTaxRate: '100.01' })).toEqual({
      ok: false,
      errors: { defaultTaxRateBp: 'settings:invoices.taxRateInvalid' },
    });
    expect(toSettingsUpdate({ ...values, defaultTaxRate: 'abc' }).ok).toBe(false);
    const full = toSettingsUpdate({ ...values, defaultTaxRate: '19,5' });
    expect(full.ok && full.body.defaultTaxRateBp).toBe(1950);
  });
});
