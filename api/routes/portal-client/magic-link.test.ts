import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MagicLinkSent, PortalSession } from '../../../shared/contracts/portal-client';
import { outbox } from '../../auth/testing';
import { createLogger } from '../../http/logger';
import { startWorker } from '../../jobs/worker';
import { createMailer } from '../../mail/mailer';
import { createTestContext, type TestContext } from '../../testing/harness';
import { startResendStandIn } from '../../testing/resend-stand-in';
import { send } from '../account/testing';
import { createClient, createPortal, tempDataDir } from '../portals/testing';
import {
  consume,
  eventsOf,
  isLive,
  latestMagicLinkToken,
  type PortalWorld,
  portalRequest,
  portalWorld,
  requestLink,
  withSessionsRefused,
} from './testing';

let t: TestContext;
let acme: PortalWorld;
let other: PortalWorld;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  acme = await portalWorld(t, 'acme', { withPassword: false, clientBody: { language: 'de' } });
  other = await portalWorld(t, 'other', { withPassword: false });
});
afterAll(() => t.close());

/** A fresh client of the `other` portal, so each case has its own per-address rate limit. */
async function fresh(label: string) {
  const client = await createClient(t, other.owner, other.portalId, {
    name: `${label} client`,
    email: `${label}@example.com`,
  });
  return { id: client.id, email: client.email };
}

const request = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  portalRequest(t, 'POST', '/api/portal/magic-link', undefined, body, headers);

describe('POST /api/portal/magic-link', () => {
  it('mails a branded link in the client’s language and, in development, says where the outbox is (no demo link: the mail did not fail)', async () => {
    const res = await request({ email: acme.client.email.toUpperCase(), portalId: acme.portalId });
    expect(res.status).toBe(200);
    const body = (await res.json()) as MagicLinkSent;
    const [mail] = await outbox(t, acme.client.email);
    expect(mail?.subject).toBe('Ihr Anmeldelink für acme portal');
    expect(mail?.text).toContain('Sie möchten sich bei acme portal anmelden.');
    expect(mail?.html).toContain('#0f766e');
    const token = await latestMagicLinkToken(t, acme.client.email);
    expect(mail?.text).toContain(`http://localhost:3000/portal/auth?token=${token}`);
    expect(body).not.toHaveProperty('demoLink');
    expect(body.outboxUrl).toBe(
      `http://localhost:3000/api/dev/outbox?to=${encodeURIComponent(acme.client.email)}`,
    );
    expect(JSON.stringify(body)).not.toContain(token);
    const ttl = new Date(body.expiresAt).getTime() - t.deps.now().getTime();
    expect(Math.abs(ttl - 24 * 60 * 60 * 1000)).toBeLessThan(5_000);
    const [row] = await t.sql<{ token_hash: Buffer }[]>`
      SELECT token_hash FROM client_magic_links WHERE client_id = ${acme.client.id} AND used_at IS NULL`;
    expect(row?.token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
  });

  it('answers the spec’s “Access Denied” text for an address that is not a client of this portal', async () => {
    const res = await request({ email: other.client.email, portalId: acme.portalId });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({
      code: 'portal_account_not_found',
      message:
        'No account found for this email address in this portal. Please contact your service provider for access.',
    });
    expect(await outbox(t, other.client.email)).toHaveLength(0);
  });

  it('answers the spec’s other “Access Denied” text without a portal, in German too', async () => {
    const res = await request({ email: 'nobody@example.com' }, { 'Accept-Language': 'de' });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({
      code: 'account_not_found',
      message:
        'Für diese E-Mail-Adresse wurde kein Konto gefunden. Bitte wenden Sie sich für den Zugang an Ihren Dienstleister.',
    });
    const en = await request({ email: 'nobody@example.com' });
    expect((await en.json()).error.message).toBe(
      'No account found with this email address. Please contact your service provider for access.',
    );
  });

  it('without a portal, mails one link per portal the address belongs to', async () => {
    const email = 'both-portals@example.com';
    await createClient(t, acme.owner, acme.portalId, { email });
    const second = await createPortal(t, acme.owner, { portalName: 'Second portal' });
    await createClient(t, acme.owner, second.id, { email });
    const res = await request({ email });
    expect(res.status).toBe(200);
    const mails = await outbox(t, email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your sign-in link for Second portal',
      'Your sign-in link for acme portal',
    ]);
  });

  it('refuses a malformed body with the contract’s field messages', async () => {
    const res = await request({ email: 'not-an-email', portalId: 'x' });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['email', 'portalId']);
    expect(error.fields.find((f: { path: string }) => f.path === 'email').message).toBe(
      'Please enter a valid email address',
    );
  });

  it('keeps the link on the portal’s verified custom domain when asked there', async () => {
    await t.sql`
      UPDATE client_portals SET custom_domain = 'portal.acme.test', domain_status = 'verified'
      WHERE id = ${acme.portalId}`;
    try {
      const res = await request(
        { email: acme.client.email, portalId: acme.portalId },
        { Host: 'portal.acme.test' },
      );
      expect(res.status).toBe(200);
      const token = await latestMagicLinkToken(t, acme.client.email);
      expect((await outbox(t, acme.client.email))[0]?.text).toContain(
        `http://portal.acme.test/auth?token=${token}`,
      );
      const platform = await request({ email: acme.client.email, portalId: acme.portalId });
      expect(platform.status).toBe(200);
      expect((await outbox(t, acme.client.email))[0]?.text).toMatch(
        /http:\/\/localhost:3000\/portal\/auth\?token=/,
      );
    } finally {
      await t.sql`UPDATE client_portals SET custom_domain = NULL, domain_status = 'none' WHERE id = ${acme.portalId}`;
    }
  });
});

