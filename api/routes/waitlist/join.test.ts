import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const join = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(t, '/api/waitlist', body, headers);

describe('POST /api/waitlist', () => {
  it('adds a new address with 201', async () => {
    const res = await join({ email: ' Ada@Example.com ', name: 'Ada' }, { 'Accept-Language': 'de' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ joined: true, alreadyOnList: false });
    const rows = await t.sql`SELECT email, name, language FROM waitlist`;
    expect(rows).toEqual([{ email: 'ada@example.com', name: 'Ada', language: 'de' }]);
  });

  it('answers 200 alreadyOnList for a duplicate and changes nothing', async () => {
    const res = await join({ email: 'ADA@example.com', name: 'Someone else' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ joined: true, alreadyOnList: true });
    const rows = await t.sql`SELECT name FROM waitlist`;
    expect(rows).toEqual([{ name: 'Ada' }]);
  });

  it('requires an e-mail, with the spec’s messages', async () => {
    const missing = await join({ name: 'x' });
    expect(missing.status).toBe(422);
    expect((await missing.json()).error.fields[0]).toMatchObject({
      path: 'email',
      message: 'Email is required',
    });
    const invalid = await join({ email: 'nope' });
    expect((await invalid.json()).error.fields[0]).toMatchObject({
      path: 'email',
      message: 'Please enter a valid email address',
    });
  });

  it('is limited to 20 per hour per client', async () => {
    for (let i = 0; i < 18; i++) expect((await join({ email: `w${i}@example.com` })).status).toBe(201);
    const res = await join({ email: 'w-last@example.com' });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).not.toBeNull();
  });
});
