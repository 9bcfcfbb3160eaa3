import type { InvoiceSent } from '../../shared/contracts/invoices';

/**
 * What the provider is told after sending (spec §8): 'Invoice created and sent via the payment provider'
 * when Stripe took it, a warning with Stripe's own message when it refused (the invoice is sent anyway and
 * the push is retried), else 'Invoice sent'. Keys of this section's `send.*` texts.
 */
export function sendOutcome(payment: InvoiceSent['payment']): {
  tone: 'success' | 'warning';
  key: 'send.sentViaProvider' | 'send.providerFailed' | 'send.sent';
  detail: string | null;
} {
  if (payment.provider === 'stripe' && payment.status === 'sent')
    return { tone: 'success', key: 'send.sentViaProvider', detail: null };
  if (payment.provider === 'stripe' && payment.status === 'failed')
    return { tone: 'warning', key: 'send.providerFailed', detail: payment.message };
  return { tone: 'success', key: 'send.sent', detail: null };
}