describe('POST /api/portal/magic-link inside the widget (returnTo)', () => {
  const returnTo = 'https://ada.studio/account?tab=portal';
  const allow = (origins: string) =>
    t.sql`UPDATE client_portals SET allowed_origins = ${origins} WHERE id = ${other.portalId}`;

  it('mails a link back to the embedding page, the token in its fragment, when its origin is allowed', async () => {
    await allow('{https://ada.studio,http://localhost:5173}');
    const client = await fresh('embedded');
    const res = await request({ email: client.email, portalId: other.portalId, returnTo });
    expect(res.status).toBe(200);
    const [mail] = await outbox(t, client.email);
    const link = mail?.text.match(/https:\/\/ada\.studio\/\S+/)?.[0] ?? '';
    const url = new URL(link);
    expect(url.origin + url.pathname + url.search).toBe(returnTo);
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('cp_portal')).toBe(other.portalId);
    const token = fragment.get('cp_magic') ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail?.text).not.toContain('/portal/auth');
    expect((await res.json()).outboxUrl).toContain('/api/dev/outbox?to=');
    // The token is an ordinary magic-link token: spent once by POST.
    expect((await consume(t, token, other.portalId)).status).toBe(200);
    expect((await consume(t, token, other.portalId)).status).toBe(400);
  });

  it('refuses a return page on any other origin with a clear field error, and sends nothing', async () => {
    await allow('{https://ada.studio}');
    const client = await fresh('elsewhere');
    for (const target of [
      'https://evil.example/account',
      'https://ada.studio.evil.example/',
      'http://ada.studio/account',
      'https://ada.studio:8443/account',
    ]) {
      const res = await request(
        { email: client.email, portalId: other.portalId, returnTo: target },
        { 'Accept-Language': 'de' },
      );
      expect(res.status, target).toBe(422);
      const { error } = await res.json();
      expect(error.code).toBe('validation_failed');
      expect(error.fields).toEqual([
        { path: 'returnTo', key: 'validation.invalid', message: 'Dieser Wert ist ungültig' },
      ]);
    }
    expect(await outbox(t, client.email)).toHaveLength(0);
  });

  it('refuses a return page without a portal, for a portal that allows no website, and one that is not http(s)', async () => {
    await allow('{}');
    const client = await fresh('no-origins');
    const none = await request({ email: client.email, portalId: other.portalId, returnTo });
    expect(none.status).toBe(422);
    const generic = await request({ email: client.email, returnTo });
    expect(generic.status).toBe(422);
    expect((await generic.json()).error.fields[0].path).toBe('returnTo');
    const script = await request({
      email: client.email,
      portalId: other.portalId,
      returnTo: 'javascript:alert(1)',
    });
    expect(script.status).toBe(422);
    expect(await outbox(t, client.email)).toHaveLength(0);
  });
});

