import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../api/testing/harness';
import { type StripeStandIn, startStripeStandIn } from '../stripe/stand-in';
import { FIXTURES } from './isolation/fixtures';
import { call, checkResponsesWith, contractProblems, makeVictim, type Victim } from './isolation/world';
import { type OpenApiDocument, responseValidator } from './openapi/response-validator';

/*
 * The route table replayed as its rightful callers: every operation of the document called once as the
 * victim of the isolation suite (its provider cookie, or its client's bearer token on portal routes) with
 * the isolation fixture's request, and every public operation with the request example of the document.
 * Each answer must be one the document describes (`openapi/response-validator.ts`), whatever its status.
 * Reads go first, then writes, then deletions, then what ends the session or the account.
 */

type Doc = OpenApiDocument & {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        requestBody?: { content?: Record<string, { example?: unknown }> };
      }
    >
  >;
  components: { schemas: Record<string, { example?: unknown }> };
};

const LAST = [
  // These end the client's portal sessions (a new address, a password set by the provider).
  'PATCH /api/clients/{clientId}',
  'POST /api/clients/{clientId}/password',
  'POST /api/portal/{portalId}/sign-out-everywhere',
  'POST /api/portal/{portalId}/sign-out',
  // The fixture names the victim's own session.
  'DELETE /api/account/sessions/{id}',
  'POST /api/account/sessions/sign-out-everywhere',
  'POST /api/auth/sign-out',
  'DELETE /api/account',
];
const rank = (key: string) => {
  const last = LAST.indexOf(key);
  if (last >= 0) return 10 + last;
  if (key.startsWith('GET ')) return 0;
  if (key.startsWith('DELETE ')) return 2;
  return 1;
};

describe('replaying the route table as its callers', () => {
  let t: TestContext;
  let victim: Victim;
  let stripe: StripeStandIn;
  let doc: Doc;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const platform = stripe.createAccount({ name: 'Platform' });
    t = await createTestContext({
      STRIPE_API_BASE: stripe.url,
      STRIPE_SECRET_KEY: platform.secretKey,
      PAYMENT_SECRETS_KEY: randomBytes(32).toString('base64'),
    });
    doc = t.app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'replay', version: '0' },
    }) as unknown as Doc;
    checkResponsesWith(responseValidator(doc));
    contractProblems.length = 0;
    victim = await makeVictim(t);
  });
  afterAll(async () => {
    checkResponsesWith(undefined);
    await stripe?.close();
    await t?.close();
  });

  it('gets only answers the document describes', async () => {
    const keys = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort((a, b) => rank(a) - rank(b));
    const statuses: Record<string, number> = {};
    const examples: Record<string, unknown> = {};
    for (const key of keys) {
      const [method = '', path = ''] = key.split(' ');
      const op = doc.paths[path]?.[method.toLowerCase()];
      const fixture = FIXTURES[key];
      if (!op || !fixture) throw new Error(`${key}: no isolation fixture`);
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      const creds = schemes.includes('portalSession')
        ? { bearer: victim.client.token }
        : schemes.includes('providerSession')
          ? { cookie: victim.cookie }
          : {};
      let spec: {
        params?: Record<string, string>;
        query?: Record<string, string>;
        body?: unknown;
        multipart?: () => Promise<FormData>;
      };
      if ('public' in fixture) {
        const example = op.requestBody?.content?.['application/json']?.example;
        spec = {
          params: { portalId: victim.portalId, ...fixture.params },
          ...(example === undefined ? {} : { body: example }),
        };
      } else spec = 'object' in fixture ? fixture.object(victim) : fixture.own(victim);
      const target =
        path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(spec.params?.[name] ?? '')) +
        (spec.query ? `?${new URLSearchParams(spec.query)}` : '');
      const res = await call(t, method, target, {
        ...creds,
        ...(spec.body === undefined ? {} : { body: spec.body }),
        ...(spec.multipart ? { multipart: await spec.multipart() } : {}),
      });
      statuses[key] = res.status;
      if (
        process.env.CAPTURE_EXAMPLES &&
        res.status < 300 &&
        res.headers.get('content-type')?.includes('json')
      )
        examples[key] = await res.json();
    }
    if (process.env.CAPTURE_EXAMPLES)
      writeFileSync(process.env.CAPTURE_EXAMPLES, JSON.stringify(examples, null, 2));
    expect([...new Set(contractProblems)]).toEqual([]);
    // The replay reaches the operations' real work, not only their refusals.
    const succeeded = Object.values(statuses).filter((s) => s < 300).length;
    expect(succeeded, JSON.stringify(statuses)).toBeGreaterThan(keys.length * 0.7);
  }, 300_000);
});
