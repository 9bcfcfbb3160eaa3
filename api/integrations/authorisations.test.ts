import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeProvider } from '../../tests/integration/isolation/world';
import { actingFor } from '../auth/scope';
import type { Tx } from '../db/client';
import { createLogger } from '../http/logger';
import { createTestContext, type TestContext } from '../testing/harness';
import { AUTHORISATION_TTL_MS, beginAuthorisation, completeAuthorisation } from './authorisations';
import type { AuthorisationKind } from './kinds';

/*
 * The authorisation state of `/integrations/callback` (issue 27). The mechanism is driven here with a
 * kind of the test's own handed to the service, and through the operation, which knows only the
 * registry's kinds (Google Calendar's is tested in `google-calendar/`): it checks the state the same way
 * and reports a code for an unregistered kind as failed. (No module mock: the server tests share their modules, vitest.config.ts.)
 */

const completed: { code: string; codeVerifier: string | null; providerId: string }[] = [];
/** An integration of the test's own, handed to the service (the registry lists none yet). */
const testKind: AuthorisationKind = {
  name: 'test_calendar',
  async complete({ tx, scope, code, codeVerifier }) {
    if (code === 'bad-code') {
      // Written, then undone with the savepoint when the exchange fails.
      await tx`UPDATE profiles SET business_name = 'half-done' WHERE user_id = ${scope.providerId}`;
      throw new Error('invalid_grant');
    }
    completed.push({ code, codeVerifier, providerId: scope.providerId });
  },
};

const log = createLogger('silent');