describe('POST /api/portal/magic-link/consume', () => {
  it('signs the client in once, records the login, and stores only the session secret’s hash', async () => {
    const client = await fresh('once');
    const token = await requestLink(t, client.email, other.portalId);
    const res = await consume(t, token);
    expect(res.status).toBe(200);
    const session = (await res.json()) as PortalSession;
    expect(session.client).toEqual({
      id: client.id,
      name: 'once client',
      email: client.email,
      portalId: other.portalId,
      language: 'en',
      hasPassword: false,
    });
    expect(session.token).toMatch(/^[a-z2-7]{32}\.[a-z2-7]{32}$/);
    const days = (new Date(session.expiresAt).getTime() - new Date(session.createdAt).getTime()) / 86_400_000;
    expect(days).toBe(7);
    expect(await isLive(t, session)).toBe(true);
    const stored = JSON.stringify(await t.sql`SELECT * FROM portal_sessions`);
    expect(stored).not.toContain(session.token.split('.')[1]);
    const events = await eventsOf(t, client.id);
    expect(events.at(-1)).toMatchObject({ event_type: 'login', metadata: { method: 'magic_link' } });

    const again = await consume(t, token);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatchObject({
      code: 'invalid_token',
      message: 'This link is invalid or has expired.',
    });
  });

  it('is not burnt by a GET of the link (mail scanners): there is no GET, and the link still works', async () => {
    const { email } = await fresh('scanner');
    const token = await requestLink(t, email, other.portalId);
    const get = await t.app.request(`/api/portal/magic-link/consume?token=${encodeURIComponent(token)}`);
    expect(get.status).toBe(404);
    expect((await consume(t, token)).status).toBe(200);
  });

  it('stops an older link working once a newer one is sent', async () => {
    const { email } = await fresh('newer');
    const older = await requestLink(t, email, other.portalId);
    const newer = await requestLink(t, email, other.portalId);
    expect(older).not.toBe(newer);
    expect((await consume(t, older)).status).toBe(400);
    expect((await consume(t, newer)).status).toBe(200);
  });

  it('lets a link expire after 24 hours', async () => {
    const { email } = await fresh('expiry');
    const token = await requestLink(t, email, other.portalId);
    t.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await consume(t, token)).status).toBe(400);
    } finally {
      t.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it('refuses a link of another portal on a portal’s own domain, and leaves it usable where it belongs', async () => {
    const { email } = await fresh('wrong-portal');
    const token = await requestLink(t, email, other.portalId);
    const wrong = await consume(t, token, acme.portalId);
    expect(wrong.status).toBe(400);
    const right = await consume(t, token, other.portalId);
    expect(right.status).toBe(200);
  });

  it('refuses the link of a client who was moved to another portal since', async () => {
    const moving = await createClient(t, acme.owner, acme.portalId, { email: 'moving@example.com' });
    const token = await requestLink(t, 'moving@example.com', acme.portalId);
    const target = await createPortal(t, acme.owner, { portalName: 'Target portal' });
    await t.sql`UPDATE clients SET portal_id = ${target.id} WHERE id = ${moving.id}`;
    expect((await consume(t, token)).status).toBe(400);
  });

  it('leaves the link usable when the session cannot be stored (one transaction)', async () => {
    const client = await fresh('unstored');
    const token = await requestLink(t, client.email, other.portalId);
    await withSessionsRefused(t, client.id, async () => {
      expect((await consume(t, token)).status).toBe(500);
    });
    expect((await consume(t, token)).status).toBe(200);
    expect((await consume(t, token)).status).toBe(400);
  });

  it('signs in exactly one of two simultaneous clicks of a link', async () => {
    const client = await fresh('twice');
    const token = await requestLink(t, client.email, other.portalId);
    const statuses = (await Promise.all([consume(t, token), consume(t, token)])).map((res) => res.status);
    expect(statuses.sort()).toEqual([200, 400]);
    const [row] = await t.sql<{ sessions: number }[]>`
      SELECT count(*)::int AS sessions FROM portal_sessions WHERE client_id = ${client.id}`;
    expect(row?.sessions).toBe(1);
  });
});

