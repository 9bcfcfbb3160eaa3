import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalSession } from '../../../shared/contracts/portal-client';
import type { HandoffSession } from '../../../shared/contracts/widget';
import { insertInvoice } from '../../services/invoices/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import {
  addClient,
  eventsOf,
  isLive,
  type PortalWorld,
  portalRequest,
  portalWorld,
  withSessionsRefused,
} from '../portal-client/testing';
import { createPortal, tempDataDir } from '../portals/testing';
import { exchange, handoffClaims, rotateSecret, signHandoffToken } from './testing';

let t: TestContext;
let world: PortalWorld;
let stranger: PortalWorld;
let secret: string;
let strangerSecret: string;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  world = await portalWorld(t, 'handoff', { withPassword: false });
  stranger = await portalWorld(t, 'handoff-stranger');
  secret = await rotateSecret(t, world.owner, world.portalId);
  strangerSecret = await rotateSecret(t, stranger.owner, stranger.portalId);
});
afterAll(() => t.close());

const claims = (extra: Record<string, unknown> = {}) =>
  handoffClaims(world.client.email, world.portalId, t.deps.now(), extra);
const token = (extra: Record<string, unknown> = {}, key = secret, header: object = {}) =>
  signHandoffToken(claims(extra), key, header);

async function rejected(res: Response, status: number, code: string) {
  expect(res.status, code).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  return body.error.message;
}

describe('POST /api/widget/handoff: success', () => {
  it('exchanges a valid token for a portal session recorded as a handoff login', async () => {
    const res = await exchange(t, world.portalId, token());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const session = (await res.json()) as PortalSession;
    expect(session.client).toMatchObject({
      id: world.client.id,
      email: world.client.email,
      portalId: world.portalId,
    });
    expect(session.token).toMatch(/^\w+\.\w+$/);
    expect(await isLive(t, session)).toBe(true);
    const [row] = await t.sql<{ method: string }[]>`
      SELECT method FROM portal_sessions WHERE id = ${session.token.split('.')[0] ?? ''}`;
    expect(row?.method).toBe('handoff');
    const events = await eventsOf(t, world.client.id);
    expect(events.at(-1)).toMatchObject({ event_type: 'login', metadata: { method: 'handoff' } });
  });

  it('accepts the e-mail in any case, an audience list, no typ header and a 10-minute lifetime', async () => {
    const now = Math.floor(t.deps.now().getTime() / 1000);
    const res = await exchange(
      t,
      world.portalId,
      signHandoffToken(
        claims({
          sub: world.client.email.toUpperCase(),
          aud: ['other', world.portalId],
          iat: now,
          exp: now + 600,
        }),
        secret,
        { typ: undefined },
      ),
    );
    expect(res.status).toBe(200);
  });

  it('keeps jtis per portal: the same jti works once in each portal', async () => {
    const jti = `shared-${crypto.randomUUID()}`;
    expect((await exchange(t, world.portalId, token({ jti }))).status).toBe(200);
    const theirs = signHandoffToken(
      handoffClaims(stranger.client.email, stranger.portalId, t.deps.now(), { jti }),
      strangerSecret,
    );
    expect((await exchange(t, stranger.portalId, theirs)).status).toBe(200);
  });
});

