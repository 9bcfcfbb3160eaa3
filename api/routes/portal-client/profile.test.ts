import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalSession } from '../../../shared/contracts/portal-client';
import { outbox } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { tempDataDir } from '../portals/testing';
import {
  CLIENT_PASSWORD,
  consume,
  isLive,
  type PortalWorld,
  passwordSession,
  portalRequest,
  portalWorld,
  requestLink,
} from './testing';

let t: TestContext;
let world: PortalWorld;
let magicOnly: PortalWorld;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  world = await portalWorld(t, 'profile');
  magicOnly = await portalWorld(t, 'magic', { withPassword: false });
});
afterAll(() => t.close());

const patch = (session: PortalSession, body: unknown, headers: Record<string, string> = {}) =>
  portalRequest(t, 'PATCH', `/api/portal/${session.client.portalId}/profile`, session.token, body, headers);
const setPassword = (session: PortalSession, body: unknown) =>
  portalRequest(t, 'POST', `/api/portal/${session.client.portalId}/password`, session.token, body);

describe('PATCH /api/portal/{portalId}/profile', () => {
  it('changes the name and language, and the portal’s e-mails follow the language', async () => {
    const session = await passwordSession(t, world.client.email, world.portalId);
    const res = await patch(session, { name: '  Grace B. Hopper ', language: 'de' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: world.client.id, name: 'Grace B. Hopper', language: 'de' });
    await requestLink(t, world.client.email, world.portalId);
    expect((await outbox(t, world.client.email))[0]?.subject).toBe('Ihr Anmeldelink für profile portal');
    const back = await patch(session, { language: 'en' });
    expect(await back.json()).toMatchObject({ name: 'Grace B. Hopper', language: 'en' });
  });

  it('refuses an empty name and unknown fields', async () => {
    const session = await passwordSession(t, world.client.email, world.portalId);
    const res = await patch(session, { name: ' ' }, { 'Accept-Language': 'de' });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields[0]).toMatchObject({
      path: 'name',
      key: 'validation.nameRequired',
    });
    expect((await patch(session, { email: 'new@example.com' })).status).toBe(422);
  });
});

describe('POST /api/portal/{portalId}/password', () => {
  it('lets a magic-link client set a first password, then sign in with it', async () => {
    const session = (await (
      await consume(t, await requestLink(t, magicOnly.client.email))
    ).json()) as PortalSession;
    expect(session.client.hasPassword).toBe(false);
    const res = await setPassword(session, { password: 'first secret', confirmPassword: 'first secret' });
    expect(res.status).toBe(200);
    const signIn = await portalRequest(t, 'POST', '/api/portal/sign-in', undefined, {
      email: magicOnly.client.email,
      password: 'first secret',
    });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as PortalSession).client.hasPassword).toBe(true);
  });

  it('requires at least 6 characters and a matching confirmation (spec §5)', async () => {
    const session = await passwordSession(t, world.client.email, world.portalId);
    const short = await setPassword(session, {
      currentPassword: CLIENT_PASSWORD,
      password: '12345',
      confirmPassword: '12345',
    });
    expect(short.status).toBe(422);
    expect((await short.json()).error.fields[0].message).toBe('Password should be at least 6 characters');
    const mismatch = await setPassword(session, {
      currentPassword: CLIENT_PASSWORD,
      password: '123456',
      confirmPassword: '1234567',
    });
    expect((await mismatch.json()).error.fields[0]).toMatchObject({
      path: 'confirmPassword',
      message: 'Passwords do not match',
    });
  });

  it('refuses one of the 10,000 most common passwords, in any letter case (issue 17)', async () => {
    const session = await passwordSession(t, world.client.email, world.portalId);
    const res = await setPassword(session, {
      currentPassword: CLIENT_PASSWORD,
      password: 'ILoveYou',
      confirmPassword: 'ILoveYou',
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual([
      {
        path: 'password',
        key: 'validation.passwordTooCommon',
        message: 'This password is too common and easy to guess. Please choose another one.',
      },
    ]);
    // Nothing changed: the old password still signs in.
    expect((await passwordSession(t, world.client.email, world.portalId)).token).toBeTruthy();
  });

  it('changes a password only with the current one, and ends the client’s other sessions', async () => {
    const here = await passwordSession(t, world.client.email, world.portalId);
    const elsewhere = await passwordSession(t, world.client.email, world.portalId);
    const wrong = await setPassword(here, {
      currentPassword: 'nope',
      password: 'new secret',
      confirmPassword: 'new secret',
    });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error).toMatchObject({
      code: 'wrong_password',
      fields: [{ path: 'currentPassword', message: 'The password is not correct.' }],
    });
    const missing = await setPassword(here, { password: 'new secret', confirmPassword: 'new secret' });
    expect(missing.status).toBe(422);

    const ok = await setPassword(here, {
      currentPassword: CLIENT_PASSWORD,
      password: 'new secret',
      confirmPassword: 'new secret',
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { endedSessions: number }).endedSessions).toBeGreaterThanOrEqual(1);
    expect(await isLive(t, here)).toBe(true);
    expect(await isLive(t, elsewhere)).toBe(false);
    const old = await portalRequest(t, 'POST', '/api/portal/sign-in', undefined, {
      email: world.client.email,
      password: CLIENT_PASSWORD,
    });
    expect(old.status).toBe(401);
  });
});