describe('magic-link tokens in logs', () => {
  it('never writes a token (or the session token) to the log', async () => {
    const lines: string[] = [];
    const log = createLogger('debug', {}, (line) => lines.push(line));
    const saved = { log: t.deps.log, mailer: t.deps.mailer };
    t.deps.log = log;
    t.deps.mailer = createMailer({ sql: t.sql, log, jobs: t.deps.jobs, from: t.deps.config.MAIL_FROM });
    try {
      const { email } = await fresh('logs');
      const token = await requestLink(t, email, other.portalId);
      const session = (await (await consume(t, token)).json()) as PortalSession;
      await consume(t, token);
      expect(lines.length).toBeGreaterThan(2);
      const all = lines.join('\n');
      expect(all).not.toContain(token);
      expect(all).not.toContain(encodeURIComponent(token));
      expect(all).not.toContain(session.token.split('.')[1]);
    } finally {
      Object.assign(t.deps, saved);
    }
  });
});

/**
 * Runs `attempt` while the development outbox refuses every mail to `to` (a trigger raises, as a full
 * disk or a lost connection would), then lets it store them again.
 */
async function withMailRefused(ctx: TestContext, to: string, attempt: () => Promise<void>) {
  await ctx.sql.unsafe(
    `CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'mail is down'; END $$`,
  );
  await ctx.sql.unsafe(
    `CREATE TRIGGER refuse_mail BEFORE INSERT ON outbox_emails FOR EACH ROW
     WHEN (NEW.to_address = '${to}') EXECUTE FUNCTION refuse_mail()`,
  );
  try {
    await attempt();
  } finally {
    await ctx.sql.unsafe('DROP TRIGGER refuse_mail ON outbox_emails');
    await ctx.sql.unsafe('DROP FUNCTION refuse_mail()');
  }
}

describe('a sign-in e-mail that fails where the development outbox is on', () => {
  it('answers the spec’s demo link (and no outbox link), and the link works', async () => {
    const client = await fresh('mail-down');
    let body: MagicLinkSent | undefined;
    await withMailRefused(t, client.email, async () => {
      const res = await request({ email: client.email, portalId: other.portalId });
      expect(res.status).toBe(200);
      body = (await res.json()) as MagicLinkSent;
    });
    expect(body).not.toHaveProperty('outboxUrl');
    const link = new URL(body?.demoLink ?? '');
    expect(link.origin + link.pathname).toBe('http://localhost:3000/portal/auth');
    expect(await outbox(t, client.email)).toHaveLength(0);
    expect((await consume(t, link.searchParams.get('token') ?? '')).status).toBe(200);
  });
});

