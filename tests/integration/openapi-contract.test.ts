import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { API_TAGS } from '../../api/app';
import { buildDocumentApp, buildOpenApiDocument } from '../../api/cli/openapi-document';

/*
 * The document is the route table: every `/api` route the app registers is an operation of
 * `/api/openapi.json` with the same method and path and the other way round, apart from the exceptions
 * below (each with its reason); and every operation is complete: a stable camelCase `operationId`, a
 * defined tag, its `security` (an empty list on purpose for public ones), examples for its JSON bodies.
 */

/** Routes of the app that are not operations of the document, and why. */
const NOT_IN_DOCUMENT: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself',
  'GET /api/docs': 'the interactive reference (HTML) for the document',
  'GET /api/docs/init.js': 'a static asset of the reference page',
  'GET /api/docs/swagger-ui.css': 'a static asset of the reference page',
  'GET /api/docs/swagger-ui-bundle.js': 'a static asset of the reference page',
  'GET /api/dev/outbox': 'development only (never in production): the local mail outbox',
};
/**
 * Not Hono routes, so not in the route table either, and not operations: the WebSocket `/api/realtime`
 * (an upgrade on the Node server, `api/realtime/server.ts`: no HTTP request/response to describe) and the
 * catch-all that answers 404 `not_found` to every other `/api/*` path.
 */

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    tags?: { name: string; description?: string }[];
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

  it('equals the route table', () => {
    const app = buildDocumentApp();
    const routes = new Set(
      app.routes
        // Middleware (`use`, method ALL) and the catch-all are not operations.
        .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*') && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = new Set(operations.map((o) => o.key));
    const undocumented = [...routes].filter((r) => !documented.has(r) && !(r in NOT_IN_DOCUMENT));
    const unrouted = [...documented].filter((d) => !routes.has(d));
    expect(undocumented, 'routes missing from the document').toEqual([]);
    expect(unrouted, 'operations of the document that no route serves').toEqual([]);
    const stale = Object.keys(NOT_IN_DOCUMENT).filter((r) => !routes.has(r) || documented.has(r));
    expect(stale, 'exceptions that are no longer routes, or are documented after all').toEqual([]);
  });

  it('gives every operation a unique camelCase operationId, a defined tag and its security', () => {
    const tags = new Set((doc.tags ?? []).map((t) => t.name));
    expect([...tags].sort()).toEqual(API_TAGS.map((t) => t.name).sort());
    expect((doc.tags ?? []).filter((t) => !t.description)).toEqual([]);
    const ids = new Map<string, string>();
    const problems: string[] = [];
    for (const { key, op } of operations) {
      const id = op.operationId;
      if (typeof id !== 'string' || !/^[a-z][a-zA-Z0-9]+$/.test(id))
        problems.push(`${key}: operationId ${id}`);
      else if (ids.has(id)) problems.push(`${key}: operationId ${id} also on ${ids.get(id)}`);
      else ids.set(id, key);
      const opTags = (op.tags as string[] | undefined) ?? [];
      if (opTags.length === 0 || opTags.some((t) => !tags.has(t))) problems.push(`${key}: tags ${opTags}`);
      if (!Array.isArray(op.security)) problems.push(`${key}: no security (use [] for a public operation)`);
    }
    expect(problems).toEqual([]);
  });

  it('has examples for every JSON request body and success response', () => {
    const schemaOf = (s: Record<string, unknown>) =>
      typeof s.$ref === 'string' ? (doc.components.schemas[s.$ref.split('/').pop() ?? ''] ?? s) : s;
    const hasExample = (media: Record<string, unknown> | undefined) => {
      if (!media?.schema) return true;
      const schema = schemaOf(media.schema as Record<string, unknown>);
      return 'example' in media || 'examples' in media || 'example' in schema || 'examples' in schema;
    };
    const missing: string[] = [];
    for (const { key, op } of operations) {
      const body = (op.requestBody as { content?: Record<string, Record<string, unknown>> } | undefined)
        ?.content;
      if (!hasExample(body?.['application/json'])) missing.push(`${key}: request body`);
      for (const [status, res] of Object.entries(
        op.responses as Record<string, { content?: Record<string, never> }>,
      )) {
        if (status.startsWith('2') && !hasExample(res.content?.['application/json']))
          missing.push(`${key}: ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has examples that match their own schemas', () => {
    const ajv = new Ajv2020({ strict: false, validateSchema: false });
    addFormats(ajv);
    ajv.addFormat('binary', true).addFormat('int32', true).addFormat('int64', true);
    const id = 'https://client-portal.invalid/openapi.json';
    ajv.addSchema({ ...doc, $id: id } as Record<string, unknown>, id);
    const wrong: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      if (!('example' in schema)) continue;
      const validate = ajv.compile({ $ref: `${id}#/components/schemas/${name}` });
      if (!validate(schema.example)) wrong.push(`${name}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(wrong).toEqual([]);
  });

  /*
   * Every example and default in the document, where Spectral's `oas3-valid-schema-example` and
   * `oas3-valid-media-example` look (switched off in `.spectral.yaml`: they compile a schema per example
   * and took two thirds of the lint's time): a schema's `example` and `default` wherever the schema is
   * (components, parameters, bodies, responses, headers, nested in properties, items, allOf/anyOf/oneOf…),
   * and a parameter's, header's or media type's `example` and `examples[*].value` against its `schema`.
   * One Ajv over the whole document, each schema compiled by its JSON pointer.
   */
  it('has examples and defaults that match their schemas, wherever they are', () => {
    const ajv = new Ajv2020({ strict: false, validateSchema: false });
    addFormats(ajv);
    ajv.addFormat('binary', true).addFormat('int32', true).addFormat('int64', true);
    const id = 'https://client-portal.invalid/openapi.json';
    ajv.addSchema({ ...doc, $id: id } as Record<string, unknown>, id);
    const validators = new Map<string, ReturnType<typeof ajv.compile>>();
    const pointer = (path: string[]) =>
      path.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');
    const wrong: string[] = [];
    const check = (schemaPath: string[], value: unknown, what: string) => {
      const ref = `${id}#/${pointer(schemaPath)}`;
      let validate = validators.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        validators.set(ref, validate);
      }
      if (!validate(value)) wrong.push(`${what}: ${ajv.errorsText(validate.errors)}`);
    };
    const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
    const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
    const SCHEMA_KEYS = new Set(['schema', 'items', 'not', 'additionalProperties', 'contains']);
    let checked = 0;
    const walk = (node: unknown, path: string[], isSchema: boolean) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        node.forEach((item, i) => {
          walk(item, [...path, String(i)], isSchema);
        });
        return;
      }
      const obj = node as Record<string, unknown>;
      const where = `/${path.join('/')}`;
      if (isSchema) {
        for (const key of ['example', 'default'] as const) {
          if (obj[key] !== undefined) {
            check(path, obj[key], `${where} ${key}`);
            checked++;
          }
        }
      } else if (obj.schema && typeof obj.schema === 'object') {
        // A parameter, header or media type.
        if (obj.example !== undefined) {
          check([...path, 'schema'], obj.example, `${where} example`);
          checked++;
        }
        for (const [name, ex] of Object.entries(
          (obj.examples ?? {}) as Record<string, { value?: unknown }>,
        )) {
          if (ex && typeof ex === 'object' && 'value' in ex) {
            check([...path, 'schema'], ex.value, `${where} examples/${name}`);
            checked++;
          }
        }
      }
      for (const [key, value] of Object.entries(obj)) {
        if (isSchema && (key === 'example' || key === 'default' || key === 'enum' || key === 'const'))
          continue;
        if (!isSchema && (key === 'example' || key === 'examples')) continue;
        const parentIsMap = isSchema && SCHEMA_MAPS.has(path.at(-1) ?? '');
        if (isSchema && SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
          for (const [name, sub] of Object.entries(value)) walk(sub, [...path, key, name], true);
        } else if (isSchema && SCHEMA_LISTS.has(key)) {
          walk(value, [...path, key], true);
        } else if (
          SCHEMA_KEYS.has(key) &&
          !parentIsMap &&
          !(key === 'additionalProperties' && typeof value !== 'object')
        ) {
          walk(value, [...path, key], true);
        } else if (!isSchema) {
          walk(value, [...path, key], false);
        }
      }
    };
    for (const [name, schema] of Object.entries(doc.components.schemas))
      walk(schema, ['components', 'schemas', name], true);
    const { schemas: _schemas, ...otherComponents } = doc.components as Record<string, unknown>;
    walk(otherComponents, ['components'], false);
    walk(doc.paths, ['paths'], false);
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('names keys in camelCase everywhere', () => {
    const offenders: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      const obj = node as Record<string, unknown>;
      if (obj.properties && typeof obj.properties === 'object')
        for (const name of Object.keys(obj.properties))
          if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) offenders.push(`${where}.${name}`);
      for (const [k, v] of Object.entries(obj)) walk(v, `${where}/${k}`);
    };
    walk(doc.components.schemas, 'components');
    walk(doc.paths, 'paths');
    expect(offenders).toEqual([]);
  });
});
