import { describe, expect, it } from 'vitest';
import { type OpenApiDocument, responseValidator } from './response-validator';

const doc: OpenApiDocument = {
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    id: { type: 'string', format: 'uuid' },
                    at: { type: 'string', format: 'date-time' },
                  },
                  required: ['id'],
                },
              },
            },
            headers: { ETag: { required: true, schema: { type: 'string', maxLength: 10 } } },
          },
          404: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          429: { content: {}, headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } } },
        },
      },
    },
    '/api/things/special': { get: { responses: { 204: {} } } },
  },
  components: {
    schemas: { Error: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
  },
};

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    res: new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    }),
    text,
  };
};

describe('the response validator', () => {
  const v = responseValidator(doc);
  const id = '0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10';
  const check = (path: string, a: ReturnType<typeof answer>) => v.check('GET', path, a.res, a.text);

  it('prefers literal path segments and accepts what the document describes', () => {
    expect(v.template('GET', '/api/things/special')).toBe('/api/things/special');
    expect(v.template('GET', `/api/things/${id}?x=1`)).toBe('/api/things/{id}');
    expect(check(`/api/things/${id}`, answer(200, { id }, { ETag: '"abc"' }))).toEqual([]);
    expect(check(`/api/things/${id}`, answer(404, { code: 'not_found' }))).toEqual([]);
    expect(check('/api/things/special', answer(204, undefined))).toEqual([]);
  });

  it('fails on an undocumented status, body, content type or header', () => {
    expect(check(`/api/things/${id}`, answer(500, { code: 'x' }))[0]).toMatch(/500 is not documented/);
    expect(check(`/api/things/${id}`, answer(200, { id: 'nope' }, { ETag: '"a"' }))[0]).toMatch(
      /format "uuid"/,
    );
    expect(check(`/api/things/${id}`, answer(200, { at: 'x', id }, { ETag: '"a"' }))[0]).toMatch(/date-time/);
    expect(check(`/api/things/${id}`, answer(200, { id }))[0]).toMatch(/required header ETag/);
    expect(check(`/api/things/${id}`, answer(200, { id }, { ETag: 'x'.repeat(20) }))[0]).toMatch(
      /header ETag/,
    );
    expect(check(`/api/things/${id}`, answer(404, { nope: 1 }))[0]).toMatch(/required property 'code'/);
    expect(check(`/api/things/${id}`, answer(429, { code: 'x' }))[0]).toMatch(/a body/);
    expect(check(`/api/things/${id}`, answer(429, undefined, { 'Retry-After': '0' }))[0]).toMatch(
      /Retry-After/,
    );
    const pdf = new Response('%PDF', {
      status: 200,
      headers: { 'content-type': 'application/pdf', ETag: '"a"' },
    });
    expect(v.check('GET', `/api/things/${id}`, pdf, '%PDF')[0]).toMatch(/content type application\/pdf/);
    expect(check('/api/elsewhere', answer(200, {}))[0]).toMatch(/no operation/);
  });
});
