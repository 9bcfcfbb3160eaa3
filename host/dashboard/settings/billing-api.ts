import { readResponse } from '../../../shared/api/call';
import { networkError } from '../../../shared/api/error';
import type { InvoiceSettings, Plan, StripeConnection } from '../../../shared/contracts/invoices';
import { PLAN_QUERY_KEY } from '../shell/plan-state';

/**
 * The settings page's calls about money: the provider's plan, their Stripe connection and invoice settings
 * (issue 21's route table), typed by the shared contracts. Plain `fetch` through the API kit's unwrapper
 * (`readResponse`: data or a thrown ApiError with the translated message and field errors), with the same
 * headers as the typed client (interface language; JSON bodies, which the CSRF check requires).
 */
async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': document.documentElement.lang || 'en',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const sent = fetch(path, {
    method,
    credentials: 'same-origin',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (method === 'DELETE') {
    // 204 has no body to read; a failure still has the uniform error body.
    const response = await sent.catch(() => {
      throw networkError();
    });
    if (response.status === 204) return undefined as T;
    return readResponse<T>(Promise.resolve(response));
  }
  return readResponse<T>(sent);
}

export type InvoiceSettingsUpdate = Partial<Omit<InvoiceSettings, 'nextNumber'>>;

export const billingApi = {
  plan: () => request<Plan>('GET', '/api/plan'),
  checkout: () => request<{ url: string }>('POST', '/api/plan/checkout', {}),
  cancel: () => request<Plan>('POST', '/api/plan/cancel', {}),
  stripe: () => request<StripeConnection>('GET', '/api/payments/stripe'),
  connectStripe: (body: { secretKey: string; webhookSecret?: string }) =>
    request<StripeConnection>('PUT', '/api/payments/stripe', body),
  disconnectStripe: () => request<void>('DELETE', '/api/payments/stripe'),
  invoiceSettings: () => request<InvoiceSettings>('GET', '/api/invoice-settings'),
  updateInvoiceSettings: (body: InvoiceSettingsUpdate) =>
    request<InvoiceSettings>('PATCH', '/api/invoice-settings', body),
};

export const billingKeys = {
  plan: PLAN_QUERY_KEY,
  stripe: ['payments', 'stripe'] as const,
  invoiceSettings: ['invoice-settings'] as const,
};
