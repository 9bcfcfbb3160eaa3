import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeSeller, type PaymentsWorld, paymentsWorld, runQueuedJobs } from '../../payments/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { type ResendStandIn, startResendStandIn } from '../../testing/resend-stand-in';

/*
 * The provider's own sending domain (issue 27) against the Resend stand-in through the real SDK: added,
 * its DNS records shown, verified once the records exist, used as the From of the portal e-mails to the
 * provider's clients, and removed.
 */

const PATH = '/api/integrations/mail-domain';
const MAIL_FROM = 'Client Portal <onboarding@resend.dev>';

describe('the e-mail sending domain', () => {
  let w: PaymentsWorld;
  let resend: ResendStandIn;
  beforeAll(async () => {
    resend = await startResendStandIn();
    w = await paymentsWorld({ RESEND_API_KEY: 're_test_domains', RESEND_BASE_URL: resend.url, MAIL_FROM });
  });
  afterAll(async () => {
    await w?.close();
    await resend?.close();
  });

  /** Invites the seller's client and delivers the mail; returns its From. */
  async function invitationFrom(seller: Awaited<ReturnType<typeof makeSeller>>): Promise<string> {
    const before = resend.received.length;
    // A client may be invited 3 times an hour: each invitation here is an hour after the one before.
    w.t.advance(60 * 60_000);
    const res = await call(w.t, 'POST', `/api/clients/${seller.clientId}/invite`, { cookie: seller.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    await runQueuedJobs(w.t, ['send_mail']);
    const sent = resend.received.slice(before);
    expect(sent).toHaveLength(1);
    return sent[0]?.body.from ?? '';
  }

  it('adds the domain, shows its records, verifies it once they exist, sends portal e-mails from it, and removes it', async () => {
    const seller = await makeSeller(w.t, 'domain');
    await w.t.sql`UPDATE profiles SET business_name = 'Studio "Nord"' WHERE user_id = ${seller.providerId}`;
    const empty = await call(w.t, 'GET', PATH, { cookie: seller.cookie });
    expect(await empty.json()).toEqual({ available: true, domain: null });
    expect(await invitationFrom(seller)).toBe(MAIL_FROM);

    const created = await call(w.t, 'POST', PATH, {
      cookie: seller.cookie,
      body: { domain: ' Mail.Studio-Nord.example. ', fromLocalPart: 'Hello' },
    });
    expect(created.status).toBe(201);
    const { domain } = await created.json();
    expect(domain).toMatchObject({
      name: 'mail.studio-nord.example',
      status: 'not_started',
      fromAddress: 'hello@mail.studio-nord.example',
      inUse: false,
      verifiedAt: null,
    });
    expect(domain.records.map((r: { type: string; name: string }) => `${r.type} ${r.name}`)).toEqual([
      'MX send.mail',
      'TXT send.mail',
      'TXT resend._domainkey.mail',
    ]);
    const [stored] = [...resend.domains.values()];
    expect(stored?.name).toBe('mail.studio-nord.example');
    const [row] = await w.t.sql<{ resend_domain_id: string }[]>`
      SELECT resend_domain_id FROM mail_domains WHERE provider_id = ${seller.providerId}`;
    expect(row?.resend_domain_id).toBe(stored?.id);

    // One domain per provider; an unverified one cannot be used.
    const again = await call(w.t, 'POST', PATH, { cookie: seller.cookie, body: { domain: 'other.example' } });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('mail_domain_exists');
    const early = await call(w.t, 'PATCH', PATH, { cookie: seller.cookie, body: { inUse: true } });
    expect(early.status).toBe(409);
    expect((await early.json()).error.code).toBe('mail_domain_not_verified');

    // The records are not there yet: Resend keeps looking.
    const pending = await call(w.t, 'POST', `${PATH}/verify`, { cookie: seller.cookie });
    expect(pending.status).toBe(200);
    expect((await pending.json()).domain).toMatchObject({ status: 'pending', verifiedAt: null });

    resend.publishRecords('mail.studio-nord.example');
    const verified = await call(w.t, 'POST', `${PATH}/verify`, { cookie: seller.cookie });
    const after = (await verified.json()).domain;
    expect(after.status).toBe('verified');
    expect(after.records.every((r: { status: string }) => r.status === 'verified')).toBe(true);
    expect(after.verifiedAt).not.toBeNull();
    // Verified but not in use: still the platform's address.
    expect(await invitationFrom(seller)).toBe(MAIL_FROM);

    const used = await call(w.t, 'PATCH', PATH, { cookie: seller.cookie, body: { inUse: true } });
    expect(used.status).toBe(200);
    expect((await used.json()).domain).toMatchObject({ inUse: true });
    expect(await invitationFrom(seller)).toBe('"Studio \\"Nord\\"" <hello@mail.studio-nord.example>');

    // Another provider's portal e-mails keep the platform's address.
    const other = await makeSeller(w.t, 'other');
    expect(await invitationFrom(other)).toBe(MAIL_FROM);

    const removed = await call(w.t, 'DELETE', PATH, { cookie: seller.cookie });
    expect(removed.status).toBe(204);
    expect(resend.domains.size).toBe(0);
    expect(await (await call(w.t, 'GET', PATH, { cookie: seller.cookie })).json()).toEqual({
      available: true,
      domain: null,
    });
    expect(await invitationFrom(seller)).toBe(MAIL_FROM);
  });

  it('goes at Resend with the account: deleting the account removes its domain there, by a job that retries', async () => {
    const seller = await makeSeller(w.t, 'leaving');
    const created = await call(w.t, 'POST', PATH, {
      cookie: seller.cookie,
      body: { domain: 'mail.leaving.example' },
    });
    expect(created.status).toBe(201);
    const id = [...resend.domains.values()].find((d) => d.name === 'mail.leaving.example')?.id;
    expect(id).toBeDefined();
    const deleted = await call(w.t, 'DELETE', '/api/account', {
      cookie: seller.cookie,
      body: { password: 'isolation suite password', confirm: 'DELETE' },
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    // The rows are gone at once; Resend's copy goes with the queued job.
    expect([...resend.domains.values()].some((d) => d.id === id)).toBe(true);
    await runQueuedJobs(w.t, ['remove_mail_domain']);
    expect([...resend.domains.values()].some((d) => d.id === id)).toBe(false);
  });

  it('reads the domain at delivery: a mail queued while in use goes out from the platform once the domain is removed', async () => {
    const seller = await makeSeller(w.t, 'queued');
    await call(w.t, 'POST', PATH, { cookie: seller.cookie, body: { domain: 'mail.queued.example' } });
    resend.publishRecords('mail.queued.example');
    await call(w.t, 'POST', `${PATH}/verify`, { cookie: seller.cookie });
    await call(w.t, 'PATCH', PATH, { cookie: seller.cookie, body: { inUse: true } });
    const before = resend.received.length;
    await call(w.t, 'POST', `/api/clients/${seller.clientId}/invite`, { cookie: seller.cookie });
    await call(w.t, 'DELETE', PATH, { cookie: seller.cookie });
    await runQueuedJobs(w.t, ['send_mail']);
    expect(resend.received.slice(before).map((m) => m.body.from)).toEqual([MAIL_FROM]);
  });

  const fieldsOf = async (res: Response) =>
    ((await res.json()).error.fields as { path: string; key: string }[]).map(({ path, key }) => ({
      path,
      key,
    }));

  it('refuses a malformed domain, shows Resend’s refusal at the field, and says when Resend fails', async () => {
    const seller = await makeSeller(w.t, 'refused');
    const bad = await call(w.t, 'POST', PATH, { cookie: seller.cookie, body: { domain: 'not a domain' } });
    expect(bad.status).toBe(422);
    expect(await fieldsOf(bad)).toEqual([{ path: 'domain', key: 'validation.domainInvalid' }]);
    const local = await call(w.t, 'POST', PATH, {
      cookie: seller.cookie,
      body: { domain: 'ok.example', fromLocalPart: 'no spaces' },
    });
    expect(await fieldsOf(local)).toEqual([
      { path: 'fromLocalPart', key: 'validation.fromLocalPartInvalid' },
    ]);

    resend.refuseDomain('refused.example');
    const refused = await call(w.t, 'POST', PATH, {
      cookie: seller.cookie,
      body: { domain: 'refused.example' },
    });
    expect(refused.status).toBe(422);
    expect(await fieldsOf(refused)).toEqual([{ path: 'domain', key: 'validation.mailDomainRefused' }]);

    resend.failNext(1);
    const down = await call(w.t, 'POST', PATH, { cookie: seller.cookie, body: { domain: 'down.example' } });
    expect(down.status).toBe(502);
    expect((await down.json()).error.code).toBe('mail_provider_unavailable');
    expect(await (await call(w.t, 'GET', PATH, { cookie: seller.cookie })).json()).toEqual({
      available: true,
      domain: null,
    });
  });

  it('limits verification to 3 a minute per provider', async () => {
    const seller = await makeSeller(w.t, 'limited');
    await call(w.t, 'POST', PATH, { cookie: seller.cookie, body: { domain: 'mail.limited.example' } });
    for (let i = 0; i < 3; i++)
      expect((await call(w.t, 'POST', `${PATH}/verify`, { cookie: seller.cookie })).status).toBe(200);
    const refused = await call(w.t, 'POST', `${PATH}/verify`, { cookie: seller.cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another provider's budget is their own.
    const other = await makeSeller(w.t, 'unlimited');
    await call(w.t, 'POST', PATH, { cookie: other.cookie, body: { domain: 'mail.unlimited.example' } });
    expect((await call(w.t, 'POST', `${PATH}/verify`, { cookie: other.cookie })).status).toBe(200);
  });

  it('never shows or changes another provider’s domain', async () => {
    const owner = await makeSeller(w.t, 'owner');
    await call(w.t, 'POST', PATH, { cookie: owner.cookie, body: { domain: 'mail.owner.example' } });
    const stranger = await makeSeller(w.t, 'stranger');
    const seen = await (await call(w.t, 'GET', PATH, { cookie: stranger.cookie })).json();
    expect(seen).toEqual({ available: true, domain: null });
    for (const [method, path, body] of [
      ['POST', `${PATH}/verify`, undefined],
      ['PATCH', PATH, { inUse: false }],
      ['DELETE', PATH, undefined],
    ] as const) {
      const res = await call(w.t, method, path, { cookie: stranger.cookie, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const mine = await (await call(w.t, 'GET', PATH, { cookie: owner.cookie })).json();
    expect(mine.domain.name).toBe('mail.owner.example');
  });
});

describe('the e-mail sending domain without Resend (the development outbox)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('says the feature needs e-mail sending, and adds nothing', async () => {
    const seller = await makeSeller(t, 'outbox');
    expect(await (await call(t, 'GET', PATH, { cookie: seller.cookie })).json()).toEqual({
      available: false,
      domain: null,
    });
    const res = await call(t, 'POST', PATH, {
      cookie: seller.cookie,
      body: { domain: 'mail.outbox.example' },
    });
    expect(res.status).toBe(409);
    const { error } = await res.json();
    expect(error.code).toBe('mail_domain_unavailable');
    expect(error.message).toContain('Resend');
    const [{ count } = { count: -1 }] = await t.sql<
      { count: number }[]
    >`SELECT count(*)::int AS count FROM mail_domains`;
    expect(count).toBe(0);
  });
});
