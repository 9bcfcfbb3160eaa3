import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../auth/testing';
import { DOMAIN_CHECK_LIMIT } from '../../services/domains/domain-policy';
import { createTestContext, type TestContext } from '../../testing/harness';
import { createPortal, tempDataDir } from '../portals/testing';

/**
 * Issue 17, finding 18: `/api/domains/check` is Caddy's on-demand TLS `ask`. Without TRUST_PROXY every
 * request through the proxy comes from the proxy's own address, so a flood from the internet must not be
 * able to spend the budget the proxy's own `ask` calls need.
 */
let t: TestContext;
let trusted: TestContext;
const WINDOW = DOMAIN_CHECK_LIMIT.windowMs;

async function verifiedDomain(ctx: TestContext, domain: string) {
  const cookie = await signedInProvider(ctx, `check-${domain}@example.com`);
  const { id } = await createPortal(ctx, cookie);
  await ctx.sql`
    UPDATE client_portals SET custom_domain = ${domain}, domain_status = 'verified',
      domain_verification_token = 'cpv-test', domain_checked_at = now()
    WHERE id = ${id}`;
}

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  trusted = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  await verifiedDomain(t, 'served.example.com');
  await verifiedDomain(trusted, 'served.example.com');
});
afterAll(async () => {
  await t.close();
  await trusted.close();
});

/** Moves the clock to the start of a fresh rate-limit window, so no test straddles two. */
function freshWindow(ctx: TestContext) {
  const now = ctx.deps.now().getTime();
  ctx.advance(WINDOW - (now % WINDOW) + 1000);
}

/** A request as the server sees it from the TCP peer `from`, with the given headers. */
function ask(
  ctx: TestContext,
  from: string,
  headers: Record<string, string> = {},
  domain = 'served.example.com',
) {
  return ctx.app.request(
    `/api/domains/check?domain=${domain}`,
    { headers },
    { incoming: { socket: { remoteAddress: from } } },
  );
}

/** Sends the check's whole budget and one more from `from`; the last answer is 429. */
async function exhaust(ctx: TestContext, from: string, headers: Record<string, string>) {
  const answers = await Promise.all(
    Array.from({ length: DOMAIN_CHECK_LIMIT.limit + 1 }, (_, i) =>
      ask(ctx, from, headers, `flood-${i}.example.com`),
    ),
  );
  expect(answers.filter((r) => r.status === 429)).toHaveLength(1);
}

describe('GET /api/domains/check: the TLS proxy’s own ask always gets an answer', () => {
  it('answers the proxy’s ask (loopback, not forwarded) after a flood forwarded through the same proxy', async () => {
    freshWindow(t);
    await exhaust(t, '127.0.0.1', { 'X-Forwarded-For': '198.51.100.7' });
    expect((await ask(t, '127.0.0.1', { 'X-Forwarded-For': '198.51.100.8' })).status).toBe(429);
    expect((await ask(t, '127.0.0.1')).status).toBe(200);
    expect((await ask(t, '::ffff:127.0.0.1')).status).toBe(200);
    expect((await ask(t, '127.0.0.1', {}, 'unknown.example.com')).status).toBe(404);
  });

  it('never counts the proxy’s ask, however often it asks', async () => {
    freshWindow(t);
    for (let i = 0; i < DOMAIN_CHECK_LIMIT.limit + 5; i++) expect((await ask(t, '::1')).status).toBe(200);
  });

  it('keeps limiting everyone else, direct callers apart from forwarded ones', async () => {
    freshWindow(t);
    await exhaust(t, '203.0.113.9', {});
    expect((await ask(t, '203.0.113.9')).status).toBe(429);
    // Adding a forwarding header moves a caller into the forwarded budget, never out of limits.
    expect((await ask(t, '203.0.113.10')).status).toBe(200);
    await exhaust(t, '127.0.0.1', { Forwarded: 'for=198.51.100.7' });
    expect((await ask(t, '127.0.0.1', { 'X-Real-IP': '198.51.100.9' })).status).toBe(429);
    expect((await ask(t, '127.0.0.1')).status).toBe(200);
  });

  it('behind a trusted proxy, limits each visitor on their own and still answers the proxy', async () => {
    freshWindow(trusted);
    await exhaust(trusted, '127.0.0.1', { 'X-Forwarded-For': '198.51.100.7' });
    expect((await ask(trusted, '127.0.0.1', { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(429);
    expect((await ask(trusted, '127.0.0.1', { 'X-Forwarded-For': '198.51.100.8' })).status).toBe(200);
    expect((await ask(trusted, '127.0.0.1')).status).toBe(200);
  });
});
