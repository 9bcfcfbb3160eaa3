import { describe, expect, it } from 'vitest';
import { autopayReceiptMail } from './autopay-receipt';

describe('autopayReceiptMail', () => {
  const input = {
    to: 'kunde@example.com',
    name: 'Kunde',
    sender: 'Studio Berg',
    number: 'RE-0007',
    amountCents: 59_500,
    currency: 'EUR',
    last4: '4242',
    link: 'https://app.example/portal/p1/invoices/i1',
  };

  it('says in English which card paid which invoice, and links to it', () => {
    const mail = autopayReceiptMail({ ...input, lang: 'en' });
    expect(mail.kind).toBe('autopay_receipt');
    expect(mail.subject).toBe('Receipt: invoice RE-0007 from Studio Berg paid automatically');
    expect(mail.text).toContain('was paid automatically by card ••••4242');
    expect(mail.text).toContain('€595.00');
    expect(mail.text).toContain(input.link);
    expect(mail.html).toContain(input.link);
  });

  it('speaks German to a German invoice', () => {
    const mail = autopayReceiptMail({ ...input, lang: 'de' });
    expect(mail.subject).toBe('Beleg: Rechnung RE-0007 von Studio Berg automatisch bezahlt');
    expect(mail.text).toContain('automatisch mit der Karte ••••4242 bezahlt');
    expect(mail.text).toMatch(/595,00\s€/);
  });

  it('names no digits it does not know', () => {
    expect(autopayReceiptMail({ ...input, lang: 'en', last4: null }).text).toContain('your saved card');
  });
});
