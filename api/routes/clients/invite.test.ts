import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, signedInProvider } from '../../auth/testing';
import { consumeMagicLink } from '../../services/portal-auth/magic-link';
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
    expect(mail?.subject).toBe('Ihr Anmeldelink für Acme <Portal>');
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
    expect(mail?.subject).toBe('Your sign-in link for Acme <Portal>');
    expect(mail?.text).toContain('This link is valid for 24 hours and can be used once.');
  });
});
