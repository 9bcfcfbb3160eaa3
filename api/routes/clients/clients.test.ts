import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../auth/testing';
import { insertInvoice } from '../../services/invoices/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { userIdOf } from '../overview/testing';
import {
  CLIENT_PASSWORD,
  consume,
  isLive,
  latestMagicLinkToken,
  passwordSession,
  portalRequest,
  requestLink,
} from '../portal-client/testing';
import { createClient, createPortal, expectProviderOnly, tempDataDir } from '../portals/testing';

let t: TestContext;
let owner: string;
let stranger: string;
let portalId: string;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  owner = await signedInProvider(t, 'clients-owner@example.com');
  stranger = await signedInProvider(t, 'clients-stranger@example.com');
  portalId = (await createPortal(t, owner)).id;
});
afterAll(() => t.close());

describe('client routes: security', () => {
  it('answers 401 signed out, 401 to a bearer token and 404 to another provider on every client route', async () => {
    const { id } = await createClient(t, owner, portalId);
    for (const req of [
      { method: 'GET', path: `/api/clients/${id}` },
      { method: 'PATCH', path: `/api/clients/${id}`, body: { name: 'Hijacked' } },
      { method: 'POST', path: `/api/clients/${id}/invite` },
      { method: 'POST', path: `/api/clients/${id}/password`, body: { password: 'secret1' } },
      { method: 'DELETE', path: `/api/clients/${id}` },
    ]) {
      await expectProviderOnly(t, stranger, req);
    }
    expect((await send(t, 'GET', `/api/clients/${id}`, owner)).status).toBe(200);
  });

  it('refuses to create a client in another provider’s portal (404) and lists only own clients', async () => {
    const res = await send(t, 'POST', '/api/clients', stranger, {
      name: 'X',
      email: 'x@example.com',
      portalId,
    });
    expect(res.status).toBe(404);
    expect((await send(t, 'GET', '/api/clients', undefined)).status).toBe(401);
    expect((await (await send(t, 'GET', '/api/clients', stranger)).json()).total).toBe(0);
  });

  it('refuses to move a client into another provider’s portal', async () => {
    const { id } = await createClient(t, owner, portalId);
    const foreign = await createPortal(t, stranger);
    const res = await send(t, 'PATCH', `/api/clients/${id}`, owner, { portalId: foreign.id });
    expect(res.status).toBe(404);
  });
});

