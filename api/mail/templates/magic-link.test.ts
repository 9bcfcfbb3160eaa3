import { describe, expect, it } from 'vitest';
import { magicLinkMail } from './magic-link';

const portal = { name: 'Acme <Studio>', logoUrl: null, primaryColor: '#be123c', buttonTextColor: '#ffffff' };
const base = { to: 'ada@example.com', name: 'Ada', link: 'https://p.example/portal/auth?token=abc', portal };

describe('magic-link mail', () => {
  it('invites in English by default, with the portal name escaped in HTML', () => {
    const mail = magicLinkMail({ ...base, lang: 'en' });
    expect(mail.subject).toBe('Your sign-in link for Acme <Studio>');
    expect(mail.text).toContain('Acme <Studio> invites you to its client portal.');
    expect(mail.html).toContain('Acme &lt;Studio&gt;');
    expect(mail.html).not.toContain('<Studio>');
    expect(mail.html).toContain('background:#be123c');
  });

  it('says the client asked for the link when it was requested, in the client language', () => {
    const en = magicLinkMail({ ...base, lang: 'en', purpose: 'sign-in' });
    expect(en.text).toContain('You asked to sign in to Acme <Studio>.');
    expect(en.text).not.toContain('invites you');
    const de = magicLinkMail({ ...base, lang: 'de', purpose: 'sign-in' });
    expect(de.subject).toBe('Ihr Anmeldelink für Acme <Studio>');
    expect(de.text).toContain('Sie möchten sich bei Acme <Studio> anmelden.');
    expect(de.text).toContain(base.link);
  });
});
