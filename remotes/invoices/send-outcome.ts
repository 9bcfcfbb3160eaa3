import type { InvoiceSent } from '../../shared/contracts/invoices';

/**
 * What the provider is told right after sending: 'Invoice sent', and with Stripe connected that it is
 * being created there (a job queued with the send; the invoice page follows it and says 'Invoice created
 * and sent via the payment provider', spec §8, once Stripe has it). Keys of this section's `send.*` texts.
 */
export function sendOutcome(payment: InvoiceSent['payment']): {
  tone: 'success';
  key: 'send.sent';
  detail: 'send.providerPending' | null;
} {
  return {
    tone: 'success',
    key: 'send.sent',
    detail: payment.provider === 'stripe' && payment.status === 'pending' ? 'send.providerPending' : null,
  };
}
