import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { send } from '../routes/account/testing';
import { type FilesWorld, filesWorld } from '../services/files/testing';
import { createTestContext, type TestContext } from '../testing/harness';
import { planAllows, planStateOf } from './plan-gate';

describe('planStateOf', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('is premium with an active subscription, whatever the trial says', () => {
    expect(planStateOf('premium', new Date('2020-01-01T00:00:00Z'), now, true)).toBe('premium');
  });
  it('is trial before the trial ends and expired from its end on', () => {
    expect(planStateOf('trial', new Date(now.getTime() + 1), now, true)).toBe('trial');
    expect(planStateOf('trial', now, now, true)).toBe('expired');
    expect(planStateOf('trial', new Date(now.getTime() - 1), now, true)).toBe('expired');
  });
  it('is self_hosted on a server without platform billing, whatever the trial says', () => {
    expect(planStateOf('trial', new Date(now.getTime() - 86_400_000), now, false)).toBe('self_hosted');
    expect(planStateOf('premium', now, now, false)).toBe('self_hosted');
  });
});

describe('planAllows', () => {
  it('lets every request of a trial or premium provider through', () => {
    for (const state of ['trial', 'premium'] as const) {
      expect(planAllows(state, 'POST', '/api/clients')).toBe(true);
      expect(planAllows(state, 'DELETE', '/api/projects/x')).toBe(true);
    }
  });
  it('lets an expired provider read, and make only the listed writes', () => {
    expect(planAllows('expired', 'GET', '/api/clients')).toBe(true);
    expect(planAllows('expired', 'HEAD', '/api/files/a/versions/b/download')).toBe(true);
    expect(planAllows('expired', 'POST', '/api/clients')).toBe(false);
    expect(planAllows('expired', 'PUT', '/api/payments/stripe')).toBe(false);
    expect(planAllows('expired', 'DELETE', '/api/payments/stripe')).toBe(true);
    expect(planAllows('expired', 'POST', '/api/plan/checkout')).toBe(true);
    expect(planAllows('expired', 'POST', '/api/plan/cancel/')).toBe(true);
    expect(planAllows('expired', 'POST', '/api/account/password')).toBe(true);
    expect(planAllows('expired', 'PATCH', '/api/account/password')).toBe(false);
    expect(planAllows('expired', 'DELETE', '/api/account')).toBe(true);
    expect(planAllows('expired', 'DELETE', '/api/account/sessions/abc')).toBe(true);
    expect(planAllows('expired', 'POST', '/api/auth/sign-out')).toBe(true);
    // No prefix tricks: the allow-list matches whole paths.
    expect(planAllows('expired', 'POST', '/api/plan/checkout/../../clients')).toBe(false);
    expect(planAllows('expired', 'DELETE', '/api/accounts')).toBe(false);
    expect(planAllows('expired', 'PATCH', '/api/profile')).toBe(false);
  });
});

/**
 * The gate on the real app: every provider write behind `requireProvider` answers 402 `plan_required`
 * once the trial ended without a subscription, changes nothing, and reads, export, sessions and the
 * provider's clients keep working.
 */
