import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime } from '../../../api/realtime/server';
import { activityDuring, connect, openSocket, type TestSocket } from '../../../api/realtime/testing';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../api/testing/harness';
import { CloseCode } from '../../../shared/contracts/realtime';
import { type StripeStandIn, startStripeStandIn } from '../../stripe/stand-in';
import { type OpenApiDocument, responseValidator } from '../openapi/response-validator';
import { type CallSpec, FIXTURES } from './fixtures';
import {
  call,
  checkResponsesWith,
  contractProblems,
  freshPortalToken,
  makeAttacker,
  makeVictim,
  type PortalClient,
  snapshot,
  type Victim,
} from './world';

/**
 * The isolation suite: it reads the app's own route table (its OpenAPI document, so a route nobody
 * listed is still found), and calls every operation as every wrong identity: no credential, malformed
 * credentials, the other audience's credential (a portal client's bearer token on a provider route, a
 * provider's cookie on a portal route), another provider, a client of another provider's portal and a
 * client of the victim's other portal. Each answer must be 401, 403 or 404 as the operation documents
 * (another tenant's object answers 404), and afterwards everything the victim owns is unchanged. It runs
 * on the embedded database and, when DATABASE_URL names one, on PostgreSQL.
 */

interface Operation {
  method: string;
  path: string;
  audience: 'provider' | 'portal' | 'none';
  /** A provider operation API keys may call (issue 27): the key scheme is among its `security`. */
  acceptsKey: boolean;
  /** The identity is optional (the session read answers signed-out callers too). */
  optional: boolean;
  documented: Set<number>;
}

type OpenApiOperation = { security?: Record<string, unknown>[]; responses: Record<string, unknown> };

function operations(t: TestContext): Operation[] {
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'isolation', version: '0' } });
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, OpenApiOperation>).map(([method, op]) => {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      return {
        method: method.toUpperCase(),
        path,
        audience: schemes.includes('providerSession')
          ? 'provider'
          : schemes.includes('portalSession')
            ? 'portal'
            : 'none',
        acceptsKey: schemes.includes('apiKey'),
        optional: (op.security ?? []).some((s) => Object.keys(s).length === 0),
        documented: new Set(Object.keys(op.responses).map(Number)),
      } satisfies Operation;
    }),
  );
}

function url(op: Operation, spec: CallSpec): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = spec.params?.[name];
    if (!value) throw new Error(`${op.method} ${op.path}: the fixture gives no {${name}}`);
    return encodeURIComponent(value);
  });
  return spec.query ? `${path}?${new URLSearchParams(spec.query)}` : path;
}

/** Identifiers of the victim that no other caller's answer may contain. */
function secretsOf(v: Victim): string[] {
  return [v.providerId, v.email, v.portalId, ...clientSecretsOf(v), v.neighbour.clientId];
}

/** What a client of the same portal may not see: the victim client and their project. */
function clientSecretsOf(v: Victim): string[] {
  return [
    v.client.clientId,
    v.client.email,
    v.projectId,
    v.messageMarker,
    v.fileId,
    v.versionId,
    v.invoiceId,
    v.draftInvoiceId,
  ];
}

const MALFORMED_COOKIES = ['session=garbage', `session=${'a'.repeat(32)}.${'b'.repeat(32)}`];
const MALFORMED_BEARERS = ['garbage', `${'a'.repeat(32)}.${'b'.repeat(32)}`];

/**
 * The suite on one database (`databaseUrl` undefined: the embedded one). One file per database
 * (`isolation-embedded.test.ts`, `isolation-postgres.test.ts`), so the two run side by side.
 */
