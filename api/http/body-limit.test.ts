import { connect, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, jsonHeaders, TEST_ORIGIN, type TestContext } from '../testing/harness';
import { JSON_MAX_BYTES } from './body-limit';

const MB = 1024 * 1024;

let t: TestContext;
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  t = await createTestContext();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/**
 * Sends a request's head, then up to `total` bytes of body in 64 KiB chunks (chunked encoding when no
 * `Content-Length` is given), as fast as the server takes them, and stops at the first byte of an answer.
 * @returns the answer's head and how many body bytes the server had taken before it answered
 */
function hostileUpload(path: string, headers: Record<string, string>, total: number) {
  return new Promise<{ head: string; sent: number }>((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunked = headers['Content-Length'] === undefined;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let answer = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ head: answer.split('\r\n\r\n')[0] ?? '', sent });
    };
    const pump = () => {
      while (!done && sent < total) {
        const piece = chunked ? `${chunk.length.toString(16)}\r\n${chunk}\r\n` : chunk;
        sent += chunk.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
    };
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      if (answer.includes('\r\n\r\n')) finish();
    });
    socket.on('error', (error) => (answer ? finish() : reject(error)));
    socket.on('close', finish);
    socket.on('connect', () => {
      const lines = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      if (chunked) lines.push('Transfer-Encoding: chunked');
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      pump();
    });
  });
}

const json = { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, 'Sec-Fetch-Site': 'same-origin' };

describe('request body limits (a 50 MB body is refused before it is read)', () => {
  it('answers 413 to a declared 50 MB JSON body at once, before any rate-limit bookkeeping', async () => {
    const { head, sent } = await hostileUpload(
      '/api/auth/sign-in',
      { ...json, 'Content-Length': String(50 * MB) },
      50 * MB,
    );
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/connection: close/i);
    // The socket's buffers take a few MB before the server answers; never the 50.
    expect(sent).toBeLessThan(10 * MB);
    expect(await t.sql`SELECT key FROM rate_limits`).toEqual([]);
  });

  it('cuts off a chunked JSON body without Content-Length at the byte past 64 KB', async () => {
    const { head, sent } = await hostileUpload('/api/auth/sign-up', json, 50 * MB);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(10 * MB);
    expect(await t.sql`SELECT key FROM rate_limits`).toEqual([]);
  });

  it('limits an upload route to its own limit, before the session is checked', async () => {
    const declared = await hostileUpload(
      '/api/portals/00000000-0000-4000-8000-000000000000/logo',
      {
        'Content-Type': 'multipart/form-data; boundary=x',
        Origin: TEST_ORIGIN,
        'Content-Length': String(50 * MB),
      },
      50 * MB,
    );
    expect(declared.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(declared.sent).toBeLessThan(10 * MB);
  });

  it('limits a route that takes no body, and an unknown path, too', async () => {
    for (const path of ['/api/health', '/api/nothing-here', '/anything']) {
      const { head } = await hostileUpload(path, { ...json, 'Content-Length': String(50 * MB) }, 1 * MB);
      expect(head, path).toMatch(/^HTTP\/1\.1 413 /);
    }
  });

  it('answers in the API error shape, translated', async () => {
    const res = await t.app.request('/api/auth/sign-in', {
      method: 'POST',
      headers: jsonHeaders({ 'Accept-Language': 'de' }),
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(JSON_MAX_BYTES) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatchObject({
      code: 'payload_too_large',
      message: 'Die Anfrage ist zu groß.',
    });
  });

  it('takes a JSON body just under the limit', async () => {
    const res = await t.app.request('/api/auth/sign-in', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(JSON_MAX_BYTES - 100) }),
    });
    expect(res.status).not.toBe(413);
  });
});
