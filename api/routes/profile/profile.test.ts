import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../auth/testing';
import { createTestContext, jsonHeaders, type TestContext } from '../../testing/harness';
import { userIdOf } from '../overview/testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const getProfile = (cookie?: string) =>
  t.app.request('/api/profile', { headers: cookie ? { Cookie: cookie } : {} });

const patchProfile = (body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.request('/api/profile', {
    method: 'PATCH',
    headers: jsonHeaders({ ...(cookie ? { Cookie: cookie } : {}), ...headers }),
    body: JSON.stringify(body),
  });

describe('profile: security', () => {
  it('answers 401 to GET and PATCH when signed out', async () => {
    expect((await getProfile()).status).toBe(401);
    const res = await patchProfile({ fullName: 'Mallory' });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it('changes only the caller’s profile, whatever the body says', async () => {
    const a = await signedInProvider(t, 'owner-a@example.com');
    const b = await signedInProvider(t, 'owner-b@example.com');
    expect((await patchProfile({ fullName: 'Alice A' }, a)).status).toBe(200);
    const res = await patchProfile({ userId: await userIdOf(t, b), fullName: 'Hijack' }, a);
    expect(res.status).toBe(422);
    expect((await (await getProfile(b)).json()).fullName).toBe('owner-b@example.com');
  });

  it('rejects a cross-site PATCH with 403 csrf_rejected', async () => {
    const cookie = await signedInProvider(t, 'csrf-profile@example.com');
    const res = await patchProfile({ fullName: 'X' }, cookie, {
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/profile', () => {
  it('returns the profile with the account e-mail; the full name defaults to the e-mail (spec §3)', async () => {
    const cookie = await signedInProvider(t, 'read@example.com');
    const res = await getProfile(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({
      fullName: 'read@example.com',
      businessName: null,
      website: null,
      preferredLanguage: 'en',
      currency: null,
      timeZone: null,
      email: 'read@example.com',
    });
  });

  it('answers 404 profile_not_found when the profile row is missing (spec §8)', async () => {
    const cookie = await signedInProvider(t, 'noprofile@example.com');
    await t.sql`DELETE FROM profiles WHERE user_id = ${await userIdOf(t, cookie)}`;
    const res = await getProfile(cookie);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('profile_not_found');
    expect((await patchProfile({ fullName: 'Nobody' }, cookie)).status).toBe(404);
  });
});

describe('PATCH /api/profile', () => {
  it('sets the time zone (issue 29) and refuses an unknown one with 422', async () => {
    const cookie = await signedInProvider(t, 'zone@example.com');
    const res = await patchProfile({ timeZone: 'Pacific/Auckland' }, cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).timeZone).toBe('Pacific/Auckland');
    for (const timeZone of ['Mars/Olympus', '+01:00', 'CET; DROP', '']) {
      const bad = await patchProfile({ timeZone }, cookie);
      expect(bad.status).toBe(422);
      expect(JSON.stringify((await bad.json()).error.fields)).toContain('timeZone');
    }
    expect((await (await getProfile(cookie)).json()).timeZone).toBe('Pacific/Auckland');
  });

  it('updates the fields sent, trims them and leaves the others unchanged', async () => {
    const cookie = await signedInProvider(t, 'update@example.com');
    const res = await patchProfile(
      {
        fullName: '  Ada Lovelace ',
        businessName: 'Analytical Studio',
        website: 'https://ada.studio/about',
        preferredLanguage: 'de',
        currency: 'chf',
      },
      cookie,
    );
    expect(res.status).toBe(200);
    const updated = {
      fullName: 'Ada Lovelace',
      businessName: 'Analytical Studio',
      website: 'https://ada.studio/about',
      preferredLanguage: 'de',
      currency: 'CHF',
      timeZone: null,
      email: 'update@example.com',
    };
    expect(await res.json()).toEqual(updated);
    expect(await (await patchProfile({ businessName: 'Engines Ltd' }, cookie)).json()).toEqual({
      ...updated,
      businessName: 'Engines Ltd',
    });
  });

  it('clears website and business name with an empty string, and currency with null', async () => {
    const cookie = await signedInProvider(t, 'clear@example.com');
    await patchProfile({ website: 'http://example.org', businessName: 'B', currency: 'EUR' }, cookie);
    const res = await patchProfile({ website: '', businessName: '', currency: null }, cookie);
    expect(await res.json()).toMatchObject({ website: null, businessName: null, currency: null });
  });

  it('returns the profile unchanged for an empty body', async () => {
    const cookie = await signedInProvider(t, 'noop@example.com');
    const res = await patchProfile({}, cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe('noop@example.com');
  });

  it('feeds the language into the session, so the dashboard switches to it (spec §4)', async () => {
    const cookie = await signedInProvider(t, 'lang@example.com');
    await patchProfile({ preferredLanguage: 'de' }, cookie);
    const session = await (await t.app.request('/api/auth/session', { headers: { Cookie: cookie } })).json();
    expect(session.user.preferredLanguage).toBe('de');
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'validation.nameRequired'],
    [{ fullName: 'x'.repeat(121) }, 'fullName', 'validation.nameTooLong'],
    [{ businessName: 'x'.repeat(121) }, 'businessName', 'validation.businessNameTooLong'],
    [{ website: 'ftp://example.com' }, 'website', 'validation.websiteInvalid'],
    [{ website: 'not a url' }, 'website', 'validation.websiteInvalid'],
    [{ website: 'javascript:alert(1)' }, 'website', 'validation.websiteInvalid'],
    [{ website: `https://example.com/${'a'.repeat(300)}` }, 'website', 'validation.websiteTooLong'],
    [{ preferredLanguage: 'fr' }, 'preferredLanguage', 'validation.invalid'],
    [{ currency: 'EURO' }, 'currency', 'validation.currencyInvalid'],
    [{ currency: 'QQQ' }, 'currency', 'validation.currencyInvalid'],
    [{ email: 'new@example.com' }, '(body)', 'validation.invalid'],
  ])('rejects %j with 422 on %s', async (body, path, key) => {
    const cookie = await signedInProvider(t, `invalid-${Math.random().toString(36).slice(2)}@example.com`);
    const res = await patchProfile(body, cookie);
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toContainEqual(expect.objectContaining({ path, key }));
    expect((await (await getProfile(cookie)).json()).fullName).toMatch(/^invalid-/);
  });

  it('explains a validation failure in German for Accept-Language: de', async () => {
    const cookie = await signedInProvider(t, 'deutsch@example.com');
    const res = await patchProfile({ fullName: 'x'.repeat(121) }, cookie, { 'Accept-Language': 'de-DE' });
    const { error } = await res.json();
    expect(error.message).toBe('Bitte prüfen Sie die markierten Felder.');
    expect(error.fields[0]).toMatchObject({
      path: 'fullName',
      message: 'Der Name ist zu lang (höchstens 120 Zeichen)',
    });
  });
});
