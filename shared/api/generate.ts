import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const SCHEMA_FILE = fileURLToPath(new URL('./schema.gen.ts', import.meta.url));

const HEADER = `/**
 * Generated from /api/openapi.json by \`npm run gen:api\` (openapi-typescript). Do not edit:
 * \`shared/api/schema.test.ts\` fails when this file is stale.
 */
`;

/** TypeScript types for an OpenAPI 3.1 document, as committed in schema.gen.ts. Node only. */
export async function generateSchemaTypes(document: unknown): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript takes its own document type
  const ast = await openapiTS(document as any, { alphabetize: true });
  return HEADER + astToString(ast);
}
