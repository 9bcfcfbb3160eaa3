import { describe, expect, it } from 'vitest';
import { domainRevokedMail } from './domain-revoked';

describe('domain revoked e-mail', () => {
  const base = {
    to: 'ada@example.com',
    name: 'Ada',
    domain: 'portal.example-agency.com',
    portalName: 'Analytical Studio',
    link: 'https://app.example.com/dashboard/portals/p1/domain',
    days: 7,
  };

  it('says which domain stopped, why, what to do and links to the domain page, in English', () => {
    const mail = domainRevokedMail({ ...base, lang: 'en', error: 'wrong_value' });
    expect(mail.kind).toBe('domain_revoked');
    expect(mail.subject).toBe('Your portal is no longer served at portal.example-agency.com');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('your portal Analytical Studio is no longer served at this domain');
    expect(mail.text).toContain(
      "The TXT record _clientportal-verify.portal.example-agency.com no longer holds your portal's verification token.",
    );
    expect(mail.text).toContain('press Verify within 7 days');
    expect(mail.html).toContain(`href="${base.link}"`);
  });

  it('is written in German for a German provider', () => {
    const mail = domainRevokedMail({ ...base, lang: 'de', error: 'ENODATA' });
    expect(mail.subject).toBe('Ihr Portal ist nicht mehr unter portal.example-agency.com erreichbar');
    expect(mail.html).toContain('lang="de"');
    expect(mail.text).toContain(
      '_clientportal-verify.portal.example-agency.com hat keinen TXT-Eintrag mehr.',
    );
    expect(mail.text).toContain('innerhalb von 7 Tagen');
  });

  it('escapes the portal name in the HTML', () => {
    const mail = domainRevokedMail({ ...base, portalName: '<b>Studio</b>', lang: 'en', error: 'ENOTFOUND' });
    expect(mail.html).not.toContain('<b>Studio</b>');
    expect(mail.html).toContain('&lt;b&gt;Studio&lt;/b&gt;');
  });
});