describe('magic links with a real mail service (Resend stand-in)', () => {
  it('returns no demo link when a mail key is set; the queue delivers the mail through Resend', async () => {
    const resend = await startResendStandIn();
    const saved = t.deps.mailer;
    t.deps.mailer = createMailer({
      sql: t.sql,
      log: t.deps.log,
      jobs: t.deps.jobs,
      apiKey: 're_test_key',
      baseUrl: resend.url,
      from: t.deps.config.MAIL_FROM,
    });
    const fast = await createTestContext({
      JOBS_RETRY_BASE_MS: '10',
      JOBS_RETRY_MAX_MS: '50',
      JOBS_POLL_INTERVAL_MS: '50',
    });
    const worker = await startWorker({ ...t.deps, config: fast.deps.config }, t.db);
    const client = await fresh('resend');
    try {
      const ok = await request({ email: client.email, portalId: other.portalId });
      expect(ok.status).toBe(200);
      const sent = await ok.json();
      expect(sent).not.toHaveProperty('demoLink');
      expect(sent).not.toHaveProperty('outboxUrl');
      // (A refusal is retried with backoff: api/mail/resend-delivery.test.ts.)
      await vi.waitFor(() => expect(resend.received.map((m) => m.body.to)).toContain(client.email), {
        timeout: 15_000,
        interval: 25,
      });
      // Resend has the mail before the worker records the send: wait for the record, not for time.
      await vi.waitFor(
        async () => {
          const [row] = await t.sql<{ status: string; attempts: number }[]>`
            SELECT status, attempts FROM outbox_emails WHERE to_address = ${client.email} ORDER BY created_at DESC LIMIT 1`;
          expect(row).toEqual({ status: 'sent', attempts: 1 });
        },
        { timeout: 15_000, interval: 25 },
      );
      const [{ count } = { count: -1 }] = await t.sql<{ count: number }[]>`
        SELECT count(*)::int AS count FROM client_magic_links
        WHERE client_id = ${client.id} AND used_at IS NULL`;
      expect(count).toBe(1);
    } finally {
      await worker?.stop();
      await fast.close();
      t.deps.mailer = saved;
      await resend.close();
    }
  });

  it('never returns the link in production, not even when the e-mail fails', async () => {
    const prod = await createTestContext({
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      DATA_DIR: tempDataDir(),
    });
    try {
      // No development outbox in production, so the rows are made directly.
      const [user] = await prod.sql<{ id: string }[]>`
        INSERT INTO users (email, password_hash, email_verified_at)
        VALUES ('prod-owner@example.com', 'x', now()) RETURNING id`;
      const [portal] = await prod.sql<{ id: string }[]>`
        INSERT INTO client_portals (provider_id, portal_name) VALUES (${user?.id ?? null}, 'Prod') RETURNING id`;
      await prod.sql`
        INSERT INTO clients (provider_id, portal_id, name, email)
        VALUES (${user?.id ?? null}, ${portal?.id ?? null}, 'Prod client', 'prod-client@example.com')`;
      const res = await portalRequest(prod, 'POST', '/api/portal/magic-link', undefined, {
        email: 'prod-client@example.com',
        portalId: portal?.id,
      });
      expect(res.status).toBe(200);
      const sent = await res.json();
      expect(sent).not.toHaveProperty('demoLink');
      expect(sent).not.toHaveProperty('outboxUrl');

      await withMailRefused(prod, 'prod-client@example.com', async () => {
        const failed = await portalRequest(prod, 'POST', '/api/portal/magic-link', undefined, {
          email: 'prod-client@example.com',
          portalId: portal?.id,
        });
        expect(failed.status).toBe(503);
        const body = await failed.json();
        expect(body.error.code).toBe('magic_link_failed');
        expect(JSON.stringify(body)).not.toContain('token');
      });
      // The failed e-mail's link was discarded (and the newer request had voided the earlier one).
      const [{ count } = { count: -1 }] = await prod.sql<{ count: number }[]>`
        SELECT count(*)::int AS count FROM client_magic_links WHERE used_at IS NULL`;
      expect(count).toBe(0);
    } finally {
      await prod.close();
    }
  });
});

