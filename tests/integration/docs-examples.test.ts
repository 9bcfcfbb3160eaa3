import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../api/auth/testing';
import { createPortal } from '../../api/routes/portals/testing';
import { createTestContext, jsonHeaders, type TestContext } from '../../api/testing/harness';
import {
  API_KEY_VARIABLE,
  type ApiExampleContext,
  curlCreateClient,
  curlListClients,
  curlRateLimitHeaders,
  tsCreateClient,
  tsListClients,
} from '../../host/dashboard/docs/api-examples';

/*
 * The documentation's API examples (host/dashboard/docs/api-examples.ts), run as a reader would run them:
 * the curl ones in bash with `curl`, the TypeScript ones by Node (which runs TypeScript), each against the
 * real server over HTTP with a real API key in CLIENT_PORTAL_API_KEY. And the statements of the API
 * chapters they rely on: the error shape, a read-only key refused a write, a revoked key refused, a
 * repeated Idempotency-Key replayed.
 */

const hasCurl = spawnSync('curl', ['--version']).status === 0;

let t: TestContext;
let server: ReturnType<typeof serve>;
let origin: string;
let cookie: string;
let portalId: string;
let key: string;
let dir: string;

async function createKey(scopes: string[]): Promise<{ id: string; secret: string }> {
  const res = await t.app.request('/api/api-keys', {
    method: 'POST',
    headers: jsonHeaders({ Cookie: cookie }),
    body: JSON.stringify({ name: `docs ${scopes.join(' ')}`, scopes }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { apiKey: { id: string }; secret: string };
  expect(body.secret).toMatch(/^cp_live_/);
  return { id: body.apiKey.id, secret: body.secret };
}

beforeAll(async () => {
  t = await createTestContext();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cookie = await signedInProvider(t, `docs-examples-${randomUUID()}@example.com`);
  portalId = (await createPortal(t, cookie, { portalName: 'Docs examples' })).id;
  key = (await createKey(['clients:write', 'projects:read'])).secret;
  dir = mkdtempSync(join(tmpdir(), 'docs-examples-'));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const context = (): ApiExampleContext => ({ origin, portalId });
const env = () => ({ ...process.env, [API_KEY_VARIABLE]: key });

/**
 * Runs a program to its end without blocking this process (the server under test answers from it): its
 * exit status, output and errors.
 */
function run(file: string, args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env: env(), encoding: 'utf8', timeout: 20_000 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}

/** Runs a shell example in bash; its output. */
async function shell(code: string): Promise<string> {
  const result = await run('bash', ['-euo', 'pipefail', '-c', code]);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** Runs a TypeScript example with Node (type stripping); its status, output and errors. */
function typescript(name: string, code: string) {
  const file = join(dir, `${name}.mts`);
  writeFileSync(file, code);
  return run(process.execPath, [file]);
}

/** A client as the API returns it, through the key. */
async function clientById(id: string) {
  const res = await fetch(`${origin}/api/clients/${id}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as { id: string; email: string } };
}

describe.skipIf(!hasCurl)('the curl examples', () => {
  it('list the clients', async () => {
    const page = JSON.parse(await shell(curlListClients(context()))) as {
      items: unknown[];
      nextCursor: unknown;
    };
    expect(Array.isArray(page.items)).toBe(true);
    expect(page).toHaveProperty('nextCursor');
  });

  it('create a client, once per Idempotency-Key', async () => {
    const created = JSON.parse(await shell(curlCreateClient(context()))) as { id: string; email: string };
    expect(created.email).toBe('grace@example.com');
    expect((await clientById(created.id)).status).toBe(200);
  });

  it('show the rate-limit headers', async () => {
    const headers = await shell(curlRateLimitHeaders(context()));
    expect(headers).toMatch(/^RateLimit-Policy: "default";q=\d+;w=\d+\r?$/im);
    expect(headers).toMatch(/^RateLimit: "default";r=\d+;t=\d+\r?$/im);
  });
});

describe('the TypeScript examples', () => {
  it('list every client, page by page', async () => {
    const listed = await typescript('list-clients', tsListClients(context()));
    expect(listed.status, listed.stderr).toBe(0);
    const res = await fetch(`${origin}/api/clients?limit=100`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    const { total } = (await res.json()) as { total: number };
    expect(listed.stdout.trim()).toBe(`${total} clients`);
  });

  it('create a client, and report the API error of a second one with the same e-mail', async () => {
    const first = await typescript('create-client', tsCreateClient(context()));
    expect(first.status, first.stderr).toBe(0);
    const id = /^created ([0-9a-f-]{36})$/.exec(first.stdout.trim())?.[1] ?? '';
    expect((await clientById(id)).body.email).toBe('ada@example.com');

    const again = await typescript('create-client-again', tsCreateClient(context()));
    expect(again.status).not.toBe(0);
    expect(again.stderr).toMatch(/409 client_email_taken: .+ \(request [\w-]+\)/);
  });
});

describe('what the API chapters say', () => {
  const post = (secret: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/clients`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('a read-only key gets 403 insufficient_scope on a write, in the documented error shape', async () => {
    const reader = await createKey(['clients:read']);
    const res = await post(reader.secret, { name: 'Nope', email: 'nope@example.com', portalId });
    expect(res.status).toBe(403);
    const { error } = (await res.json()) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ code: 'insufficient_scope', message: expect.any(String) });
    expect(error.requestId).toBe(res.headers.get('X-Request-Id'));
  });

  it('a revoked key gets 401 on its next request', async () => {
    const revoked = await createKey(['clients:read']);
    const del = await t.app.request(`/api/api-keys/${revoked.id}`, {
      method: 'DELETE',
      headers: jsonHeaders({ Cookie: cookie }),
    });
    expect(del.status).toBeLessThan(300);
    const res = await fetch(`${origin}/api/clients`, {
      headers: { Authorization: `Bearer ${revoked.secret}` },
    });
    expect(res.status).toBe(401);
  });

  it('a key is refused in the URL', async () => {
    const res = await fetch(`${origin}/api/clients?access_token=${key}&api_key=${key}`);
    expect(res.status).toBe(401);
  });

  it('the same Idempotency-Key and body replay the first answer; another body is 422', async () => {
    const idempotencyKey = randomUUID();
    const body = { name: 'Katherine Johnson', email: 'katherine@example.com', portalId };
    const first = await post(key, body, { 'Idempotency-Key': idempotencyKey });
    expect(first.status).toBe(201);
    const again = await post(key, body, { 'Idempotency-Key': idempotencyKey });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const other = await post(
      key,
      { ...body, name: 'Dorothy Vaughan' },
      { 'Idempotency-Key': idempotencyKey },
    );
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
  });
});
