import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../api/auth/session';
import { createTestContext, type TestContext } from '../../api/testing/harness';
import { type StripeStandIn, startStripeStandIn } from '../stripe/stand-in';
import { type CallSpec, FIXTURES } from './isolation/fixtures';
import { call, freshPortalToken, makeVictim, type Victim } from './isolation/world';

/**
 * Odd input, every operation: reads the route table from the app's own OpenAPI document (as the isolation
 * suite does) and sends each operation, as the identity it expects, inputs that a form never sends: very
 * long, ill-formed or control-character strings, numbers out of every range (`-0`, `1e309`, 20 digits),
 * exponents, arrays and objects where strings are expected, repeated query keys, bodies that are not
 * objects. One input is odd per call, the others are the operation's valid fixture. Any 5xx fails: bad
 * input answers 4xx (422 with the field named, 404, 400), never an internal error.
 *
 * Seeded (ODD_INPUT_SEED, default fixed) so a run is repeatable; ODD_INPUT_RUNS sets the calls per
 * operation (default 24). A failure prints the seed, the operation and the shrunk input.
 */

const SEED = Number(process.env.ODD_INPUT_SEED ?? 2626);
const RUNS = Number(process.env.ODD_INPUT_RUNS ?? 24);

interface Operation {
  method: string;
  path: string;
  audience: 'provider' | 'portal' | 'none';
  pathParams: string[];
  query: string[];
  /** Dotted paths into the JSON body (`lines.0.quantityMilli`), from its schema. */
  bodyFields: (string | number)[][];
  json: boolean;
}

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Doc = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
};
type OpenApiOperation = {
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

function resolve(doc: Doc, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(doc, doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]);
}

/** The field paths of a body schema, two levels deep (an invoice's lines and their fields). */
function fieldsOf(
  doc: Doc,
  schema: Schema | undefined,
  prefix: (string | number)[] = [],
): (string | number)[][] {
  const s = resolve(doc, schema);
  if (!s || prefix.length > 3) return [];
  const variants = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  if (variants.length) return variants.flatMap((v) => fieldsOf(doc, v, prefix));
  if (s.properties) {
    return Object.entries(s.properties).flatMap(([name, sub]) => [
      [...prefix, name],
      ...fieldsOf(doc, sub, [...prefix, name]),
    ]);
  }
  if (s.items && prefix.length) return fieldsOf(doc, s.items, [...prefix, 0]);
  return [];
}

function operations(t: TestContext): Operation[] {
  const doc = t.app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'odd input', version: '0' },
  }) as unknown as Doc;
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      const json = op.requestBody?.content['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        audience: schemes.includes('providerSession')
          ? 'provider'
          : schemes.includes('portalSession')
            ? 'portal'
            : 'none',
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: json ? fieldsOf(doc, json) : [],
        json: Boolean(json),
      } satisfies Operation;
    }),
  );
}

// ── The odd values ───────────────────────────────────────────────────────────────────────────────────

const ODD_STRINGS = [
  '',
  ' ',
  '-0',
  '0',
  '-1',
  '1e3',
  '1E-7',
  '1e309',
  '-1e309',
  '99999999999999999999',
  '9223372036854775808',
  '2147483648',
  '0x10',
  '1.5',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '0000-01-01',
  '2026-02-30',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'x\ud800y',
  '\udfff',
  '\u202e\u200b\ufeff',
  '%00',
  '%',
  '..',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  'a'.repeat(300),
  'é'.repeat(5000),
  '\u{1f680}'.repeat(2000),
];

const oddString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n)) },
);

/** Already percent-encoded path and query text: invalid UTF-8 (a surrogate's CESU-8 bytes, 0xFF), bad escapes. */
const RAW_URL_TEXT = [
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AE%C0%AE',
  '%',
  '%zz',
  '%00',
  '%2F',
  '..%2F..%2F',
  '%E2%80%AE',
];

/** A value as it appears in a URL: odd text percent-encoded (lone surrogates as U+FFFD, as a browser does), or raw. */
const oddUrlText = fc.oneof(
  { weight: 5, arbitrary: oddString.map((s) => encodeURIComponent(s.replace(/\p{Cs}/gu, '\ufffd'))) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_TEXT) },
);

