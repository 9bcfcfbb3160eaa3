import { useEffect, useState } from 'react';
import { ApiError, networkError, toApiError } from '../../../../shared/api/error';
import type { PortalInvoiceDetail } from '../../../../shared/contracts/invoices';
import { call } from '../../api/portal-api';
import { useI18n } from '../../i18n/i18n-context';
import { store, useData } from '../data-store';
import { clientHeaders, fetchBlob } from '../files/file-blobs';
import { portalKeys } from '../portal-data';
import { invoiceRead } from './invoice-events';

/*
 * One of the client's invoices (issue 21): its detail (lines, tax groups, totals, how to pay), its PDF and
 * the card payment. The detail lives under the invoices' store key, so whatever reloads the list (an
 * `invoice_status` activity item, live or from the notification refresh) reloads an open invoice too.
 */

/** While a payment is awaited, the invoice is asked for again this often (the live event usually wins). */
export const PAYMENT_POLL_MS = 3000;
/** …for at most this long; then the page says the payment is still being processed. */
export const PAYMENT_WAIT_MS = 120_000;

const base = (portalId: string, invoiceId: string) =>
  `/api/portal/${encodeURIComponent(portalId)}/invoices/${encodeURIComponent(invoiceId)}`;

/**
 * A JSON call with the client's token (no cookies); an ApiError with the server's message when refused.
 * (The pay call, made in the click: no wait for the typed client's chunk.)
 */
async function request<T>(path: string, network: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'omit',
      headers: {
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...clientHeaders(),
      },
    });
  } catch {
    throw networkError(network);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(body, response, network);
  return body as T;
}

/** One of the client's invoices (another client's, a draft or an unknown id answer 404). */
export function useInvoiceDetail(portalId: string, invoiceId: string, { enabled = true } = {}) {
  const { t } = useI18n();
  return useData(
    portalKeys.invoice(portalId, invoiceId),
    async () => {
      const detail = await call(
        (api) =>
          api.GET('/api/portal/{portalId}/invoices/{invoiceId}', {
            params: { path: { portalId, invoiceId } },
          }),
        t('errors.network'),
      );
      invoiceRead(detail.id, detail.status);
      return detail;
    },
    { enabled },
  );
}

export const isNotFound = (error: Error | null) => error instanceof ApiError && error.status === 404;

/**
 * Asks for the invoice again every PAYMENT_POLL_MS while `active`, for at most PAYMENT_WAIT_MS from when
 * it became active; true once that time is over (the payment is taking longer than usual).
 */
export function usePaymentPolling(portalId: string, invoiceId: string, active: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!active) return;
    setExpired(false);
    const started = Date.now();
    const key = portalKeys.invoice(portalId, invoiceId);
    const timer = window.setInterval(() => {
      if (Date.now() - started >= PAYMENT_WAIT_MS) {
        window.clearInterval(timer);
        setExpired(true);
        return;
      }
      void store.fetch(key);
    }, PAYMENT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [portalId, invoiceId, active]);
  return expired;
}

/** What the client can download of an invoice: its PDF, or its e-invoice as XRechnung XML or ZUGFeRD PDF. */
export type InvoiceFileFormat = 'pdf' | 'xrechnung' | 'zugferd';

/**
 * The invoice's PDF (or its e-invoice: `format`), read with the client's token and saved as `<number>.pdf`
 * (`.xml` for XRechnung); `document_: 'credit_note'` the same of its credit note.
 */
export async function downloadInvoicePdf(
  portalId: string,
  invoice: Pick<PortalInvoiceDetail, 'id' | 'number' | 'creditNoteNumber'>,
  network: string,
  document_: 'invoice' | 'credit_note' = 'invoice',
  format: InvoiceFileFormat = 'pdf',
): Promise<void> {
  const creditNote = document_ === 'credit_note';
  const path = `${creditNote ? 'credit-note/' : ''}${format}`;
  const blob = await fetchBlob(`${base(portalId, invoice.id)}/${path}`, network);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  const name = (creditNote ? invoice.creditNoteNumber : invoice.number) ?? '';
  const extension = format === 'xrechnung' ? 'xml' : 'pdf';
  anchor.download = `${name.replace(/[^\w.-]+/g, '_') || (creditNote ? 'credit-note' : 'invoice')}.${extension}`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Where the payment page opened: this tab (it is leaving), a new tab, or nowhere yet (a link to click). */
export type CheckoutOpened = { kind: 'here' } | { kind: 'tab' } | { kind: 'link'; url: string };

/**
 * Starts a card payment: the API creates a Stripe Checkout session and answers its URL. Standalone, this
 * tab goes there (Stripe returns it to the payment-success page). Inside the widget's iframe, Checkout
 * cannot be shown in the frame (Stripe refuses to be framed) and the frame's session lives in storage the
 * browser partitions or blocks for third parties, so the provider's page stays and Checkout opens in a
 * new top-level tab: opened empty right in the click (a popup needs the click's activation, which an
 * answer that takes a while would outlive), then sent to the URL; the frame follows the payment live.
 * When the browser refused the tab, the caller offers the URL as a link.
 */
export async function startCardPayment(
  portalId: string,
  invoiceId: string,
  { embedded, network }: { embedded: boolean; network: string },
  win: Pick<Window, 'open' | 'location'> = window,
): Promise<CheckoutOpened> {
  const tab = embedded ? win.open('', '_blank') : null;
  if (tab) tab.opener = null;
  let url: string;
  try {
    ({ url } = await request<{ url: string }>(`${base(portalId, invoiceId)}/pay`, network, {
      method: 'POST',
      body: '{}',
    }));
  } catch (error) {
    tab?.close();
    // Paid or cancelled meanwhile, or Stripe disconnected: the invoice as it is now, with the message.
    if (error instanceof ApiError && error.status === 409)
      store.invalidate(portalKeys.invoice(portalId, invoiceId));
    throw error;
  }
  if (!embedded) {
    win.location.assign(url);
    return { kind: 'here' };
  }
  if (tab && !tab.closed) {
    tab.location.href = url;
    return { kind: 'tab' };
  }
  return { kind: 'link', url };
}
