import { describe, expect, it } from 'vitest';
import { invoiceSentMail } from './invoice-sent';

const base = {
  to: 'client@example.com',
  name: 'Ada <Demo>',
  sender: 'Demo & Studio',
  number: 'INV-0007',
  amountCents: 123_456,
  currency: 'EUR',
  dueDate: '2026-12-31',
  link: 'https://portal.example.com/portal/p1/invoices',
};

describe('the invoice e-mail', () => {
  it('names number, amount and due date in English', () => {
    const mail = invoiceSentMail({ ...base, lang: 'en', currency: 'USD' });
    expect(mail.subject).toBe('Invoice INV-0007 from Demo & Studio');
    expect(mail.kind).toBe('invoice_sent');
    expect(mail.text).toContain('$1,234.56');
    expect(mail.text).toContain('12/31/2026');
    expect(mail.text).toContain(base.link);
    expect(mail.html).toContain('Ada &lt;Demo&gt;');
    expect(mail.html).not.toContain('<Demo>');
  });

  it('in German: amount and date as Germans write them', () => {
    const mail = invoiceSentMail({ ...base, lang: 'de' });
    expect(mail.subject).toBe('Rechnung INV-0007 von Demo & Studio');
    expect(mail.text).toMatch(/1\.234,56\s€/);
    expect(mail.text).toContain('31.12.2026');
    expect(mail.text).toContain('Ihre Rechnungen ansehen');
  });

  it('says nothing of a due date when there is none', () => {
    const mail = invoiceSentMail({ ...base, lang: 'en', dueDate: null });
    expect(mail.text).not.toContain('Please pay it by');
    expect(mail.text).toContain('view it, download it');
  });
});