/** Raw JSON text of a value: numbers JSON.stringify cannot write (-0, 1e309) and every other shape. */
const oddJson = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '-0',
      '0',
      '-1',
      '1e3',
      '1E+2',
      '1.0',
      '0.5',
      '1e309',
      '-1e309',
      '1e-400',
      '123456789012345678901234567890',
      '9007199254740993',
      '-9223372036854775809',
      '2147483648',
      'null',
      'true',
      'false',
      '[]',
      '{}',
      '[null]',
      '["a","b"]',
      '[1,2,3]',
      '{"$ne":null}',
      '{"__proto__":{"polluted":1}}',
      '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]',
    ),
  },
  { weight: 3, arbitrary: oddString.map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.double().map((n) => (Number.isFinite(n) ? String(n) : '1e999')) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 3 }).map((a) => JSON.stringify(a)) },
);

/** Whole bodies that are not the object the operation takes. */
const ODD_BODIES = ['[]', '"x"', 'null', '1', '{', '{"a":1', '\u0000', '{}', '[{}]', '{"__proto__":[]}'];

type Mutation =
  | { where: 'path'; name: string; value: string }
  | { where: 'query'; name: string; values: string[] }
  | { where: 'field'; field: (string | number)[]; raw: string }
  | { where: 'body'; raw: string };

function mutations(op: Operation): fc.Arbitrary<Mutation> | null {
  const choices: fc.Arbitrary<Mutation>[] = [];
  if (op.pathParams.length)
    choices.push(
      fc.record({
        where: fc.constant('path' as const),
        name: fc.constantFrom(...op.pathParams),
        value: oddString,
      }),
    );
  if (op.query.length)
    choices.push(
      fc.record({
        where: fc.constant('query' as const),
        name: fc.constantFrom(...op.query),
        values: fc.array(oddUrlText, { minLength: 1, maxLength: 3 }),
      }),
    );
  if (op.bodyFields.length)
    choices.push(
      fc.record({
        where: fc.constant('field' as const),
        field: fc.constantFrom(...op.bodyFields),
        raw: oddJson,
      }),
    );
  if (op.json)
    choices.push(fc.record({ where: fc.constant('body' as const), raw: fc.constantFrom(...ODD_BODIES) }));
  return choices.length ? fc.oneof(...choices) : null;
}

/** The likeliest to break, sent at every input of every operation (the random runs add the rest). */
const SWEEP_URL_TEXT = [
  '%ED%A0%80',
  '-0',
  '1e309',
  '99999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  encodeURIComponent('x'.repeat(5000)),
  '%00',
];
const SWEEP_JSON = [
  '"x\\ud800y"',
  '"0000-01-01"',
  '-0',
  '1e309',
  '123456789012345678901234567890',
  '["a","b"]',
  '{}',
  'null',
  JSON.stringify('x'.repeat(5000)),
];

/** Every input of the operation with each value of the sweep, one at a time. */
function sweep(op: Operation): Mutation[] {
  return [
    ...op.pathParams.flatMap((name) =>
      SWEEP_URL_TEXT.map((value) => ({ where: 'path' as const, name, value })),
    ),
    ...op.query.flatMap((name) =>
      SWEEP_URL_TEXT.map((value) => ({ where: 'query' as const, name, values: [value, value] })),
    ),
    ...op.bodyFields.flatMap((field) => SWEEP_JSON.map((raw) => ({ where: 'field' as const, field, raw }))),
  ];
}