describe('client routes: create, read, update, delete', () => {
  it('creates a client with required name and e-mail, lower-casing the e-mail', async () => {
    const client = await createClient(t, owner, portalId, {
      email: 'Ada@Example.COM',
      company: 'Engines',
      phone: '',
    });
    expect(client).toMatchObject({
      email: 'ada@example.com',
      company: 'Engines',
      phone: null,
      language: 'en',
      hasPassword: false,
      portal: { id: portalId, portalName: 'Studio' },
    });
  });

  it('answers 409 client_email_taken for a second client with the same e-mail in the portal', async () => {
    await createClient(t, owner, portalId, { email: 'twice@example.com' });
    const res = await send(t, 'POST', '/api/clients', owner, {
      name: 'B',
      email: 'TWICE@example.com',
      portalId,
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('client_email_taken');
    const other = await createPortal(t, owner, { portalName: 'Other' });
    await createClient(t, owner, other.id, { email: 'twice@example.com' });
  });

  it.each([
    [{ email: 'a@example.com' }, 'name'],
    [{ name: 'A' }, 'email'],
    [{ name: 'A', email: 'not-an-email' }, 'email'],
  ])('rejects %j with 422 on %s', async (body, field) => {
    const res = await send(t, 'POST', '/api/clients', owner, { portalId, ...body });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields.map((f: { path: string }) => f.path)).toContain(field);
  });

  it('shows the detail with projects, invoices and the last portal login', async () => {
    const { id } = await createClient(t, owner, portalId);
    const providerId = await userIdOf(t, owner);
    const [project] = await t.sql<{ id: string }[]>`
      INSERT INTO projects (provider_id, client_id, name, status) VALUES (${providerId}, ${id}, 'Site', 'in_progress') RETURNING id`;
    await insertInvoice(t.sql, {
      providerId,
      clientId: id,
      projectId: String(project?.id),
      number: 'INV-DETAIL',
      amountCents: 12345,
      status: 'sent',
    });
    await t.sql`INSERT INTO portal_events (provider_id, portal_id, client_id, event_type, metadata, created_at)
      VALUES (${providerId}, ${portalId}, ${id}, 'login', '{"method":"magic_link"}', '2030-01-02T03:04:05Z'),
             (${providerId}, ${portalId}, ${id}, 'login', '{"method":"password"}', '2029-01-01T00:00:00Z')`;
    const detail = await (await send(t, 'GET', `/api/clients/${id}`, owner)).json();
    expect(detail.projects).toEqual([expect.objectContaining({ name: 'Site', status: 'in_progress' })]);
    expect(detail.invoices).toEqual([expect.objectContaining({ number: 'INV-DETAIL', amountCents: 12345 })]);
    expect(detail.lastPortalLogin).toBe('2030-01-02T03:04:05.000Z');

    const deleted = await (await send(t, 'DELETE', `/api/clients/${id}`, owner)).json();
    expect(deleted).toEqual({ ok: true, deleted: { projects: 1, invoices: 1 } });
    expect((await send(t, 'GET', `/api/clients/${id}`, owner)).status).toBe(404);
  });

  it('updates only the fields sent and clears optional ones with an empty string', async () => {
    const { id } = await createClient(t, owner, portalId, { company: 'Acme', notes: 'VIP' });
    const res = await send(t, 'PATCH', `/api/clients/${id}`, owner, { company: '', language: 'de' });
    expect(await res.json()).toMatchObject({
      company: null,
      notes: 'VIP',
      language: 'de',
      name: 'Grace Hopper',
    });
  });

  it('sets an initial password (at least 6 characters, not a common one), stored as argon2id', async () => {
    const { id } = await createClient(t, owner, portalId);
    expect((await send(t, 'POST', `/api/clients/${id}/password`, owner, { password: '12345' })).status).toBe(
      422,
    );
    const common = await send(t, 'POST', `/api/clients/${id}/password`, owner, { password: 'TrustNo1' });
    expect(common.status).toBe(422);
    expect((await common.json()).error.fields).toEqual([
      {
        path: 'password',
        key: 'validation.passwordTooCommon',
        message: 'This password is too common and easy to guess. Please choose another one.',
      },
    ]);
    expect(
      (await send(t, 'POST', `/api/clients/${id}/password`, owner, { password: 'plum tree 7' })).status,
    ).toBe(200);
    const [row] = await t.sql<
      { password_hash: string }[]
    >`SELECT password_hash FROM clients WHERE id = ${id}`;
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect((await (await send(t, 'GET', `/api/clients/${id}`, owner)).json()).hasPassword).toBe(true);
  });
});

describe('GET /api/clients: search, sort, pages', () => {
  let searchPortal: string;
  beforeAll(async () => {
    searchPortal = (await createPortal(t, owner, { portalName: 'Search' })).id;
    const providerId = await userIdOf(t, owner);
    await t.sql`
      INSERT INTO clients (provider_id, portal_id, name, email, company, created_at)
      SELECT ${providerId}, ${searchPortal}, 'Person ' || lpad(i::text, 3, '0'), 'p' || i || '@example.com',
             CASE WHEN i % 10 = 0 THEN 'Acme 50% Corp' ELSE NULL END, now() - i * interval '1 minute'
      FROM generate_series(1, 120) i`;
  });
  const list = async (query: string) =>
    (await send(t, 'GET', `/api/clients?portalId=${searchPortal}&${query}`, owner)).json();

  it('pages 50 at a time by default by cursor, with the exact total', async () => {
    const first = await list('');
    expect(first.total).toBe(120);
    expect(first.items).toHaveLength(50);
    expect(first.items[0].name).toBe('Person 001');
    const second = await list(`cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.items[0].name).toBe('Person 051');
    const last = await list(`cursor=${encodeURIComponent(second.nextCursor)}`);
    expect(last.items).toHaveLength(20);
    expect(last.items.at(-1).name).toBe('Person 120');
    expect(last.nextCursor).toBeNull();
  });

  it('searches name, e-mail and company case-insensitively, with wildcards taken literally', async () => {
    expect((await list('search=PERSON%2011')).total).toBe(10); // Person 110–119
    expect((await list('search=p7%40example')).total).toBe(1);
    expect((await list('search=acme')).total).toBe(12);
    expect((await list(`search=${encodeURIComponent('50%')}`)).total).toBe(12);
    expect((await list(`search=${encodeURIComponent('_')}`)).total).toBe(0);
  });

  it('sorts by each field in both orders', async () => {
    expect((await list('sort=createdAt&order=desc')).items[0].name).toBe('Person 001');
    expect((await list('sort=name&order=desc')).items[0].name).toBe('Person 120');
    expect((await list('sort=company&order=asc')).items[0].company).toBe('Acme 50% Corp');
    expect((await list('sort=email&order=asc')).items[0].email).toBe('p100@example.com');
  });

  it('rejects an unknown sort field or a limit over 100 with 422', async () => {
    expect((await send(t, 'GET', '/api/clients?sort=password_hash', owner)).status).toBe(422);
    expect((await send(t, 'GET', '/api/clients?limit=1000', owner)).status).toBe(422);
  });
});

describe('changing a client’s e-mail address', () => {
  /** A client with a password, a live portal session, an invitation and a link they asked for. */
  async function clientWithAccess(email: string) {
    const client = await createClient(t, owner, portalId, { email });
    expect(
      (await send(t, 'POST', `/api/clients/${client.id}/password`, owner, { password: CLIENT_PASSWORD }))
        .status,
    ).toBe(200);
    const session = await passwordSession(t, email, portalId);
    expect((await send(t, 'POST', `/api/clients/${client.id}/invite`, owner)).status).toBe(200);
    const invitation = await latestMagicLinkToken(t, email);
    const requested = await requestLink(t, email, portalId);
    return { client, session, invitation, requested };
  }
  const passwordSignIn = (email: string) =>
    portalRequest(t, 'POST', '/api/portal/sign-in', undefined, {
      email,
      password: CLIENT_PASSWORD,
      portalId,
    });

  it('ends the client’s access: portal sessions, unused links (the invitation too) and the password', async () => {
    const { client, session, invitation, requested } = await clientWithAccess('old-address@example.com');
    const res = await send(t, 'PATCH', `/api/clients/${client.id}`, owner, {
      email: 'New-Address@example.com',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: 'new-address@example.com', hasPassword: false });

    expect(await isLive(t, session)).toBe(false);
    expect((await consume(t, invitation)).status).toBe(400);
    expect((await consume(t, requested)).status).toBe(400);
    expect((await passwordSignIn('old-address@example.com')).status).toBe(401);
    expect((await passwordSignIn('new-address@example.com')).status).toBe(401);
    // The client comes back through a link to the new address.
    const link = await requestLink(t, 'new-address@example.com', portalId);
    expect((await consume(t, link)).status).toBe(200);
  });

  it('leaves the access alone when the address does not change', async () => {
    const { client, session, invitation } = await clientWithAccess('same-address@example.com');
    const res = await send(t, 'PATCH', `/api/clients/${client.id}`, owner, {
      email: 'SAME-address@example.com',
      name: 'Renamed',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Renamed', hasPassword: true });
    expect(await isLive(t, session)).toBe(true);
    expect((await passwordSignIn('same-address@example.com')).status).toBe(200);
    expect((await consume(t, invitation)).status).toBe(200);
  });

  it('changes nothing when the new address is taken in the portal (409, one transaction)', async () => {
    await createClient(t, owner, portalId, { email: 'taken-address@example.com' });
    const { client, session, invitation } = await clientWithAccess('keeps-access@example.com');
    const res = await send(t, 'PATCH', `/api/clients/${client.id}`, owner, {
      email: 'taken-address@example.com',
    });
    expect(res.status).toBe(409);
    expect(await isLive(t, session)).toBe(true);
    expect((await consume(t, invitation)).status).toBe(200);
    expect((await passwordSignIn('keeps-access@example.com')).status).toBe(200);
  });

  it('answers 404 for another provider’s client and ends nothing', async () => {
    const { client, session } = await clientWithAccess('foreign-change@example.com');
    const res = await send(t, 'PATCH', `/api/clients/${client.id}`, stranger, { email: 'x@example.com' });
    expect(res.status).toBe(404);
    expect(await isLive(t, session)).toBe(true);
  });
});

describe('a provider setting a client’s password', () => {
  it('ends every portal session of that client (ASVS 7.4.3), and no other client’s', async () => {
    const client = await createClient(t, owner, portalId, { email: 'reset-by-provider@example.com' });
    const other = await createClient(t, owner, portalId, { email: 'bystander@example.com' });
    for (const id of [client.id, other.id]) {
      await send(t, 'POST', `/api/clients/${id}/password`, owner, { password: CLIENT_PASSWORD });
    }
    const first = await passwordSession(t, client.email, portalId);
    const second = await consume(t, await requestLink(t, client.email, portalId));
    const bystander = await passwordSession(t, other.email, portalId);
    const res = await send(t, 'POST', `/api/clients/${client.id}/password`, owner, {
      password: 'a new secret',
    });
    expect(res.status).toBe(200);
    expect(await isLive(t, first)).toBe(false);
    expect(await isLive(t, await second.json())).toBe(false);
    expect(await isLive(t, bystander)).toBe(true);
    const signIn = await portalRequest(t, 'POST', '/api/portal/sign-in', undefined, {
      email: client.email,
      password: 'a new secret',
      portalId,
    });
    expect(signIn.status).toBe(200);
  });

  it('ends no session when the client is another provider’s (404)', async () => {
    const client = await createClient(t, owner, portalId, { email: 'not-theirs@example.com' });
    await send(t, 'POST', `/api/clients/${client.id}/password`, owner, { password: CLIENT_PASSWORD });
    const session = await passwordSession(t, client.email, portalId);
    const res = await send(t, 'POST', `/api/clients/${client.id}/password`, stranger, {
      password: 'hijacked',
    });
    expect(res.status).toBe(404);
    expect(await isLive(t, session)).toBe(true);
  });
});
