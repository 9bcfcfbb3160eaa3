import examples from './openapi-examples.json' with { type: 'json' };

type Json = Record<string, unknown>;

/**
 * The last step of the generated OpenAPI document, for every caller of `getOpenAPI31Document` (the served
 * `/api/openapi.json`, `npm run gen:api`, the tests):
 *   - a nullable component is `anyOf: [$ref, null]`: the generator writes `allOf: [$ref, {type: [object,
 *     null]}]`, which no `null` can pass (the $ref's schema is an object);
 *   - success bodies get their example: `openapi-examples.json` holds, per component schema without an
 *     example of its own in `shared/contracts` (and per inline success body, by `operationId`), an answer
 *     recorded from the real server (`CAPTURE_EXAMPLES=<file> npx vitest run tests/integration/openapi-replay.test.ts`);
 *     the lint checks each against its schema.
 */
export function finishDocument<D>(doc: D): D {
  const document = doc as unknown as {
    paths?: Record<string, Record<string, Json>>;
    components?: { schemas?: Record<string, Json> };
  };
  fixNullableRefs(document);
  const byComponent = examples.components as Record<string, unknown>;
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    if (!('example' in schema) && name in byComponent) schema.example = byComponent[name];
  }
  const byOperation = examples.operations as Record<string, unknown>;
  for (const item of Object.values(document.paths ?? {})) {
    for (const op of Object.values(item)) {
      const id = op.operationId as string | undefined;
      for (const [status, res] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        const media = (res.content as Record<string, Json> | undefined)?.['application/json'];
        const key = `${id}:${status}`;
        if (media && !('example' in media) && key in byOperation) media.example = byOperation[key];
      }
    }
  }
  return doc;
}

function fixNullableRefs(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) fixNullableRefs(item);
    return;
  }
  const obj = node as Json;
  const allOf = obj.allOf as Json[] | undefined;
  if (Array.isArray(allOf) && allOf.length === 2) {
    const [ref, nullable] = allOf;
    const types = nullable?.type;
    if (
      typeof ref?.$ref === 'string' &&
      Array.isArray(types) &&
      types.includes('null') &&
      Object.keys(nullable ?? {}).length === 1
    ) {
      delete obj.allOf;
      obj.anyOf = [ref, { type: 'null' }];
    }
  }
  for (const value of Object.values(obj)) fixNullableRefs(value);
}