describe('POST /api/widget/handoff: the first page included', () => {
  it('returns the new session’s own dashboard, projects or invoices, exactly as their GET routes do', async () => {
    const p = world.providerId;
    const neighbour = await addClient(t, world, 'handoff-neighbour');
    await t.sql`
      INSERT INTO projects (provider_id, client_id, name, status)
      VALUES (${p}, ${world.client.id}, 'Handoff website', 'in_progress'),
             (${p}, ${neighbour.id}, 'Neighbour secret', 'in_progress')`;
    await insertInvoice(t.sql, {
      providerId: p,
      clientId: world.client.id,
      number: 'H-1',
      amountCents: 12000,
      status: 'sent',
    });
    await insertInvoice(t.sql, {
      providerId: p,
      clientId: neighbour.id,
      number: 'H-N',
      amountCents: 99000,
      status: 'sent',
    });
    for (const include of ['dashboard', 'projects', 'invoices'] as const) {
      const res = await portalRequest(t, 'POST', '/api/widget/handoff', undefined, {
        portalId: world.portalId,
        token: token(),
        include,
      });
      expect(res.status, include).toBe(200);
      const body = (await res.json()) as HandoffSession;
      expect(Object.keys(body.included ?? {})).toEqual([include]);
      const direct = await portalRequest(t, 'GET', `/api/portal/${world.portalId}/${include}`, body.token);
      expect(body.included?.[include]).toEqual(await direct.json());
      expect(JSON.stringify(body.included)).not.toContain('Neighbour secret');
      expect(JSON.stringify(body.included)).not.toContain('H-N');
    }
  });

  it('includes nothing unless asked, and refuses an unknown page without spending the token', async () => {
    const plain = (await (await exchange(t, world.portalId, token())).json()) as HandoffSession;
    expect(plain.included).toBeUndefined();
    const once = token();
    const res = await portalRequest(t, 'POST', '/api/widget/handoff', undefined, {
      portalId: world.portalId,
      token: once,
      include: 'files',
    });
    expect(res.status).toBe(422);
    expect((await exchange(t, world.portalId, once)).status).toBe(200);
  });
});