/** The body's JSON text with `raw` placed at `field` (creating the objects and arrays on the way). */
function bodyWith(base: unknown, field: (string | number)[], raw: string): string {
  const marker = `__odd_${randomBytes(6).toString('hex')}__`;
  const root: Record<string | number, unknown> =
    base && typeof base === 'object' && !Array.isArray(base)
      ? (structuredClone(base) as Record<string | number, unknown>)
      : {};
  let node = root;
  field.forEach((key, i) => {
    if (i === field.length - 1) {
      node[key] = marker;
      return;
    }
    const next = node[key];
    node[key] = next && typeof next === 'object' ? next : typeof field[i + 1] === 'number' ? [{}] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return JSON.stringify(root).replace(JSON.stringify(marker), raw);
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────────────

describe('odd input on every operation', () => {
  let t: TestContext;
  let victim: Victim;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const platform = stripe.createAccount({ name: 'Platform' });
    t = await createTestContext({
      RATE_LIMIT_DISABLED: 'true',
      STRIPE_API_BASE: stripe.url,
      STRIPE_SECRET_KEY: platform.secretKey,
      PAYMENT_SECRETS_KEY: randomBytes(32).toString('base64'),
    });
    victim = await makeVictim(t);
    // The victim's world includes rendered PDF previews: slow on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await stripe?.close();
    await t?.close();
  });

  async function send(op: Operation, spec: CallSpec, m: Mutation): Promise<Response> {
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      m.where === 'path' && m.name === name
        ? m.value
        : encodeURIComponent(spec.params?.[name] ?? '00000000-0000-4000-8000-000000000000'),
    );
    const pairs = Object.entries(spec.query ?? {})
      .filter(([name]) => m.where !== 'query' || name !== m.name)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    if (m.where === 'query')
      for (const value of m.values) pairs.push(`${encodeURIComponent(m.name)}=${value}`);
    const query = pairs.join('&');
    const target = query ? `${path}?${query}` : path;
    const creds =
      op.audience === 'provider'
        ? { cookie: victim.cookie }
        : op.audience === 'portal'
          ? { bearer: await freshPortalToken(t, victim.providerId, victim.client) }
          : {};
    if (spec.multipart && m.where !== 'field' && m.where !== 'body')
      return call(t, op.method, target, { ...creds, multipart: await spec.multipart() });
    const body =
      m.where === 'field'
        ? bodyWith(spec.body, m.field, m.raw)
        : m.where === 'body'
          ? m.raw
          : spec.body === undefined
            ? undefined
            : JSON.stringify(spec.body);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Origin: t.deps.config.publicOrigin,
      'Sec-Fetch-Site': 'same-origin',
    };
    if (creds.cookie) headers.Cookie = creds.cookie;
    if ('bearer' in creds && creds.bearer) headers.Authorization = `Bearer ${creds.bearer}`;
    return t.app.request(target, { method: op.method, headers, ...(body === undefined ? {} : { body }) });
  }

  it('never answers 5xx', async () => {
    const failures: string[] = [];
    const stats = new Map<number, number>();
    for (const op of operations(t)) {
      const key = `${op.method} ${op.path}`;
      const fixture = FIXTURES[key];
      const spec: CallSpec =
        !fixture || 'public' in fixture
          ? {}
          : 'object' in fixture
            ? fixture.object(victim)
            : fixture.own(victim);
      const arbitrary = mutations(op);
      if (!arbitrary) continue;
      const attempt = async (m: Mutation) => {
        const res = await send(op, spec, m);
        const text = await res.text();
        if (process.env.ODD_INPUT_STATS) stats.set(res.status, (stats.get(res.status) ?? 0) + 1);
        if (res.status >= 500) throw new Error(`${res.status} ${text.slice(0, 200)}`);
      };
      const shown = (m: Mutation) =>
        JSON.stringify(m, (_k, v) =>
          typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
        );
      for (const m of sweep(op)) {
        await attempt(m).catch((err: Error) => failures.push(`${key} with ${shown(m)}: ${err.message}`));
      }
      const result = await fc.check(fc.asyncProperty(arbitrary, attempt), {
        seed: SEED,
        numRuns: RUNS,
        endOnFailure: false,
      });
      if (result.failed) {
        const example = result.counterexample?.[0];
        failures.push(`${key} with ${example ? shown(example) : '?'}: ${String(result.errorInstance)}`);
      }
      // An odd call that ended the victim's own session (none should) would hide what follows.
      const session = await call(t, 'GET', '/api/auth/session', { cookie: victim.cookie });
      if (((await session.json()) as { user: unknown }).user === null) {
        failures.push(`${key}: ended the caller's session`);
        victim.cookie = `session=${(await createSession(t.sql, victim.providerId, t.deps.now())).token}`;
      }
    }
    if (process.env.ODD_INPUT_STATS) console.log(Object.fromEntries(stats));
    expect(failures, `seed ${SEED}`).toEqual([]);
    // Every operation, RUNS calls each, plus shrinking on a failure: minutes on a loaded machine.
  }, 900_000);
});
