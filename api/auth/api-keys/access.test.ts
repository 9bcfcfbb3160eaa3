import { describe, expect, it } from 'vitest';
import { API_KEY_FAMILIES } from '../../../shared/contracts/api-keys';
import { buildOpenApiDocument } from '../../cli/openapi-document';
import { ACCESS_BY_PREFIX, accessRowOf, keyAccessOf } from './access';

type Op = { security?: Record<string, string[]>[] };

function providerOperations() {
  const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, Op>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => (op.security ?? []).some((s) => 'providerSession' in s))
      .map(([method, op]) => ({ method, path, op })),
  );
}

describe('what an API key may reach', () => {
  it('decides every provider operation of the route table: a family or explicitly account-level', () => {
    const undecided = providerOperations()
      .filter(({ path }) => !accessRowOf(path))
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(undecided, 'add a row to ACCESS_BY_PREFIX in api/auth/api-keys/access.ts').toEqual([]);
  });

  it('documents the key scheme with its scope exactly on the operations keys may call', () => {
    const wrong: string[] = [];
    for (const { method, path, op } of providerOperations()) {
      const access = keyAccessOf(method, path);
      const documented = (op.security ?? []).find((s) => 'apiKey' in s)?.apiKey;
      const expected = access ? [`${access.family}:${access.write ? 'write' : 'read'}`] : undefined;
      if (JSON.stringify(documented) !== JSON.stringify(expected))
        wrong.push(`${method} ${path}: ${JSON.stringify(documented)} ≠ ${JSON.stringify(expected)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the account itself away from keys, and reads apart from writes', () => {
    for (const [method, path] of [
      ['post', '/api/account/password'],
      ['get', '/api/account/sessions'],
      ['delete', '/api/account'],
      ['get', '/api/account/export'],
      ['get', '/api/api-keys'],
      ['post', '/api/api-keys'],
      ['delete', '/api/api-keys/{keyId}'],
      ['get', '/api/plan'],
      ['put', '/api/payments/stripe'],
      ['post', '/api/auth/refresh'],
      ['patch', '/api/portals/{portalId}'],
    ] as const) {
      expect(keyAccessOf(method, path), `${method} ${path}`).toBeNull();
    }
    expect(keyAccessOf('get', '/api/clients')).toEqual({ family: 'clients', write: false });
    expect(keyAccessOf('post', '/api/clients/{clientId}/invite')).toEqual({ family: 'clients', write: true });
    expect(keyAccessOf('post', '/api/projects/{projectId}/messages')).toEqual({
      family: 'messages',
      write: true,
    });
    expect(keyAccessOf('post', '/api/projects/{projectId}/files')).toEqual({ family: 'files', write: true });
    expect(keyAccessOf('get', '/api/projects/{projectId}/activity')).toEqual({
      family: 'projects',
      write: false,
    });
    expect(keyAccessOf('get', '/api/invoices/{invoiceId}/pdf')).toEqual({ family: 'invoices', write: false });
    // A path no row decides is refused to keys, and every family of the contract has a row.
    expect(keyAccessOf('get', '/api/something-new')).toBeNull();
    const families = new Set(ACCESS_BY_PREFIX.map(([, family]) => family));
    for (const family of API_KEY_FAMILIES) expect(families.has(family), family).toBe(true);
  });
});
