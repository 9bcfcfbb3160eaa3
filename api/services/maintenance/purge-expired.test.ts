import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../../db/client';
import { hit, RATE_LIMITS } from '../../http/rate-limit';
import { createTestDatabase } from '../../testing/harness';
import { purgeExpired } from './purge-expired';

let db: Database;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = db.sql;
});
afterAll(() => db.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const bytes = () => randomBytes(32);

/** One provider with a portal and a client, to hang the tenant-owned rows on. */
async function tenant() {
  const [user] = await sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash) VALUES (${`p-${randomBytes(4).toString('hex')}@example.com`}, 'x')
    RETURNING id`;
  const providerId = user?.id ?? '';
  const [portal] = await sql<{ id: string }[]>`
    INSERT INTO client_portals (provider_id, portal_name) VALUES (${providerId}, 'Acme') RETURNING id`;
  const portalId = portal?.id ?? '';
  const [client] = await sql<{ id: string }[]>`
    INSERT INTO clients (provider_id, portal_id, name, email)
    VALUES (${providerId}, ${portalId}, 'Client', 'client@example.com') RETURNING id`;
  return { providerId, portalId, clientId: client?.id ?? '' };
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe('purgeExpired', () => {
  it('deletes what has expired and keeps what can still mean something', async () => {
    const { providerId, portalId, clientId } = await tenant();

    // Rate limits: a window that ended, one still running (of a 1-hour rule), one ending right now.
    await sql`
      INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES
        ('over', ${at(-2 * HOUR)}, 3, ${at(-HOUR)}),
        ('running', ${at(-30 * MINUTE)}, 3, ${at(30 * MINUTE)}),
        ('edge', ${at(-HOUR)}, 3, ${NOW})`;

    // Provider sessions: expired, live, and live but past the 90-day cap.
    await sql`
      INSERT INTO user_sessions (id, user_id, secret_hash, created_at, expires_at) VALUES
        ('s-expired', ${providerId}, ${bytes()}, ${at(-40 * DAY)}, ${at(-MINUTE)}),
        ('s-live', ${providerId}, ${bytes()}, ${at(-DAY)}, ${at(29 * DAY)}),
        ('s-capped', ${providerId}, ${bytes()}, ${at(-91 * DAY)}, ${at(10 * DAY)})`;

    // Verification links: kept 30 days past expiry (re-opened links still say "already verified").
    const recentLink = bytes();
    const usedRecently = bytes();
    await sql`
      INSERT INTO email_verification_tokens (token_hash, user_id, expires_at, created_at, used_at) VALUES
        (${bytes()}, ${providerId}, ${at(-31 * DAY)}, ${at(-32 * DAY)}, NULL),
        (${recentLink}, ${providerId}, ${at(-29 * DAY)}, ${at(-30 * DAY)}, NULL),
        (${usedRecently}, ${providerId}, ${at(HOUR)}, ${at(-23 * HOUR)}, ${at(-HOUR)})`;

    // Password-reset links: expired and open.
    const openReset = bytes();
    await sql`
      INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at) VALUES
        (${bytes()}, ${providerId}, ${at(-MINUTE)}, ${at(-HOUR)}),
        (${openReset}, ${providerId}, ${at(30 * MINUTE)}, ${at(-30 * MINUTE)})`;

    // Portal sessions: expired and live.
    await sql`
      INSERT INTO portal_sessions (id, secret_hash, provider_id, portal_id, client_id, method, created_at, expires_at)
      VALUES
        ('p-expired', ${bytes()}, ${providerId}, ${portalId}, ${clientId}, 'password', ${at(-8 * DAY)}, ${at(-DAY)}),
        ('p-live', ${bytes()}, ${providerId}, ${portalId}, ${clientId}, 'password', ${at(-DAY)}, ${at(6 * DAY)})`;

    // Magic links: expired; used more than a day ago; used an hour ago; open.
    const usedAnHourAgo = bytes();
    const openLink = bytes();
    await sql`
      INSERT INTO client_magic_links (token_hash, client_id, portal_id, kind, expires_at, used_at) VALUES
        (${bytes()}, ${clientId}, ${portalId}, 'sign_in', ${at(-MINUTE)}, NULL),
        (${bytes()}, ${clientId}, ${portalId}, 'invitation', ${at(HOUR)}, ${at(-DAY - MINUTE)}),
        (${usedAnHourAgo}, ${clientId}, ${portalId}, 'sign_in', ${at(20 * HOUR)}, ${at(-HOUR)}),
        (${openLink}, ${clientId}, ${portalId}, 'invitation', ${at(20 * HOUR)}, NULL)`;

    // Handoff jtis: the token expired (a replay fails on its expiry), or not yet.
    await sql`
      INSERT INTO widget_handoff_jtis (portal_id, jti, expires_at) VALUES
        (${portalId}, 'gone', ${at(-MINUTE)}),
        (${portalId}, 'kept', ${at(5 * MINUTE)})`;

    // Integrations' authorisation states: expired over a day ago, or a moment ago (kept a day for a trace).
    await sql`
      INSERT INTO integration_authorisations (provider_id, integration, state_hash, expires_at) VALUES
        (${providerId}, 'test', ${randomBytes(32)}, ${at(-DAY - MINUTE)}),
        (${providerId}, 'test', ${randomBytes(32)}, ${at(-MINUTE)})`;

    const counts = await purgeExpired(sql, NOW);
    expect(counts).toEqual({
      rateLimits: 2,
      userSessions: 2,
      emailVerificationTokens: 1,
      passwordResetTokens: 1,
      portalSessions: 1,
      clientMagicLinks: 2,
      widgetHandoffJtis: 1,
      integrationAuthorisations: 1,
    });

    expect(ids(await sql<{ id: string }[]>`SELECT key AS id FROM rate_limits`)).toEqual(['running']);
    expect(ids(await sql<{ id: string }[]>`SELECT id FROM user_sessions`)).toEqual(['s-live']);
    const links = await sql<{ token_hash: Buffer }[]>`SELECT token_hash FROM email_verification_tokens`;
    expect(links.map((r) => r.token_hash.toString('hex')).sort()).toEqual(
      [recentLink, usedRecently].map((b) => b.toString('hex')).sort(),
    );
    const resets = await sql<{ token_hash: Buffer }[]>`SELECT token_hash FROM password_reset_tokens`;
    expect(resets.map((r) => r.token_hash.toString('hex'))).toEqual([openReset.toString('hex')]);
    expect(ids(await sql<{ id: string }[]>`SELECT id FROM portal_sessions`)).toEqual(['p-live']);
    const magic = await sql<{ token_hash: Buffer }[]>`SELECT token_hash FROM client_magic_links`;
    expect(magic.map((r) => r.token_hash.toString('hex')).sort()).toEqual(
      [usedAnHourAgo, openLink].map((b) => b.toString('hex')).sort(),
    );
    expect(ids(await sql<{ id: string }[]>`SELECT jti AS id FROM widget_handoff_jtis`)).toEqual(['kept']);

    // A second run finds nothing more.
    expect(Object.values(await purgeExpired(sql, NOW))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('keeps a rate-limit counter until its own window ends, however long the rule’s window', async () => {
    // The window of `resendEmail` is an hour: a counter stays for the rest of that hour, so purging it
    // can never hand an address a fresh budget early.
    const windowStart = new Date(Math.floor(NOW.getTime() / HOUR) * HOUR);
    const inWindow = new Date(windowStart.getTime() + 10 * MINUTE);
    for (let i = 0; i < 3; i++) await hit(sql, RATE_LIMITS.resendEmail, 'kept@example.com', inWindow);
    await purgeExpired(sql, new Date(windowStart.getTime() + HOUR - 1));
    expect((await hit(sql, RATE_LIMITS.resendEmail, 'kept@example.com', inWindow)).allowed).toBe(false);
    await purgeExpired(sql, new Date(windowStart.getTime() + HOUR));
    const rows =
      await sql`SELECT 1 FROM rate_limits WHERE key = 'resend-verification:email:kept@example.com'`;
    expect(rows).toHaveLength(0);
  });
});