describe('magic-link rate limits', () => {
  it('allows 5 requests per address from one source in 15 minutes, then 429 with Retry-After and a translated text', async () => {
    const email = 'limited@example.com';
    await createClient(t, acme.owner, acme.portalId, { email });
    const ip = { 'X-Forwarded-For': '203.0.113.20' };
    for (let i = 0; i < 5; i++)
      expect((await request({ email, portalId: acme.portalId }, ip)).status).toBe(200);
    const res = await request({ email, portalId: acme.portalId }, { ...ip, 'Accept-Language': 'de' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await res.json()).error.message).toMatch(/^Zu viele Versuche/);
  });

  it('does not let a stranger lock the client out: from the client’s own network a link is still sent', async () => {
    const client = await fresh('not-locked-out');
    const stranger = { 'X-Forwarded-For': '203.0.113.21' };
    for (let i = 0; i < 20; i++) await request({ email: client.email, portalId: other.portalId }, stranger);
    expect((await request({ email: client.email, portalId: other.portalId }, stranger)).status).toBe(429);
    const own = await request(
      { email: client.email, portalId: other.portalId },
      { 'X-Forwarded-For': '203.0.113.22' },
    );
    expect(own.status).toBe(200);
  });

  it('sends one address at most 30 links an hour, from every source together', async () => {
    const client = await fresh('ceiling');
    for (let source = 0; source < 6; source++) {
      for (let i = 0; i < 5; i++) {
        const res = await request(
          { email: client.email, portalId: other.portalId },
          { 'X-Forwarded-For': `203.0.113.${30 + source}` },
        );
        expect(res.status).toBe(200);
      }
    }
    const refused = await request(
      { email: client.email, portalId: other.portalId },
      { 'X-Forwarded-For': '203.0.113.40' },
    );
    expect(refused.status).toBe(429);
    expect(await outbox(t, client.email)).toHaveLength(30);
  });

  it('allows 30 requests per IP address in 15 minutes', async () => {
    const ip = { 'X-Forwarded-For': '203.0.113.9' };
    for (let i = 0; i < 30; i++) {
      expect((await request({ email: `sweep-${i}@example.com` }, ip)).status).toBe(404);
    }
    expect((await request({ email: 'sweep-last@example.com' }, ip)).status).toBe(429);
  });
});

describe('the provider’s invitation and links the client asks for', () => {
  const invite = (clientId: string) => send(t, 'POST', `/api/clients/${clientId}/invite`, other.owner);

  it('keeps an invitation usable however many links are asked for in the client’s name', async () => {
    const client = await fresh('invited');
    expect((await invite(client.id)).status).toBe(200);
    const invitation = await latestMagicLinkToken(t, client.email);
    for (let i = 0; i < 5; i++) {
      await request({ email: client.email, portalId: other.portalId }, { 'X-Forwarded-For': '203.0.113.50' });
    }
    expect((await consume(t, invitation)).status).toBe(200);
  });

  it('voids an older requested link with a newer one, but not the invitation', async () => {
    const client = await fresh('both-kinds');
    expect((await invite(client.id)).status).toBe(200);
    const invitation = await latestMagicLinkToken(t, client.email);
    const first = await requestLink(t, client.email, other.portalId);
    const second = await requestLink(t, client.email, other.portalId);
    expect((await consume(t, first)).status).toBe(400);
    expect((await consume(t, second)).status).toBe(200);
    expect((await consume(t, invitation)).status).toBe(200);
    const kinds = await t.sql<{ kind: string }[]>`
      SELECT kind FROM client_magic_links WHERE client_id = ${client.id} ORDER BY created_at`;
    expect(kinds.map((row) => row.kind)).toEqual(['invitation', 'sign_in']);
  });

  it('lets a new invitation void every earlier unused link of the client', async () => {
    const client = await fresh('reinvited');
    const requested = await requestLink(t, client.email, other.portalId);
    expect((await invite(client.id)).status).toBe(200);
    const older = await latestMagicLinkToken(t, client.email);
    expect((await invite(client.id)).status).toBe(200);
    const newest = await latestMagicLinkToken(t, client.email);
    expect((await consume(t, requested)).status).toBe(400);
    expect((await consume(t, older)).status).toBe(400);
    expect((await consume(t, newest)).status).toBe(200);
  });

  it('lets an invitation expire after 24 hours', async () => {
    const client = await fresh('invite-expiry');
    expect((await invite(client.id)).status).toBe(200);
    const invitation = await latestMagicLinkToken(t, client.email);
    t.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await consume(t, invitation)).status).toBe(400);
    } finally {
      t.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });
});
