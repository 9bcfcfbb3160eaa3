import { Hono } from 'hono';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/context';
import { onError } from '../http/errors';
import { createLogger } from '../http/logger';
import { isDatabaseUnavailable } from './unavailable';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    'CONNECT_TIMEOUT',
    'ECONNREFUSED',
    'ECONNRESET',
    '57P01',
    '57P02',
    '57P03',
    '08006',
    '08001',
    '53300',
  ])('%s is the database away', (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
  });

  it.each(['23505', '22021', '42501', '40001', 'UNSAFE_TRANSACTION'])(
    '%s is a query of its own failing',
    (code) => {
      expect(isDatabaseUnavailable(coded(code))).toBe(false);
    },
  );

  it('finds the cause behind a wrapper, the addresses of an AggregateError and pg’s uncoded errors', () => {
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded('57P01') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED')], 'connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('nothing to do with it'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('recognises what postgres.js throws when nothing listens on the port', async () => {
    // Port 1 on the loopback: refused at once.
    const sql = postgres('postgres://postgres@127.0.0.1:1/none', { max: 1, connect_timeout: 2 });
    const err = await sql`SELECT 1`.catch((e: unknown) => e);
    await sql.end({ timeout: 0 });
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});

describe('onError', () => {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('log', createLogger('silent'));
    c.set('requestId', 'req_test');
    await next();
  });
  app.get('/away', () => {
    throw coded('57P01', 'terminating connection due to administrator command');
  });
  app.get('/closed', () => {
    throw coded('CONNECTION_CLOSED', 'write CONNECTION_CLOSED 127.0.0.1:5432');
  });
  app.get('/broken', () => {
    throw coded('42703', 'column "nope" does not exist');
  });
  app.onError(onError);

  it('answers the database away with 503 service_unavailable and Retry-After, translated', async () => {
    for (const path of ['/away', '/closed']) {
      const res = await app.request(path, { headers: { 'Accept-Language': 'de' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('2');
      const body = (await res.json()) as { error: { code: string; message: string; requestId: string } };
      expect(body.error.code).toBe('service_unavailable');
      expect(body.error.requestId).toBe('req_test');
      expect(body.error.message).toBeTruthy();
    }
  });

  it('keeps any other database error a 500', async () => {
    const res = await app.request('/broken');
    expect(res.status).toBe(500);
    expect(res.headers.get('Retry-After')).toBeNull();
  });
});
