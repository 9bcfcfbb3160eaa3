import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createTestContext, jsonHeaders, type TestContext } from './testing/harness';

describe('the app frame', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('reports the database in /api/health', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers unknown API paths with the uniform error body and a request id', async () => {
    const res = await t.app.request('/api/nope');
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error.code).toBe('not_found');
    expect(body.error.requestId).toMatch(/^req_/);
    expect(res.headers.get('x-request-id')).toBe(body.error.requestId);
  });

  it('translates error messages by Accept-Language', async () => {
    const en = await (await t.app.request('/api/nope')).json();
    const de = await (
      await t.app.request('/api/nope', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } })
    ).json();
    expect(en.error.message).not.toBe(de.error.message);
    expect(de.error.message).not.toMatch(/^errors\./);
  });

  it('rejects a cross-site state-changing request', async () => {
    const res = await t.app.request('/api/waitlist', {
      method: 'POST',
      headers: jsonHeaders({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }),
      body: JSON.stringify({ email: 'a@b.co' }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('csrf_rejected');
  });

  it('rejects a non-JSON body on a JSON route', async () => {
    const res = await t.app.request('/api/waitlist', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Content-Length': '14' },
      body: 'email=a@b.co&x',
    });
    expect(res.status).toBe(415);
  });

  it('documents every operation with schemas and examples in OpenAPI 3.1', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const problems: string[] = [];
    for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.summary) problems.push(`${where}: no summary`);
        const responses = op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
        const ok = Object.entries(responses).find(([s]) => s.startsWith('2'));
        // JSON for every operation, except binary downloads (a portal logo is image/webp) with their own
        // schema, and a 204 (No Content: a deleted file), which has no body.
        if (ok?.[0] !== '204' && !Object.values(ok?.[1].content ?? {}).some((c) => c.schema))
          problems.push(`${where}: no success schema`);
        const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
          ?.content?.['application/json'];
        if (body && !body.schema) problems.push(`${where}: request body without schema`);
      }
    }
    expect(problems).toEqual([]);
    const withExamples = JSON.stringify(doc.components?.schemas ?? {});
    expect(withExamples).toContain('"example"');
  });

  it('serves the interactive reference at /api/docs', async () => {
    const res = await t.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('/api/docs/swagger-ui-bundle.js');
    expect(await (await t.app.request('/api/docs/init.js')).text()).toContain("url: '/api/openapi.json'");
    expect((await t.app.request('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
  });
});

describe('configuration', () => {
  it('names the variable in one line when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('defaults to port 3000, ./data and the embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicOrigin).toBe('http://localhost:3000');
  });
});
