import { describe, expect, it } from 'vitest';
import { callApi, readResponse } from './call';
import { ApiError, errorBodyOf, toApiError } from './error';
import { MAX_RETRIES, retryDelay, shouldRetry } from './retry';

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const validation = {
  error: {
    code: 'validation_failed',
    message: 'Bitte prüfe die markierten Felder.',
    requestId: 'req_1',
    fields: [{ path: 'email', key: 'validation.emailInvalid', message: 'Ungültige E-Mail-Adresse' }],
  },
};

describe('the API error shape', () => {
  it('reads status, code, translated message, field errors and request id', () => {
    const error = toApiError(validation, json(validation, 422));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Bitte prüfe die markierten Felder.',
      requestId: 'req_1',
      fields: validation.error.fields,
      retryAfterSeconds: undefined,
    });
  });

  it('reads Retry-After (whole seconds, rounded up) of a rate limit', () => {
    const body = { error: { code: 'rate_limited', message: 'Too many', requestId: 'r' } };
    expect(toApiError(body, json(body, 429, { 'Retry-After': '41.2' })).retryAfterSeconds).toBe(42);
    expect(toApiError(body, json(body, 429, { 'Retry-After': 'soon' })).retryAfterSeconds).toBeUndefined();
  });

  it('falls back by status when the body is not the uniform error (a proxy page, an empty body)', () => {
    expect(toApiError('<html>', new Response('', { status: 502 }), 'offline')).toMatchObject({
      status: 502,
      code: 'internal_error',
      message: 'offline',
      fields: [],
    });
    expect(toApiError(undefined, new Response('', { status: 404 }))).toMatchObject({
      status: 404,
      code: 'bad_request',
      message: '',
    });
    expect(errorBodyOf({ error: 'text' })).toBeUndefined();
    expect(errorBodyOf({ error: { code: 'not_found', message: 'x', requestId: 'r' } })?.code).toBe(
      'not_found',
    );
  });
});

describe('callApi', () => {
  it('resolves with the data of a successful call, made directly or by a function', async () => {
    const ok = { data: { id: 1 }, response: json({ id: 1 }, 200) };
    await expect(callApi(Promise.resolve(ok))).resolves.toEqual({ id: 1 });
    await expect(callApi(async () => ok)).resolves.toEqual({ id: 1 });
  });

  it('throws the API error of a refused call', async () => {
    const failed = callApi(Promise.resolve({ error: validation, response: json(validation, 422) }));
    await expect(failed).rejects.toMatchObject({ status: 422, code: 'validation_failed' });
  });

  it('throws a network error (status 0, the fallback message) when the server is not reached', async () => {
    const failed = callApi(() => Promise.reject(new TypeError('Failed to fetch')), 'Keine Verbindung');
    await expect(failed).rejects.toMatchObject({ status: 0, code: 'network', message: 'Keine Verbindung' });
    await expect(callApi(() => Promise.reject(new TypeError('x')))).rejects.toBeInstanceOf(ApiError);
  });
});

describe('readResponse', () => {
  it('reads a plain response the same way', async () => {
    await expect(readResponse(Promise.resolve(json({ user: null }, 200)))).resolves.toEqual({ user: null });
    await expect(readResponse(Promise.resolve(json(validation, 422)))).rejects.toMatchObject({
      status: 422,
      fields: validation.error.fields,
    });
    await expect(readResponse(Promise.reject(new TypeError('down')), 'offline')).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: 'offline',
    });
    // A 200 whose body is not JSON (a misrouted HTML page) is a failure, not data.
    await expect(
      readResponse(Promise.resolve(new Response('<html>', { status: 200 }))),
    ).rejects.toMatchObject({
      status: 200,
    });
  });
});

describe('the retry rule', () => {
  it('never retries a 4xx, whatever the count', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429])
      expect(shouldRetry(0, new ApiError(status, 'x', 'x'))).toBe(false);
  });

  it('retries network errors, 5xx and unknown errors up to three times', () => {
    for (const error of [new ApiError(0, 'network', ''), new ApiError(503, 'x', ''), new TypeError('bug')]) {
      const retried = [0, 1, 2, 3, 4].filter((failureCount) => shouldRetry(failureCount, error));
      expect(retried).toEqual([0, 1, 2]);
    }
    expect(MAX_RETRIES).toBe(3);
  });

  it('backs off 1 s, 2 s, 4 s… up to 30 s', () => {
    expect([0, 1, 2, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