describe('POST /api/widget/handoff: rejections', () => {
  it('refuses a replayed token (single use by jti)', async () => {
    const once = token();
    expect((await exchange(t, world.portalId, once)).status).toBe(200);
    await rejected(await exchange(t, world.portalId, once), 401, 'handoff_replayed');
  });

  it('refuses an expired token', async () => {
    const soon = token({ exp: Math.floor(t.deps.now().getTime() / 1000) + 30 });
    t.advance(31_000);
    await rejected(await exchange(t, world.portalId, soon), 401, 'handoff_expired');
    const now = Math.floor(t.deps.now().getTime() / 1000);
    await rejected(
      await exchange(t, world.portalId, token({ iat: now - 700, exp: now - 100 })),
      401,
      'handoff_expired',
    );
  });

  it('refuses a token signed with another secret, or altered after signing', async () => {
    await rejected(
      await exchange(t, world.portalId, token({}, strangerSecret)),
      401,
      'handoff_bad_signature',
    );
    await rejected(await exchange(t, world.portalId, token({}, `${secret}x`)), 401, 'handoff_bad_signature');
    const [header, , signature] = token().split('.');
    const forged = Buffer.from(JSON.stringify(claims({ sub: 'someone-else@example.com' }))).toString(
      'base64url',
    );
    await rejected(
      await exchange(t, world.portalId, `${header}.${forged}.${signature}`),
      401,
      'handoff_bad_signature',
    );
    const [h, p] = token().split('.');
    await rejected(await exchange(t, world.portalId, `${h}.${p}.AAAA`), 401, 'handoff_bad_signature');
  });

  it('refuses a token for another portal (wrong audience)', async () => {
    await rejected(
      await exchange(t, world.portalId, token({ aud: stranger.portalId })),
      401,
      'handoff_wrong_audience',
    );
    await rejected(
      await exchange(t, world.portalId, token({ aud: undefined })),
      401,
      'handoff_wrong_audience',
    );
  });

  it('refuses an e-mail that is no client of the portal (also another provider’s client)', async () => {
    const message = await rejected(
      await exchange(t, world.portalId, token({ sub: 'nobody@example.com' })),
      404,
      'handoff_unknown_client',
    );
    expect(message).toContain('No account found');
    await rejected(
      await exchange(t, world.portalId, token({ sub: stranger.client.email })),
      404,
      'handoff_unknown_client',
    );
  });

  it('keeps tenants apart: a valid token of one portal never opens another', async () => {
    const theirs = signHandoffToken(
      handoffClaims(stranger.client.email, stranger.portalId, t.deps.now()),
      strangerSecret,
    );
    await rejected(await exchange(t, world.portalId, theirs), 401, 'handoff_bad_signature');
    // The owner's second portal has no secret: a token of the first portal does not carry over.
    const second = await createPortal(t, world.owner, { portalName: 'Second' });
    await rejected(await exchange(t, second.id, token({ aud: second.id })), 403, 'handoff_not_configured');
    await rejected(await exchange(t, crypto.randomUUID(), token()), 404, 'not_found');
  });

  it.each([
    ['not a JWT', () => 'garbage'],
    ['two parts', () => token().split('.').slice(0, 2).join('.')],
    ['alg none', () => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token().split('.')[1]}.`],
    ['alg HS512', () => token({}, secret, { alg: 'HS512' })],
    ['typ other than JWT', () => token({}, secret, { typ: 'at+jwt' })],
    ['a crit header', () => token({}, secret, { crit: ['exp'] })],
    ['a lifetime over 10 minutes', () => token({ exp: Math.floor(t.deps.now().getTime() / 1000) + 601 })],
    ['exp before iat', () => token({ exp: Math.floor(t.deps.now().getTime() / 1000) - 1 })],
    ['no exp', () => token({ exp: undefined })],
    ['no iat', () => token({ iat: undefined })],
    [
      'iat in the future',
      () =>
        token({
          iat: Math.floor(t.deps.now().getTime() / 1000) + 3600,
          exp: Math.floor(t.deps.now().getTime() / 1000) + 3900,
        }),
    ],
    ['no jti', () => token({ jti: undefined })],
    ['an empty jti', () => token({ jti: '' })],
    ['a sub that is no e-mail', () => token({ sub: 'user-42' })],
    [
      'a payload that is no object',
      () => {
        const [h] = token().split('.');
        return `${h}.${Buffer.from('[1]').toString('base64url')}.AAAA`;
      },
    ],
  ])('refuses a malformed token: %s', async (_label, make) => {
    const res = await exchange(t, world.portalId, make());
    expect([400, 401]).toContain(res.status);
    const code = ((await res.json()) as { error: { code: string } }).error.code;
    expect(code).toMatch(/^handoff_(invalid|bad_signature)$/);
  });

  it('tells a malformed token apart from a bad signature once the signature is good', async () => {
    await rejected(await exchange(t, world.portalId, token({ jti: undefined })), 400, 'handoff_invalid');
    await rejected(await exchange(t, world.portalId, token({ sub: 'user-42' })), 400, 'handoff_invalid');
    await rejected(
      await exchange(t, world.portalId, token({ exp: Math.floor(t.deps.now().getTime() / 1000) + 601 })),
      400,
      'handoff_invalid',
    );
  });

  it('validates the body (422) and answers in German when asked', async () => {
    const res = await exchange(t, world.portalId, '');
    expect(res.status).toBe(422);
    const missing = await send(t, 'POST', '/api/widget/handoff', undefined, { portalId: 'x', token: 'y' });
    expect(missing.status).toBe(422);
    const de = await exchange(t, world.portalId, token({ sub: 'nobody@example.com' }), {
      'Accept-Language': 'de',
    });
    expect(((await de.json()) as { error: { message: string } }).error.message).toContain('kein Konto');
  });

  it('a token refused for its signature does not burn its jti', async () => {
    const jti = crypto.randomUUID();
    await rejected(
      await exchange(t, world.portalId, token({ jti }, strangerSecret)),
      401,
      'handoff_bad_signature',
    );
    expect((await exchange(t, world.portalId, token({ jti }))).status).toBe(200);
  });

  it('a session that cannot be stored leaves the token unspent (one transaction), and it works once later', async () => {
    const once = token();
    await withSessionsRefused(t, world.client.id, async () => {
      expect((await exchange(t, world.portalId, once)).status).toBe(500);
    });
    expect((await exchange(t, world.portalId, once)).status).toBe(200);
    await rejected(await exchange(t, world.portalId, once), 401, 'handoff_replayed');
  });
});
