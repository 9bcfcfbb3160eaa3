import { describe, expect, it } from 'vitest';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { sendOutcome } from './send-outcome';

describe('what sending tells the provider', () => {
  it('says the invoice is sent and is being created in Stripe when Stripe is connected', () => {
    expect(sendOutcome({ provider: 'stripe', status: 'pending' })).toEqual({
      tone: 'success',
      key: 'send.sent',
      detail: 'send.providerPending',
    });
    expect(en.send.providerPending).toBe('It is being created in your Stripe account.');
    expect(de.send.providerPending).toBe('Sie wird gerade in Ihrem Stripe-Konto angelegt.');
  });

  it('says only "Invoice sent" without Stripe', () => {
    expect(sendOutcome({ provider: 'none', status: 'not_connected' })).toEqual({
      tone: 'success',
      key: 'send.sent',
      detail: null,
    });
    expect(en.send.sent).toBe('Invoice sent');
  });
});
