import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/cli/openapi-document';
import { generateSchemaTypes, SCHEMA_FILE } from './generate';

describe('generated API types', () => {
  it('match the current OpenAPI document (run `npm run gen:api` when this fails)', async () => {
    const fresh = await generateSchemaTypes(buildOpenApiDocument());
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(fresh);
  });
});