describe('authorisation state', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  const begin = (providerId: string, pkce = true) =>
    beginAuthorisation(t.sql, actingFor(providerId), testKind, { now: t.deps.now(), pkce });
  const complete = (
    providerId: string,
    input: Parameters<typeof completeAuthorisation>[3],
    now = t.deps.now(),
  ) =>
    t.sql.begin((tx: Tx) =>
      completeAuthorisation(
        { config: t.deps.config, jobs: t.deps.jobs, log, now },
        tx,
        actingFor(providerId),
        input,
        [testKind],
      ),
    );

  it('stores only a hash of a random state, bound to the provider and the integration, for 10 minutes', async () => {
    const provider = await makeProvider(t, 'state');
    const started = await begin(provider.providerId);
    expect(started.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.expiresAt.getTime() - t.deps.now().getTime()).toBeLessThanOrEqual(AUTHORISATION_TTL_MS);
    const rows = await t.sql<Record<string, unknown>[]>`
      SELECT * FROM integration_authorisations WHERE provider_id = ${provider.providerId}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ integration: 'test_calendar', used_at: null, outcome: null });
    const stored = JSON.stringify(rows[0], (_k, v) =>
      v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v,
    );
    expect(stored).not.toContain(started.state);
    expect(stored).not.toContain(started.codeVerifier);
    expect((await begin(provider.providerId)).state).not.toBe(started.state);
  });

  it('finishes with the code and the PKCE verifier once, then answers that it was used', async () => {
    const provider = await makeProvider(t, 'once');
    const { state, codeVerifier } = await begin(provider.providerId);
    expect(await complete(provider.providerId, { state, code: 'the-code' })).toEqual({
      integration: 'test_calendar',
      outcome: 'connected',
      error: null,
      errorDescription: null,
    });
    expect(completed.at(-1)).toEqual({ code: 'the-code', codeVerifier, providerId: provider.providerId });
    await expect(complete(provider.providerId, { state, code: 'the-code' })).rejects.toMatchObject({
      code: 'authorisation_state_used',
    });
    const [row] = await t.sql<{ code_verifier_enc: Uint8Array | null; outcome: string }[]>`
      SELECT code_verifier_enc, outcome FROM integration_authorisations WHERE provider_id = ${provider.providerId}`;
    expect(row).toEqual({ code_verifier_enc: null, outcome: 'connected' });
  });

  it('refuses an unknown state, another provider’s state, and one older than 10 minutes', async () => {
    const owner = await makeProvider(t, 'owner');
    const stranger = await makeProvider(t, 'stranger');
    const { state } = await begin(owner.providerId);
    await expect(complete(owner.providerId, { state: 'made-up', code: 'x' })).rejects.toMatchObject({
      code: 'authorisation_state_invalid',
    });
    await expect(complete(stranger.providerId, { state, code: 'x' })).rejects.toMatchObject({
      code: 'authorisation_state_invalid',
    });
    const late = new Date(t.deps.now().getTime() + AUTHORISATION_TTL_MS + 1000);
    await expect(complete(owner.providerId, { state, code: 'x' }, late)).rejects.toMatchObject({
      code: 'authorisation_state_expired',
    });
    // None of those spent it: the owner can still finish in time.
    expect((await complete(owner.providerId, { state, code: 'in-time' })).outcome).toBe('connected');
  });

  it('reports a denial and an authorisation server’s error, spending the state', async () => {
    const provider = await makeProvider(t, 'denied');
    const denied = await begin(provider.providerId);
    expect(
      await complete(provider.providerId, {
        state: denied.state,
        error: 'access_denied',
        errorDescription: 'No',
      }),
    ).toEqual({
      integration: 'test_calendar',
      outcome: 'denied',
      error: 'access_denied',
      errorDescription: 'No',
    });
    const failed = await begin(provider.providerId, false);
    expect(
      await complete(provider.providerId, {
        state: failed.state,
        error: 'server_error',
        errorDescription: 'Try later',
      }),
    ).toEqual({
      integration: 'test_calendar',
      outcome: 'failed',
      error: 'server_error',
      errorDescription: 'Try later',
    });
    await expect(complete(provider.providerId, { state: failed.state, code: 'x' })).rejects.toMatchObject({
      code: 'authorisation_state_used',
    });
  });

  it('reports a code the integration cannot use as failed, undoing what it wrote', async () => {
    const provider = await makeProvider(t, 'badcode');
    const { state } = await begin(provider.providerId);
    expect((await complete(provider.providerId, { state, code: 'bad-code' })).outcome).toBe('failed');
    const [profile] = await t.sql<{ business_name: string | null }[]>`
      SELECT business_name FROM profiles WHERE user_id = ${provider.providerId}`;
    expect(profile?.business_name).toBeNull();
    const noCode = await begin(provider.providerId);
    expect((await complete(provider.providerId, { state: noCode.state })).outcome).toBe('failed');
  });

  describe('POST /api/integrations/callback', () => {
    it('takes only the signed-in provider’s own state, once, and answers each refusal with its code', async () => {
      const provider = await makeProvider(t, 'route');
      const stranger = await makeProvider(t, 'route-stranger');
      const path = '/api/integrations/callback';
      const { state } = await begin(provider.providerId);

      const foreign = await call(t, 'POST', path, { cookie: stranger.cookie, body: { state, code: 'c' } });
      expect(foreign.status).toBe(404);
      expect((await foreign.json()).error.code).toBe('authorisation_state_invalid');
      const missing = await call(t, 'POST', path, { cookie: provider.cookie, body: { code: 'c' } });
      expect(missing.status).toBe(422);
      expect((await call(t, 'POST', path, { body: { state, code: 'c' } })).status).toBe(401);

      // The registry has no `test_calendar`: the code cannot be used, and the state is spent all the same.
      const done = await call(t, 'POST', path, {
        cookie: provider.cookie,
        body: { state, code: 'route-code' },
      });
      expect(done.status).toBe(200);
      expect(await done.json()).toEqual({
        integration: 'test_calendar',
        outcome: 'failed',
        error: null,
        errorDescription: null,
      });
      expect(completed.map((c) => c.code)).not.toContain('route-code');
      const used = await call(t, 'POST', path, {
        cookie: provider.cookie,
        body: { state, code: 'route-code' },
      });
      expect(used.status).toBe(409);
      expect((await used.json()).error.code).toBe('authorisation_state_used');

      const denied = await begin(provider.providerId);
      const refused = await call(t, 'POST', path, {
        cookie: provider.cookie,
        body: { state: denied.state, error: 'access_denied', errorDescription: 'No thanks' },
      });
      expect(await refused.json()).toEqual({
        integration: 'test_calendar',
        outcome: 'denied',
        error: 'access_denied',
        errorDescription: 'No thanks',
      });

      const late = await begin(provider.providerId);
      t.advance(AUTHORISATION_TTL_MS + 1000);
      const expired = await call(t, 'POST', path, { cookie: provider.cookie, body: { state: late.state } });
      expect(expired.status).toBe(409);
      expect((await expired.json()).error.code).toBe('authorisation_state_expired');
    });
  });
});
