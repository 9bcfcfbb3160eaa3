import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, PASSWORD, postJson, signedInProvider } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { seedWorkspace, userIdOf } from '../overview/testing';
import { anotherDevice, isSignedIn, send } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const remove = (cookie: string | undefined, body: unknown) =>
  send(t, 'DELETE', '/api/account', cookie, body, { 'X-Forwarded-For': freshIp() });

const TABLES = ['client_portals', 'clients', 'projects', 'invoices', 'portal_events'] as const;

/** Rows per table owned by a provider, plus their user, profile and sessions. */
async function rowsOf(providerId: string) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ${t.sql(table)} WHERE provider_id = ${providerId}`;
    counts[table] = row?.n ?? 0;
  }
  const [row] = await t.sql<{ users: number; profiles: number; sessions: number }[]>`
    SELECT (SELECT count(*)::int FROM users WHERE id = ${providerId}) AS users,
           (SELECT count(*)::int FROM profiles WHERE user_id = ${providerId}) AS profiles,
           (SELECT count(*)::int FROM user_sessions WHERE user_id = ${providerId}) AS sessions`;
  return { ...counts, ...row };
}

async function seedFull(providerId: string) {
  const { portalId, clientIds } = await seedWorkspace(t.sql, providerId, {
    clients: 2,
    projects: ['planning', 'completed'],
    invoices: [
      ['paid', 100, 'USD'],
      ['sent', 200, 'EUR'],
    ],
  });
  await t.sql`
    INSERT INTO portal_events (provider_id, portal_id, client_id, event_type, metadata)
    VALUES (${providerId}, ${portalId}, ${clientIds[0] ?? null}, 'login', ${t.sql.json({ method: 'password' })})`;
}

describe('DELETE /api/account: security', () => {
  it('answers 401 when signed out', async () => {
    expect((await remove(undefined, { password: PASSWORD, confirm: 'DELETE' })).status).toBe(401);
  });

  it('removes every row of the provider and only theirs', async () => {
    const a = await signedInProvider(t, 'leaving@example.com');
    const b = await signedInProvider(t, 'staying@example.com');
    const [idA, idB] = [await userIdOf(t, a), await userIdOf(t, b)];
    await seedFull(idA);
    await seedFull(idB);
    await anotherDevice(t, 'leaving@example.com');
    const before = await rowsOf(idB);
    expect(before).toMatchObject({
      client_portals: 1,
      clients: 2,
      projects: 2,
      invoices: 2,
      portal_events: 1,
    });

    const res = await remove(a, { password: PASSWORD, confirm: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    expect(await rowsOf(idA)).toEqual({
      client_portals: 0,
      clients: 0,
      projects: 0,
      invoices: 0,
      portal_events: 0,
      users: 0,
      profiles: 0,
      sessions: 0,
    });
    expect(await rowsOf(idB)).toEqual(before);
    expect(await isSignedIn(t, b)).toBe(true);
  });
});

describe('DELETE /api/account', () => {
  it('signs out, clears the cookie and frees the e-mail address', async () => {
    const cookie = await signedInProvider(t, 'gone@example.com');
    const res = await remove(cookie, { password: PASSWORD, confirm: 'DELETE' });
    expect(res.headers.getSetCookie().join()).toMatch(/^session=;/);
    expect(await isSignedIn(t, cookie)).toBe(false);
    const signIn = await postJson(
      t,
      '/api/auth/sign-in',
      { email: 'gone@example.com', password: PASSWORD },
      { 'X-Forwarded-For': freshIp() },
    );
    expect(signIn.status).toBe(401);
    const [mails] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = 'gone@example.com'`;
    expect(mails?.n).toBe(0);
  });

  it('answers 422 wrong_password for a wrong password and deletes nothing', async () => {
    const cookie = await signedInProvider(t, 'careful@example.com');
    const id = await userIdOf(t, cookie);
    await seedFull(id);
    const res = await remove(cookie, { password: 'not it', confirm: 'DELETE' });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe('wrong_password');
    expect(error.fields).toEqual([expect.objectContaining({ path: 'password' })]);
    expect(await rowsOf(id)).toMatchObject({ users: 1, clients: 2, invoices: 2 });
    expect(await isSignedIn(t, cookie)).toBe(true);
  });

  it.each([
    [{ password: PASSWORD, confirm: 'delete' }, 'confirm', 'validation.confirmDelete'],
    [{ password: PASSWORD }, 'confirm', 'validation.confirmDelete'],
    [{ confirm: 'DELETE' }, 'password', 'validation.passwordRequired'],
  ])('rejects %j with 422 on %s and deletes nothing', async (body, path, key) => {
    const cookie = await signedInProvider(t, `confirm-${Math.random().toString(36).slice(2)}@example.com`);
    const res = await remove(cookie, body);
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toContainEqual(expect.objectContaining({ path, key }));
    expect(await isSignedIn(t, cookie)).toBe(true);
  });
});
