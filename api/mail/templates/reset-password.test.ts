import { describe, expect, it } from 'vitest';
import { passwordResetLink, passwordResetMail } from './reset-password';

describe('password-reset e-mail', () => {
  const link = passwordResetLink('https://app.example.com', 'abc-_123');

  it('links to the reset page of the public origin', () => {
    expect(link).toBe('https://app.example.com/auth/reset-password?token=abc-_123');
  });

  it('escapes the user-supplied name in the HTML and keeps it verbatim in the text part', () => {
    const mail = passwordResetMail({ to: 'x@example.com', name: '<b>Eve</b>', lang: 'en', link });
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.text).toContain('Hi <b>Eve</b>,');
  });

  it('is written in the user’s language with its own subject, and says how long the link lasts', () => {
    const en = passwordResetMail({ to: 'x@example.com', name: 'Ada', lang: 'en', link });
    expect(en.kind).toBe('password_reset');
    expect(en.subject).toBe('Reset your password');
    expect(en.text).toContain('This link is valid for 1 hour and can be used once.');
    expect(en.html).toContain(`href="${link}"`);
    const de = passwordResetMail({ to: 'x@example.com', name: 'Jörg', lang: 'de', link });
    expect(de.subject).toBe('Setzen Sie Ihr Passwort zurück');
    expect(de.html).toContain('lang="de"');
    expect(de.text).toContain('Hallo Jörg,');
    expect(de.text).toContain('1 Stunde gültig');
    expect(de.text).toContain(link);
  });
});
