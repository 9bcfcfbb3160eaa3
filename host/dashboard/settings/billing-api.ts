import { callApi } from '../../../shared/api/call';
import { api } from '../../../shared/api/client';
import type { InvoiceSettings, Plan, StripeConnection } from '../../../shared/contracts/invoices';
import { PLAN_QUERY_KEY } from '../shell/plan-state';

/**
 * The settings page's calls about money (issue 21's route table): the provider's plan, their Stripe
 * connection and invoice settings, through the typed client (loaded with the settings page, like
 * `dashboardApi`); each resolves with the data or throws an ApiError (translated message, field errors).
 */

export type InvoiceSettingsUpdate = Partial<Omit<InvoiceSettings, 'nextNumber'>>;

export const billingApi = {
  plan: () => callApi(() => api.GET('/api/plan')) as Promise<Plan>,
  checkout: () => callApi(() => api.POST('/api/plan/checkout')) as Promise<{ url: string }>,
  cancel: () => callApi(() => api.POST('/api/plan/cancel')) as Promise<Plan>,
  stripe: () => callApi(() => api.GET('/api/payments/stripe')) as Promise<StripeConnection>,
  connectStripe: (body: { secretKey: string; webhookSecret?: string }) =>
    callApi(() => api.PUT('/api/payments/stripe', { body })) as Promise<StripeConnection>,
  disconnectStripe: () => callApi(() => api.DELETE('/api/payments/stripe')),
  invoiceSettings: () => callApi(() => api.GET('/api/invoice-settings')) as Promise<InvoiceSettings>,
  updateInvoiceSettings: (body: InvoiceSettingsUpdate) =>
    callApi(() => api.PATCH('/api/invoice-settings', { body })) as Promise<InvoiceSettings>,
};

export const billingKeys = {
  plan: PLAN_QUERY_KEY,
  stripe: ['payments', 'stripe'] as const,
  invoiceSettings: ['invoice-settings'] as const,
};
