import { describe, expect, it } from 'vitest';
import { verificationLink, verifyEmailMail } from './verify-email';

describe('verification e-mail', () => {
  const link = verificationLink('https://app.example.com', 'abc-_123');

  it('links to the verify page of the public origin', () => {
    expect(link).toBe('https://app.example.com/auth/verify?token=abc-_123');
  });

  it('escapes the user-supplied name in the HTML and keeps it verbatim in the text part', () => {
    const mail = verifyEmailMail({
      to: 'x@example.com',
      name: '<script>alert("x")</script>',
      lang: 'en',
      link,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(mail.text).toContain('Hi <script>alert("x")</script>,');
  });

  it('is written in the user’s language, with a plain-text alternative', () => {
    const de = verifyEmailMail({ to: 'x@example.com', name: 'Jörg', lang: 'de', link });
    expect(de.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(de.html).toContain('lang="de"');
    expect(de.text).toContain('Hallo Jörg,');
    expect(de.text).toContain(link);
    expect(de.text).toContain('24 Stunden');
    const en = verifyEmailMail({ to: 'x@example.com', name: 'Ada', lang: 'en', link });
    expect(en.subject).toBe('Confirm your e-mail address');
    expect(en.text).toContain('This link is valid for 24 hours.');
    expect(en.html).toContain(`href="${link}"`);
  });
});
