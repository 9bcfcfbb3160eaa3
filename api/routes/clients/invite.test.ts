import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeMagicLink } from '../../auth/portal-client/magic-link';
import { outbox, signedInProvider } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { createClient, createPortal, tempDataDir } from '../portals/testing';

let t: TestContext;
let owner: string;
let portalId: string;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  owner = await signedInProvider(t, 'invite-owner@example.com');
  portalId = (await createPortal(t, owner, { portalName: 'Acme <Portal>', primaryColor: '#be123c' })).id;
});
afterAll(() => t.close());

async function invite(clientId: string) {
  const res = await send(t, 'POST', `/api/clients/${clientId}/invite`, owner);
  expect(res.status).toBe(200);
  const [mail] = await outbox(
    t,
    (await (await send(t, 'GET', `/api/clients/${clientId}`, owner)).json()).email,
  );
  const token = decodeURIComponent(mail?.text.match(/\/portal\/auth\?token=([\w%-]+)/)?.[1] ?? '');
  return { body: await res.json(), mail, token };
}

describe('POST /api/clients/{clientId}/invite', () => {
  it('mails a branded magic link in the client’s language and stores only the token hash', async () => {
    const client = await createClient(t, owner, portalId, { language: 'de', name: 'Jörg' });
    const { body, mail, token } = await invite(client.id);
    expect(body).toMatchObject({ ok: true, via: 'outbox' });
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail?.subject).toBe('Acme <Portal> lädt Sie in Ihr Kundenportal ein');
    expect(mail?.html).toContain('Acme &lt;Portal&gt;');
    expect(mail?.html).toContain('#be123c');
    expect(mail?.html).toContain(`http://localhost:3000/portal/auth?token=${token}`);
    expect(mail?.text).toContain('Hallo Jörg,');

    const rows = await t.sql<{ token_hash: Buffer; expires_at: Date; created_at: Date }[]>`
      SELECT token_hash, expires_at, created_at FROM client_magic_links WHERE client_id = ${client.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(JSON.stringify(await t.sql`SELECT * FROM client_magic_links`)).not.toContain(token);
    const ttl = new Date(rows[0]?.expires_at ?? 0).getTime() - new Date(rows[0]?.created_at ?? 0).getTime();
    expect(ttl).toBe(24 * 60 * 60 * 1000);
  });

  it('invalidates the earlier link when a newer one is sent', async () => {
    const client = await createClient(t, owner, portalId);
    const first = await invite(client.id);
    const second = await invite(client.id);
    expect(await consumeMagicLink(t.sql, first.token, t.deps.now())).toBeNull();
    expect(await consumeMagicLink(t.sql, second.token, t.deps.now())).toEqual({
      clientId: client.id,
      portalId,
    });
  });

  it('makes a link single use', async () => {
    const client = await createClient(t, owner, portalId);
    const { token } = await invite(client.id);
    expect(await consumeMagicLink(t.sql, token, t.deps.now())).not.toBeNull();
    expect(await consumeMagicLink(t.sql, token, t.deps.now())).toBeNull();
  });

  it('lets a link expire after 24 hours', async () => {
    const client = await createClient(t, owner, portalId);
    const { token } = await invite(client.id);
    const later = new Date(t.deps.now().getTime() + 24 * 60 * 60 * 1000 + 1);
    expect(await consumeMagicLink(t.sql, token, later)).toBeNull();
  });

  it('writes English for an English client', async () => {
    const client = await createClient(t, owner, portalId);
    const { mail } = await invite(client.id);
    expect(mail?.subject).toBe('Acme <Portal> invites you to your client portal');
    expect(mail?.text).toContain('This invitation is valid for 24 hours and can be used once.');
  });
});

describe('invitation limits', () => {
  // The limits count in fixed hour and day windows: start each case's run just after an hour begins, so
  // no window ends in the middle of a case.
  beforeAll(() => {
    const now = t.deps.now().getTime();
    t.advance(3_600_000 - (now % 3_600_000) + 60_000);
  });

  /** A provider with a portal of its own, so each case counts its own invitations. */
  async function provider(label: string) {
    const cookie = await signedInProvider(t, `${label}@example.com`);
    const portal = await createPortal(t, cookie, { portalName: `${label} portal` });
    return { cookie, portalId: portal.id };
  }
  const inviteAs = (cookie: string, clientId: string, lang = 'en') =>
    send(t, 'POST', `/api/clients/${clientId}/invite`, cookie, undefined, { 'Accept-Language': lang });

  it('invites one client at most 3 times an hour, and says so with the wait', async () => {
    const client = await createClient(t, owner, portalId, { email: 'thrice@example.com' });
    for (let i = 0; i < 3; i++) expect((await inviteAs(owner, client.id)).status).toBe(200);
    const res = await inviteAs(owner, client.id);
    expect(res.status).toBe(429);
    const seconds = Number(res.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    const { error } = await res.json();
    expect(error.code).toBe('invitation_limit');
    expect(error.message).toMatch(
      /^You can invite this client at most 3 times per hour\. Please try again in \d+ minutes?\.$/,
    );
    const de = await inviteAs(owner, client.id, 'de');
    expect((await de.json()).error.message).toMatch(
      /^Sie können diesen Kunden höchstens 3-mal pro Stunde einladen\. Bitte versuchen Sie es in \d+ Minuten? erneut\.$/,
    );
    expect(await outbox(t, client.email)).toHaveLength(3);
  });

  it('sends a provider at most 20 invitations an hour', async () => {
    const { cookie, portalId: own } = await provider('hourly');
    for (let i = 0; i < 20; i++) {
      const client = await createClient(t, cookie, own, { email: `hourly-${i}@example.com` });
      expect((await inviteAs(cookie, client.id)).status).toBe(200);
    }
    const last = await createClient(t, cookie, own, { email: 'hourly-last@example.com' });
    const res = await inviteAs(cookie, last.id);
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toMatch(
      /^You can send at most 20 invitations per hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(await outbox(t, last.email)).toHaveLength(0);
    // Another provider is not affected.
    const other = await createClient(t, owner, portalId, { email: 'hourly-last@example.com' });
    expect((await inviteAs(owner, other.id)).status).toBe(200);
  });

  it('invites one client at most 10 times a day, however the hours are spread', async () => {
    // Start just after a UTC midnight, so the day's window holds every hour of this case.
    const now = t.deps.now().getTime();
    const toMidnight = 86_400_000 - (now % 86_400_000) + 60_000;
    t.advance(toMidnight);
    let moved = toMidnight;
    try {
      const client = await createClient(t, owner, portalId, { email: 'daily@example.com' });
      for (let i = 0; i < 10; i++) {
        if (i > 0 && i % 3 === 0) {
          t.advance(3_600_000);
          moved += 3_600_000;
        }
        expect((await inviteAs(owner, client.id)).status).toBe(200);
      }
      t.advance(3_600_000);
      moved += 3_600_000;
      const res = await inviteAs(owner, client.id, 'de');
      expect(res.status).toBe(429);
      const { error } = await res.json();
      expect(error.message).toMatch(
        /^Sie können diesen Kunden höchstens 10-mal pro Tag einladen\. Bitte versuchen Sie es in 19 Stunden, \d+ Minuten? erneut\.$/,
      );
    } finally {
      t.advance(-moved);
    }
  });

  it('lets no one account use up another provider’s invitations to the same person', async () => {
    const email = 'sought-after@example.com';
    const crowd = [await provider('crowd-1'), await provider('crowd-2'), await provider('crowd-3')];
    // Three other accounts invite the address 3 times each: each is stopped at its own limit...
    for (const { cookie, portalId: own } of crowd) {
      const client = await createClient(t, cookie, own, { email });
      for (let i = 0; i < 3; i++) expect((await inviteAs(cookie, client.id)).status).toBe(200);
      expect((await inviteAs(cookie, client.id)).status).toBe(429);
    }
    // ...and the provider the person works with still reaches them, up to the address's ceiling of 10.
    const mine = await createClient(t, owner, portalId, { email });
    expect((await inviteAs(owner, mine.id)).status).toBe(200);
    const fourth = await provider('crowd-4');
    const client = await createClient(t, fourth.cookie, fourth.portalId, { email });
    const res = await inviteAs(fourth.cookie, client.id);
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toMatch(
      /^This e-mail address has received too many invitations\. Please try again in \d+ minutes?\.$/,
    );
    expect(await outbox(t, email)).toHaveLength(10);
  });

  it('does not count another provider’s client (404) against anyone', async () => {
    const { cookie } = await provider('prober');
    const target = await createClient(t, owner, portalId, { email: 'probed@example.com' });
    for (let i = 0; i < 5; i++) expect((await inviteAs(cookie, target.id)).status).toBe(404);
    expect((await inviteAs(owner, target.id)).status).toBe(200);
  });
});
