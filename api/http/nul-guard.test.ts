import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from '../../shared/contracts/common';
import { postJson, signedInProvider } from '../auth/testing';
import { send } from '../routes/account/testing';
import {
  type PortalWorld,
  passwordSession,
  portalRequest,
  portalWorld,
} from '../routes/portal-client/testing';
import { createClient, createPortal, tempDataDir } from '../routes/portals/testing';
import { exchange, handoffClaims, rotateSecret, signHandoffToken } from '../routes/widget/testing';
import { createTestContext, type TestContext } from '../testing/harness';
import type { AppEnv } from './context';
import { onError } from './errors';

const NUL = '\u0000';

let t: TestContext;
let owner: string;
let world: PortalWorld;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  owner = await signedInProvider(t, 'nul-provider@example.com');
  world = await portalWorld(t, 'nul');
});
afterAll(() => t.close());

interface Case {
  name: string;
  send: () => Response | Promise<Response>;
  status: number;
  /** The failing field of a 422. */
  field?: string;
  code?: string;
}

/** The thirteen places the review found a NUL answering 500 (issue 17, finding 11), and a few more. */
function cases(): Case[] {
  const portalId = world.portalId;
  return [
    {
      name: 'waitlist name',
      send: () => postJson(t, '/api/waitlist', { email: 'nul-wait@example.com', name: `Ada${NUL}` }),
      status: 422,
      field: 'name',
    },
    {
      name: 'domain check query',
      send: () => t.app.request('/api/domains/check?domain=a%00.example.com'),
      status: 400,
    },
    {
      name: 'session cookie',
      send: () => t.app.request('/api/auth/session', { headers: { Cookie: 'session=abc%00.def' } }),
      status: 400,
    },
    {
      name: 'sign-out cookie',
      send: () => send(t, 'POST', '/api/auth/sign-out', 'session=abc.d%00ef'),
      status: 400,
    },
    {
      name: 'profile full name',
      send: () => send(t, 'PATCH', '/api/profile', owner, { fullName: `Ada${NUL}` }),
      status: 422,
      field: 'fullName',
    },
    {
      name: 'profile business name',
      send: () => send(t, 'PATCH', '/api/profile', owner, { businessName: `Studio${NUL}` }),
      status: 422,
      field: 'businessName',
    },
    {
      name: 'portal name',
      send: () => send(t, 'POST', '/api/portals', owner, { portalName: `Studio${NUL}` }),
      status: 422,
      field: 'portalName',
    },
    {
      name: 'client name',
      send: () =>
        send(t, 'POST', '/api/clients', owner, { name: `G${NUL}`, email: 'g@example.com', portalId }),
      status: 422,
      field: 'name',
    },
    {
      name: 'client company, phone and notes',
      send: () =>
        send(t, 'PATCH', `/api/clients/${world.client.id}`, world.owner, {
          company: `Navy${NUL}`,
        }),
      status: 422,
      field: 'company',
    },
    {
      name: 'client e-mail',
      send: () =>
        send(t, 'POST', '/api/clients', owner, { name: 'G', email: `g${NUL}@example.com`, portalId }),
      status: 422,
      field: 'email',
    },
    {
      name: 'client search',
      send: () => send(t, 'GET', '/api/clients?search=a%00b', owner),
      status: 400,
    },
    {
      name: 'session id in the path',
      send: () => send(t, 'DELETE', '/api/account/sessions/abc%00def', owner),
      status: 400,
    },
    {
      name: 'client id in the path',
      send: () => send(t, 'GET', '/api/clients/abc%00', owner),
      status: 400,
    },
    {
      name: 'portal bearer token',
      send: () => portalRequest(t, 'GET', `/api/portal/${portalId}/session`, `abc%00.def`),
      status: 400,
    },
    {
      name: 'provider sign-in e-mail',
      send: () => postJson(t, '/api/auth/sign-in', { email: `a${NUL}@example.com`, password: 'secret1' }),
      status: 422,
      field: 'email',
    },
  ];
}

describe('NUL (U+0000) anywhere in a request never answers 500 (issue 17, finding 11)', () => {
  it('is refused in every place the review found, and a few more', async () => {
    for (const c of cases()) {
      const res = await c.send();
      const body = (await res.json()) as {
        error: { code: string; fields?: { path: string; key: string; message: string }[] };
      };
      expect(res.status, c.name).toBe(c.status);
      if (c.field) {
        expect(body.error.fields, c.name).toContainEqual({
          path: c.field,
          key: 'validation.invalidCharacters',
          message: 'This text contains a character that is not allowed',
        });
      } else {
        expect(body.error.code, c.name).toBe(c.code ?? 'bad_request');
      }
    }
  });

  it('is refused in a portal client’s profile name', async () => {
    const session = await passwordSession(t, world.client.email, world.portalId);
    const res = await portalRequest(t, 'PATCH', `/api/portal/${world.portalId}/profile`, session.token, {
      name: `Grace${NUL}`,
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields[0]).toMatchObject({ path: 'name' });
  });

  it('is refused in a handoff token’s jti (inside the signed token)', async () => {
    const client = await createClient(t, world.owner, world.portalId, { email: 'nul-handoff@example.com' });
    const secret = await rotateSecret(t, world.owner, world.portalId);
    const claims = handoffClaims(client.email, world.portalId, t.deps.now(), { jti: `a${NUL}b` });
    const res = await exchange(t, world.portalId, signHandoffToken(claims, secret));
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('handoff_invalid');
  });

  it('is refused by the contracts’ text type in the browser too (the same message key)', () => {
    const result = text().trim().min(1).safeParse(`a${NUL}`);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validation.invalidCharacters']);
    expect(text().safeParse('a%00b').success).toBe(true);
  });

  it('still takes a portal whose name merely mentions %00', async () => {
    const portal = await createPortal(t, owner, { portalName: 'Studio %00' });
    expect(portal.portalName).toBe('Studio %00');
  });

  it('answers 400, not 500, should the database itself ever be handed one', async () => {
    const refused = await t.sql`SELECT ${`a${NUL}b`}::text AS v`.catch((error: unknown) => error);
    const app = new Hono<AppEnv>();
    app.onError(onError);
    app.get('/', () => {
      throw refused;
    });
    const res = await app.request('/');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('bad_request');
  });
});