describe('read-only after the trial', () => {
  let t: TestContext;
  let w: FilesWorld;
  beforeAll(async () => {
    // Platform billing on: a server with its own Stripe account (no Stripe call is made here).
    t = await createTestContext({ TRUST_PROXY: 'true', STRIPE_SECRET_KEY: 'sk_test_gate' });
    w = await filesWorld(t, 'gate');
  });
  afterAll(() => t.close());

  const setPlan = async (plan: 'trial' | 'premium', trialEndsInMs: number) => {
    const endsAt = new Date(t.deps.now().getTime() + trialEndsInMs);
    await t.sql`UPDATE users SET plan = ${plan}, trial_ends_at = ${endsAt} WHERE id = ${w.providerId}`;
  };
  const expire = () => setPlan('trial', -60_000);
  beforeEach(() => setPlan('trial', 7 * 86_400_000));

  const writes = () =>
    [
      ['POST', '/api/clients', { name: 'Late', email: 'late@example.com', portalId: w.portalId }],
      ['PATCH', `/api/clients/${w.clientId}`, { name: 'Renamed' }],
      ['POST', '/api/projects', { clientId: w.clientId, name: 'New project' }],
      ['PATCH', `/api/projects/${w.projectId}`, { name: 'Renamed project' }],
      ['DELETE', `/api/projects/${w.projectId}`, undefined],
      ['POST', `/api/projects/${w.projectId}/messages`, { clientMessageId: randomUUID(), body: 'Hello' }],
      ['PATCH', '/api/profile', { businessName: 'Gated' }],
      ['POST', '/api/portals', { portalName: 'Another portal' }],
      ['DELETE', `/api/portals/${w.portalId}`, undefined],
      ['POST', `/api/portals/${w.portalId}/widget-secret`, {}],
    ] as const;

  it('answers 402 plan_required to writes across features, and changes nothing', async () => {
    await expire();
    const before = await t.sql`
      SELECT (SELECT count(*) FROM clients WHERE provider_id = ${w.providerId})::int AS clients,
             (SELECT count(*) FROM projects WHERE provider_id = ${w.providerId})::int AS projects,
             (SELECT count(*) FROM messages WHERE provider_id = ${w.providerId})::int AS messages,
             (SELECT count(*) FROM client_portals WHERE provider_id = ${w.providerId})::int AS portals,
             (SELECT business_name FROM profiles WHERE user_id = ${w.providerId}) AS business,
             (SELECT count(*) FROM invoices WHERE provider_id = ${w.providerId})::int AS invoices,
             (SELECT count(*) FROM invoice_settings WHERE provider_id = ${w.providerId})::int AS settings`;
    for (const [method, path, body] of writes()) {
      const res = await send(t, method, path, w.owner, body, { 'Accept-Language': 'de' });
      expect(res.status, `${method} ${path}`).toBe(402);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('plan_required');
      expect(error.message).toMatch(/Testphase/);
    }
    const after = await t.sql`
      SELECT (SELECT count(*) FROM clients WHERE provider_id = ${w.providerId})::int AS clients,
             (SELECT count(*) FROM projects WHERE provider_id = ${w.providerId})::int AS projects,
             (SELECT count(*) FROM messages WHERE provider_id = ${w.providerId})::int AS messages,
             (SELECT count(*) FROM client_portals WHERE provider_id = ${w.providerId})::int AS portals,
             (SELECT business_name FROM profiles WHERE user_id = ${w.providerId}) AS business,
             (SELECT count(*) FROM invoices WHERE provider_id = ${w.providerId})::int AS invoices,
             (SELECT count(*) FROM invoice_settings WHERE provider_id = ${w.providerId})::int AS settings`;
    expect(after).toEqual(before);
  });

  it('keeps reads, the export, read receipts and the session payload working', async () => {
    await expire();
    for (const path of [
      '/api/clients',
      '/api/projects',
      `/api/projects/${w.projectId}`,
      '/api/profile',
      '/api/portals',
      '/api/overview',
      '/api/account/sessions',
      '/api/account/export',
      '/api/invoices',
      '/api/invoice-settings',
    ]) {
      const res = await send(t, 'GET', path, w.owner);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    expect((await send(t, 'POST', '/api/notifications/read', w.owner, {})).status).toBe(200);
    const session = await send(t, 'GET', '/api/auth/session', w.owner);
    expect(((await session.json()) as { user: { plan: string } }).user.plan).toBe('expired');
  });

  it('never touches the provider’s clients: their own writes go on', async () => {
    await expire();
    const res = await t.app.request(`/api/portal/${w.portalId}/projects/${w.projectId}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${w.token}` },
      body: JSON.stringify({ clientMessageId: randomUUID(), body: 'From the client' }),
    });
    expect(res.status).toBe(201);
  });

  it('leaves a provider in the trial and a premium provider unaffected', async () => {
    const project = async () =>
      (await send(t, 'POST', '/api/projects', w.owner, { clientId: w.clientId, name: 'Allowed' })).status;
    expect(await project()).toBe(201);
    await setPlan('premium', -86_400_000);
    expect(await project()).toBe(201);
    const session = await send(t, 'GET', '/api/auth/session', w.owner);
    expect(((await session.json()) as { user: { plan: string } }).user.plan).toBe('premium');
  });

  it('gates the moment the trial ends, within the same session', async () => {
    await setPlan('trial', 60_000);
    const create = () => send(t, 'POST', '/api/projects', w.owner, { clientId: w.clientId, name: 'Edge' });
    expect((await create()).status).toBe(201);
    t.advance(61_000);
    expect((await create()).status).toBe(402);
  });

  it('documents 402 on the gated operations only', () => {
    const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'gate', version: '0' } });
    const paths = (doc.paths ?? {}) as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const responses = (path: string, method: string) => Object.keys(paths[path]?.[method]?.responses ?? {});
    expect(responses('/api/clients', 'post')).toContain('402');
    expect(responses('/api/projects/{projectId}', 'delete')).toContain('402');
    expect(responses('/api/clients', 'get')).not.toContain('402');
    expect(responses('/api/account/password', 'post')).not.toContain('402');
    expect(responses('/api/account', 'delete')).not.toContain('402');
    expect(responses('/api/portal/{portalId}/projects/{projectId}/messages', 'post')).not.toContain('402');
  });

  it('lets an expired provider sign out and change their password', async () => {
    await expire();
    const password = await send(t, 'POST', '/api/account/password', w.owner, {
      currentPassword: 'wrong password here',
      newPassword: 'another good passphrase',
      confirmPassword: 'another good passphrase',
    });
    // Reaches the route (a wrong current password is the route's own answer, not the gate's).
    expect(password.status).not.toBe(402);
    const res = await send(t, 'POST', '/api/auth/sign-out', w.owner, {});
    expect(res.status).toBe(200);
  });
});

/**
 * Self-hosting (issue 28): a server without platform billing (no `STRIPE_SECRET_KEY`) never gates its
 * providers: nobody could subscribe, so nothing becomes read-only after the 14 days.
 */
describe('a server without platform billing', () => {
  let t: TestContext;
  let w: FilesWorld;
  beforeAll(async () => {
    t = await createTestContext({ STRIPE_SECRET_KEY: '' });
    w = await filesWorld(t, 'selfhost');
    const ended = new Date(t.deps.now().getTime() - 30 * 86_400_000);
    await t.sql`UPDATE users SET plan = 'trial', trial_ends_at = ${ended} WHERE id = ${w.providerId}`;
  });
  afterAll(() => t.close());

  it('lets a provider whose trial ended long ago write, and says self_hosted everywhere', async () => {
    const created = await send(t, 'POST', '/api/projects', w.owner, {
      clientId: w.clientId,
      name: 'Still mine',
    });
    expect(created.status).toBe(201);
    const session = (await (await send(t, 'GET', '/api/auth/session', w.owner)).json()) as {
      user: { plan: string };
    };
    expect(session.user.plan).toBe('self_hosted');
    const plan = (await (await send(t, 'GET', '/api/plan', w.owner)).json()) as {
      plan: string;
      billingAvailable: boolean;
    };
    expect(plan).toMatchObject({ plan: 'self_hosted', billingAvailable: false });
  });
});
