import type { InvoiceSettings, Plan } from '../../../shared/contracts/invoices';
import { ibanValid, normalizeIban, type TaxMode, vatIdProblem } from '../../../shared/contracts/legal';
import { MAX_TAX_RATE_BP, parseTaxRate } from '../../../shared/contracts/money';
import type { InvoiceSettingsUpdate } from './billing-api';

/* The settings page's money logic, kept out of the components so it is tested on its own. */

export type PlanView =
  | { state: 'trial'; daysLeft: number; trialEndsAt: string }
  | { state: 'expired'; trialEndsAt: string }
  | { state: 'premium'; renewsAt: string | null; endsAt: string | null }
  | { state: 'self_hosted' };

/**
 * What the plan card says: the trial's days left (rounded up), expired, or premium with the date it renews
 * or, once cancelled, ends (`cancelAtPeriodEnd`); self-hosted on a server without platform billing.
 */
export function planView(plan: Plan, now = Date.now()): PlanView {
  if (plan.plan === 'self_hosted') return { state: 'self_hosted' };
  if (plan.plan === 'premium') {
    const end = plan.subscription?.currentPeriodEnd ?? null;
    const ending = plan.subscription?.cancelAtPeriodEnd === true;
    return { state: 'premium', renewsAt: ending ? null : end, endsAt: ending ? end : null };
  }
  const ms = Date.parse(plan.trialEndsAt) - now;
  if (plan.plan === 'trial' && ms > 0)
    return { state: 'trial', daysLeft: Math.ceil(ms / 86_400_000), trialEndsAt: plan.trialEndsAt };
  return { state: 'expired', trialEndsAt: plan.trialEndsAt };
}

/** Whether the card offers Subscribe: the server can bill, and there is no subscription to keep. */
export const canSubscribe = (plan: Plan): boolean => plan.billingAvailable && plan.plan !== 'premium';

/** Whether the card offers Cancel: a live subscription that is not already ending. */
export const canCancel = (plan: Plan): boolean =>
  plan.plan === 'premium' && plan.subscription !== null && !plan.subscription.cancelAtPeriodEnd;

/** How often the plan card asks again while it waits for Stripe's webhook, and for how long at most. */
export const PLAN_POLL_MS = 2_000;
export const PLAN_POLL_FOR_MS = 90_000;

/**
 * Whether the plan card is waiting for a webhook: back from Checkout (`waitSince`) and not premium yet, or
 * a cancellation asked for (`cancelSince`) that Stripe has not confirmed yet; never longer than
 * PLAN_POLL_FOR_MS.
 */
export function awaitingWebhook(
  plan: Plan | undefined,
  waitSince: number | null,
  cancelSince: number | null,
  now: number,
): boolean {
  const fresh = (since: number | null) => since !== null && now - since < PLAN_POLL_FOR_MS;
  if (fresh(waitSince) && plan?.plan !== 'premium') return true;
  return fresh(cancelSince) && plan?.subscription?.cancelAtPeriodEnd !== true;
}

/** The key as the connected card shows it: `••••` and its last four characters. */
export const maskedKey = (last4: string | null): string => `••••${last4 ?? ''}`;

/** The invoice settings form's values: everything as the inputs hold it (text). */
export interface InvoiceSettingsValues {
  numberPrefix: string;
  creditNotePrefix: string;
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  taxNumber: string;
  vatId: string;
  taxMode: TaxMode;
  businessNote: string;
  phone: string;
  iban: string;
  bic: string;
  attachEInvoice: boolean;
  paymentInstructions: string;
  footerNote: string;
  defaultDueDays: string;
  defaultTaxRate: string;
  /** Quotes (issue 28): their number prefix and how many days a new one is valid. */
  quotePrefix: string;
  defaultQuoteValidDays: string;
}

