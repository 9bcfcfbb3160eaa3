import { describe, expect, it } from 'vitest';
import { magicLinkMail } from './magic-link';

const portal = { name: 'Acme <Studio>', logoUrl: null, primaryColor: '#be123c', buttonTextColor: '#ffffff' };
const base = { to: 'ada@example.com', name: 'Ada', link: 'https://p.example/portal/auth?token=abc', portal };

describe('magic-link mail', () => {
  it('invites with its own subject and texts, the portal name escaped in HTML', () => {
    const mail = magicLinkMail({ ...base, lang: 'en', purpose: 'invitation' });
    expect(mail.subject).toBe('Acme <Studio> invites you to your client portal');
    expect(mail.text).toContain('Acme <Studio> invites you to its client portal,');
    expect(mail.text).toContain(`Accept invitation: ${base.link}`);
    expect(mail.text).toContain('This invitation is valid for 24 hours and can be used once.');
    expect(mail.html).toContain('Acme &lt;Studio&gt;');
    expect(mail.html).not.toContain('<Studio>');
    expect(mail.html).toContain('background:#be123c');
  });

  it('says the client asked for the link when it was requested, under another subject', () => {
    const en = magicLinkMail({ ...base, lang: 'en', purpose: 'sign-in' });
    expect(en.subject).toBe('Your sign-in link for Acme <Studio>');
    expect(en.text).toContain('You asked to sign in to Acme <Studio>.');
    expect(en.text).not.toContain('invit');
    expect(en.subject).not.toBe(magicLinkMail({ ...base, lang: 'en', purpose: 'invitation' }).subject);
  });

  it('writes both in German, with different subjects', () => {
    const signIn = magicLinkMail({ ...base, lang: 'de', purpose: 'sign-in' });
    expect(signIn.subject).toBe('Ihr Anmeldelink für Acme <Studio>');
    expect(signIn.text).toContain('Sie möchten sich bei Acme <Studio> anmelden.');
    expect(signIn.text).toContain(base.link);
    const invitation = magicLinkMail({ ...base, lang: 'de', purpose: 'invitation' });
    expect(invitation.subject).toBe('Acme <Studio> lädt Sie in Ihr Kundenportal ein');
    expect(invitation.text).toContain(`Einladung annehmen: ${base.link}`);
  });
});
