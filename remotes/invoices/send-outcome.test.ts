import { describe, expect, it } from 'vitest';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { sendOutcome } from './send-outcome';

describe('what sending tells the provider', () => {
  it('says the payment provider created and sent it when Stripe took it (spec §8)', () => {
    const outcome = sendOutcome({ provider: 'stripe', status: 'sent', message: null });
    expect(outcome).toEqual({ tone: 'success', key: 'send.sentViaProvider', detail: null });
    expect(en.send.sentViaProvider).toBe('Invoice created and sent via the payment provider');
    expect(de.send.sentViaProvider).toBe('Rechnung erstellt und über den Zahlungsanbieter versendet');
  });

  it('warns with Stripe’s message when Stripe refused it', () => {
    expect(sendOutcome({ provider: 'stripe', status: 'failed', message: 'Your card was declined.' })).toEqual(
      {
        tone: 'warning',
        key: 'send.providerFailed',
        detail: 'Your card was declined.',
      },
    );
  });

  it('says only "Invoice sent" without Stripe', () => {
    expect(sendOutcome({ provider: 'none', status: 'not_connected', message: null }).key).toBe('send.sent');
    expect(en.send.sent).toBe('Invoice sent');
  });
});