/** Basis points → the percent as typed ("19", "7.5"; "7,5" in German). */
export function formatTaxRate(bp: number | null, language: string): string {
  if (bp === null) return '';
  const text = (bp / 100).toFixed(2).replace(/\.?0+$/, '');
  return language === 'de' ? text.replace('.', ',') : text;
}

export function toSettingsValues(settings: InvoiceSettings, language: string): InvoiceSettingsValues {
  return {
    numberPrefix: settings.numberPrefix,
    creditNotePrefix: settings.creditNotePrefix,
    legalName: settings.legalName ?? '',
    street: settings.street ?? '',
    postcode: settings.postcode ?? '',
    city: settings.city ?? '',
    country: settings.country ?? '',
    taxNumber: settings.taxNumber ?? '',
    vatId: settings.vatId ?? '',
    taxMode: settings.taxMode,
    businessNote: settings.businessNote ?? '',
    phone: settings.phone ?? '',
    iban: settings.iban ?? '',
    bic: settings.bic ?? '',
    attachEInvoice: settings.attachEInvoice,
    paymentInstructions: settings.paymentInstructions ?? '',
    footerNote: settings.footerNote ?? '',
    defaultDueDays: String(settings.defaultDueDays),
    defaultTaxRate: formatTaxRate(settings.defaultTaxRateBp, language),
    quotePrefix: settings.quotePrefix,
    defaultQuoteValidDays: String(settings.defaultQuoteValidDays),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The form's values as the PATCH body, or the fields the browser can already tell are wrong (i18n keys,
 * as the contract's): payment term a whole number of days 0–365, tax rate a percent 0–100 with at most two
 * decimals (empty: no default rate). The server checks everything again.
 */
export function toSettingsUpdate(
  values: InvoiceSettingsValues,
): { ok: true; body: InvoiceSettingsUpdate } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const days = values.defaultDueDays.trim();
  const dueDays = /^\d{1,3}$/.test(days) ? Number(days) : Number.NaN;
  if (!(dueDays >= 0 && dueDays <= 365)) errors.defaultDueDays = 'settings:invoices.dueDaysInvalid';
  const valid = values.defaultQuoteValidDays.trim();
  const validDays = /^\d{1,3}$/.test(valid) ? Number(valid) : Number.NaN;
  if (!(validDays >= 1 && validDays <= 365))
    errors.defaultQuoteValidDays = 'settings:invoices.quoteValidDaysInvalid';
  const rateText = values.defaultTaxRate.trim();
  const rate = rateText === '' ? null : parseTaxRate(rateText);
  if (rateText !== '' && (rate === null || rate > MAX_TAX_RATE_BP))
    errors.defaultTaxRateBp = 'settings:invoices.taxRateInvalid';
  // The VAT id's shape per country prefix, as the server checks it (shared/contracts/legal.ts).
  const vatProblem = values.vatId.trim() ? vatIdProblem(values.vatId) : null;
  if (vatProblem) errors.vatId = vatProblem;
  if (values.iban.trim() && !ibanValid(normalizeIban(values.iban))) errors.iban = 'validation.ibanInvalid';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      numberPrefix: values.numberPrefix.trim(),
      creditNotePrefix: values.creditNotePrefix.trim(),
      legalName: orNull(values.legalName),
      street: orNull(values.street),
      postcode: orNull(values.postcode),
      city: orNull(values.city),
      country: orNull(values.country),
      taxNumber: orNull(values.taxNumber),
      vatId: orNull(values.vatId),
      taxMode: values.taxMode,
      businessNote: orNull(values.businessNote),
      phone: orNull(values.phone),
      iban: orNull(values.iban),
      bic: orNull(values.bic),
      attachEInvoice: values.attachEInvoice,
      paymentInstructions: orNull(values.paymentInstructions),
      footerNote: orNull(values.footerNote),
      defaultDueDays: dueDays,
      defaultTaxRateBp: rate,
      quotePrefix: values.quotePrefix.trim(),
      defaultQuoteValidDays: validDays,
    },
  };
}