export function isolationSuite(name: string, databaseUrl: string | undefined, opts: { skip?: boolean } = {}) {
  (opts.skip ? describe.skip : describe)(`tenant isolation on the ${name}`, () => {
    let t: TestContext;
    let victim: Victim;
    let ops: Operation[];
    // Payments talk to a Stripe stand-in (the platform's account for plans; providers connect their own).
    let stripe: StripeStandIn;
    beforeAll(async () => {
      stripe = await startStripeStandIn();
      const platform = stripe.createAccount({ name: 'Platform' });
      t = await createTestContext(
        {
          STRIPE_API_BASE: stripe.url,
          STRIPE_SECRET_KEY: platform.secretKey,
          PAYMENT_SECRETS_KEY: randomBytes(32).toString('base64'),
          // The victim's keys are used on every operation: the per-key limit is not what this suite tests.
          API_KEY_RATE_LIMIT: '1000000',
        },
        { databaseUrl },
      );
      stripe.setDeliveryTarget(async (target, init) => t.app.request(new URL(target).pathname, init));
      // Every answer of the suite, the victim's set-up included, must be one the document describes.
      const doc = t.app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title: 'isolation', version: '0' },
      });
      checkResponsesWith(responseValidator(doc as unknown as OpenApiDocument));
      contractProblems.length = 0;
      victim = await makeVictim(t);
      ops = operations(t);
    });
    afterAll(async () => {
      checkResponsesWith(undefined);
      await stripe?.close();
      await t?.close();
    });

    it('knows how to call every operation of the route table', () => {
      const unknown = ops.map((op) => `${op.method} ${op.path}`).filter((key) => !(key in FIXTURES));
      expect(unknown, 'operations without an isolation fixture (add them to isolation/fixtures.ts)').toEqual(
        [],
      );
      const stale = Object.keys(FIXTURES).filter(
        (key) => !ops.some((op) => `${op.method} ${op.path}` === key),
      );
      expect(stale, 'fixtures of operations that no longer exist').toEqual([]);
    });

    it('lists as public only operations that take no session', () => {
      const wrong = ops.filter((op) => {
        const fixture = FIXTURES[`${op.method} ${op.path}`];
        return fixture && 'public' in fixture && op.audience !== 'none';
      });
      expect(wrong.map((op) => `${op.method} ${op.path}`)).toEqual([]);
    });

    it('answers every wrong identity with 401, 403 or 404 and changes nothing of the victim', async () => {
      const before = await snapshot(t, victim);
      for (const table of [
        'users',
        'profiles',
        'user_sessions',
        'client_portals',
        'clients',
        'portal_sessions',
        'widget_secrets',
      ]) {
        expect(before[table]?.length, `the victim has rows in ${table}`).toBeGreaterThan(0);
      }
      const failures: string[] = [];
      for (const op of ops) {
        const key = `${op.method} ${op.path}`;
        const fixture = FIXTURES[key];
        if (!fixture || 'public' in fixture) continue;
        const isObject = 'object' in fixture;
        const spec = isObject ? fixture.object(victim) : fixture.own(victim);
        const target = url(op, spec);
        const attempt = async (
          who: string,
          creds: { cookie?: string; bearer?: string },
          expected: number[],
          mustNotLeak: false | string[] = false,
        ) => {
          const res = await call(t, op.method, target, {
            ...creds,
            ...(spec.body === undefined ? {} : { body: spec.body }),
            ...(spec.multipart ? { multipart: await spec.multipart() } : {}),
          });
          const text = await res.text();
          if (!expected.includes(res.status)) {
            failures.push(
              `${key} as ${who}: ${res.status} (expected ${expected.join('/')}) ${text.slice(0, 160)}`,
            );
          } else if (res.status >= 400 && !op.documented.has(res.status)) {
            failures.push(`${key} as ${who}: ${res.status} is not among its documented responses`);
          }
          if (mustNotLeak) {
            const leaked = mustNotLeak.filter((secret) => text.includes(secret));
            if (leaked.length)
              failures.push(`${key} as ${who}: the answer contains the victim's ${leaked.join(', ')}`);
          }
        };

        const attacker = await makeAttacker(t);
        const secrets = secretsOf(victim);
        const refused = op.optional ? [200] : [401];
        if (op.audience === 'provider') {
          await attempt('nobody', {}, refused, secrets);
          for (const cookie of MALFORMED_COOKIES)
            await attempt(`cookie ${cookie}`, { cookie }, refused, secrets);
          await attempt(
            "the victim's portal client (bearer)",
            { bearer: victim.client.token },
            refused,
            secrets,
          );
          await attempt(
            'another provider',
            { cookie: attacker.cookie },
            isObject ? [404] : [200, 201, 204, 400, 401, 403, 404, 409, 422],
            secrets,
          );
          // API keys (issue 27): the victim's revoked key is 401 everywhere; where keys are accepted, another
          // provider's key (every scope) is that provider and nobody else, and the victim's read-only key is
          // refused on writes; account-level operations refuse even the victim's key with every scope.
          await attempt("the victim's revoked API key", { bearer: victim.keys.revoked }, refused, secrets);
          if (op.acceptsKey) {
            await attempt(
              "another provider's API key",
              { bearer: attacker.key },
              isObject ? [404] : [200, 201, 204, 400, 403, 404, 409, 422],
              secrets,
            );
            if (op.method !== 'GET' && op.method !== 'HEAD') {
              await attempt(
                "the victim's read-only API key on a write",
                { bearer: victim.keys.readOnly },
                [403],
              );
            }
          } else {
            await attempt(
              "the victim's API key on an account-level operation",
              { bearer: victim.keys.full },
              refused,
            );
          }
        } else if (op.audience === 'portal') {
          await attempt('nobody', {}, [401]);
          for (const bearer of MALFORMED_BEARERS) await attempt(`bearer ${bearer}`, { bearer }, [401]);
          await attempt("the victim provider's cookie", { cookie: victim.cookie }, [401]);
          await attempt("another provider's cookie", { cookie: attacker.cookie }, [401]);
          const strangers: [string, string, PortalClient][] = [
            ["another provider's client", attacker.providerId, attacker.client],
            ["a client of the victim's other portal", victim.providerId, victim.neighbour],
          ];
          for (const [who, providerId, stranger] of strangers) {
            await attempt(who, { bearer: await freshPortalToken(t, providerId, stranger) }, [401], secrets);
          }
          // Another client of the same portal passes the portal's check, but never reaches this client's things.
          await attempt(
            'another client of the same portal',
            { bearer: await freshPortalToken(t, victim.providerId, victim.sibling) },
            isObject ? [404] : [200, 201, 400, 404, 409, 422],
            clientSecretsOf(victim),
          );
        }
        const after = await snapshot(t, victim);
        for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
          if (JSON.stringify(before[table]) !== JSON.stringify(after[table])) {
            failures.push(`${key}: the victim's ${table} changed`);
            before[table] = after[table] ?? [];
          }
        }
      }
      expect(failures).toEqual([]);
      // Every operation times every identity: minutes on a loaded machine, not the default 30 s.
    }, 600_000);

    it('answers only what the OpenAPI document describes (status, content type, body, headers)', () => {
      expect([...new Set(contractProblems)]).toEqual([]);
    });

    it('changes nothing of the victim for unsigned or foreign Stripe events', async () => {
      const webhook = `${t.deps.config.publicOrigin}/api/webhooks/stripe`;
      const connect = async (cookie: string) => {
        const account = stripe.createAccount();
        const res = await call(t, 'PUT', '/api/payments/stripe', {
          cookie,
          body: { secretKey: account.secretKey },
        });
        expect(res.status).toBe(200);
        return { ...account, secret: stripe.webhookEndpoints(account.accountId)[0]?.secret ?? '' };
      };
      await connect(victim.cookie);
      const attacker = await makeAttacker(t);
      const foreign = await connect(attacker.cookie);
      const before = await snapshot(t, victim);
      const metadata = { provider_id: victim.providerId, invoice_id: victim.invoiceId };
      const paid = stripe.makeEvent(foreign.accountId, 'invoice.paid', {
        id: 'in_isolation',
        object: 'invoice',
        status: 'paid',
        status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
        metadata,
      });
      const checkout = stripe.makeEvent(foreign.accountId, 'checkout.session.completed', {
        id: 'cs_test_isolation',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 11900,
        currency: 'eur',
        metadata,
      });
      const claimedByAttacker = (e: typeof paid) => {
        const copy = structuredClone(e) as typeof paid & {
          data: { object: { metadata: Record<string, string> } };
        };
        copy.data.object.metadata.provider_id = attacker.providerId;
        return copy;
      };
      for (const event of [paid, checkout]) {
        for (const secret of [null, foreign.secret, 'whsec_madeupsecret1234567890'])
          expect((await stripe.deliver(webhook, event, { secret })).status).toBe(400);
        // Signed by the attacker's own account and naming the attacker: verified, but only the attacker's.
        const own = await stripe.deliver(webhook, claimedByAttacker(event), { secret: foreign.secret });
        expect(own.status).toBe(200);
      }
      expect(await snapshot(t, victim)).toEqual(before);
    });
    it('sends a realtime socket only its own scope’s events, and opens none for a wrong identity', async () => {
      const server = await new Promise<Server>((resolve) => {
        const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
      });
      const realtime = await attachRealtime(server, t.deps);
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const sockets: TestSocket[] = [];
      const open = async (opts: Parameters<typeof connect>[1]) => {
        const socket = await connect(base, { origin: TEST_ORIGIN, ...opts });
        sockets.push(socket);
        return socket;
      };
      const closeCode = async (opts: Parameters<typeof openSocket>[1], hello: Record<string, unknown>) => {
        const socket = await openSocket(base, { origin: TEST_ORIGIN, ...opts });
        sockets.push(socket);
        socket.ws.send(JSON.stringify({ type: 'hello', lang: 'en', ...hello }));
        return (await socket.closed).code;
      };
      const refusedWith = (opts: Parameters<typeof openSocket>[1]) =>
        openSocket(base, { origin: TEST_ORIGIN, ...opts }).then(
          (socket) => {
            sockets.push(socket);
            return 'opened';
          },
          (err: Error) => err.message,
        );
      try {
        // Wrong identities: no socket, or one closed at its hello.
        expect(await refusedWith({ audience: 'provider' })).toBe('unexpected 401');
        for (const cookie of MALFORMED_COOKIES)
          expect(await refusedWith({ audience: 'provider', cookie })).toBe('unexpected 401');
        expect(
          await refusedWith({
            audience: 'provider',
            cookie: victim.cookie,
            origin: 'https://attacker.example',
          }),
        ).toBe('unexpected 403');
        const bearerOnProvider = await openSocket(base, { audience: 'provider', origin: TEST_ORIGIN }).catch(
          (err: Error) => err.message,
        );
        expect(bearerOnProvider).toBe('unexpected 401');
        expect(await closeCode({ audience: 'portal', cookie: victim.cookie }, {})).toBe(
          CloseCode.unauthorized,
        );
        for (const bearer of MALFORMED_BEARERS)
          expect(await closeCode({ audience: 'portal' }, { token: bearer, portalId: victim.portalId })).toBe(
            CloseCode.unauthorized,
          );
        const attacker = await makeAttacker(t);
        expect(
          await closeCode(
            { audience: 'portal' },
            {
              token: await freshPortalToken(t, attacker.providerId, attacker.client),
              portalId: victim.portalId,
            },
          ),
        ).toBe(CloseCode.unauthorized);

        // Every other identity connected while the victim's events happen.
        const own = await open({ audience: 'provider', cookie: victim.cookie });
        const ownClient = await open({
          audience: 'portal',
          token: victim.client.token,
          portalId: victim.portalId,
        });
        const others = {
          'another provider': await open({ audience: 'provider', cookie: attacker.cookie }),
          "another provider's client": await open({
            audience: 'portal',
            token: attacker.client.token,
            portalId: attacker.client.portalId,
          }),
          "a client of the victim's other portal": await open({
            audience: 'portal',
            token: await freshPortalToken(t, victim.providerId, victim.neighbour),
            portalId: victim.neighbour.portalId,
          }),
          'another client of the same portal': await open({
            audience: 'portal',
            token: await freshPortalToken(t, victim.providerId, victim.sibling),
            portalId: victim.portalId,
          }),
        };
        const marker = `${victim.messageMarker}live`;
        const send = (creds: { cookie?: string; bearer?: string }, path: string, body: string) =>
          call(t, 'POST', path, { ...creds, body: { clientMessageId: crypto.randomUUID(), body } });
        await send(
          { cookie: victim.cookie },
          `/api/projects/${victim.projectId}/messages`,
          `To the client ${marker}`,
        );
        await send(
          { bearer: victim.client.token },
          `/api/portal/${victim.portalId}/projects/${victim.projectId}/messages`,
          `To the provider ${marker}`,
        );
        await call(t, 'PATCH', `/api/projects/${victim.projectId}`, {
          cookie: victim.cookie,
          body: { internalNotes: `internal ${marker}` },
        });
        const internal = await own.next((m) => m.type === 'activity' && m.item.type === 'project_updated');
        expect(internal.type === 'activity' && internal.project && 'internalNotes' in internal.project).toBe(
          true,
        );
        for (const side of [own, ownClient]) {
          await side.next((m) => m.type === 'activity' && m.message?.body === `To the provider ${marker}`);
        }
        expect(await activityDuring(ownClient, 300)).toEqual([]);
        expect(JSON.stringify(ownClient.messages)).not.toContain(`internal ${marker}`);
        for (const [who, socket] of Object.entries(others)) {
          const got = JSON.stringify(socket.messages);
          expect(socket.activity(), `${who} received the victim's events`).toEqual([]);
          for (const secret of [...clientSecretsOf(victim), marker])
            expect(got.includes(secret), `${who} received ${secret}`).toBe(false);
        }
      } finally {
        for (const socket of sockets) await socket.close();
        await realtime.close();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
}
