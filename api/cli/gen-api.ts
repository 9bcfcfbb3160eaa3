import { writeFileSync } from 'node:fs';
import { generateSchemaTypes, SCHEMA_FILE } from '../../shared/api/generate';
import { buildOpenApiDocument } from './openapi-document';

/** `npm run gen:api`: regenerates `shared/api/schema.gen.ts` from the live route table. */
const source = await generateSchemaTypes(buildOpenApiDocument());
writeFileSync(SCHEMA_FILE, source);
console.log(`wrote ${SCHEMA_FILE}`);
