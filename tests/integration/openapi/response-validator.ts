import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/*
 * A response validator built from the app's own OpenAPI document: every answer the tests see is checked
 * against what the document says its operation answers: the status must be documented, the body's content
 * type one of the documented ones (no body where none is documented), a JSON body valid against the
 * documented schema, and every documented header that is present valid against its schema (a required one
 * present). Used by the isolation suite on every call it makes and by the contract test's replay.
 */

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface Header {
  required?: boolean;
  schema?: Json;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, Header>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Json;
}

const DOC_ID = 'https://client-portal.invalid/openapi.json';
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export interface ResponseValidator {
  /** The operation's path template a concrete path and method fall under (literal segments win). */
  template(method: string, path: string): string | undefined;
  /** What is wrong with this answer to `method path` (empty when the document describes it). */
  check(method: string, path: string, res: Response, body: string): string[];
}

export function responseValidator(doc: OpenApiDocument): ResponseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false, validateFormats: true });
  addFormats(ajv);
  // Not JSON Schema vocabulary; `format: binary` is a body we never parse.
  ajv.addFormat('binary', true);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addSchema({ ...(doc as unknown as Json), $id: DOC_ID } as Json, DOC_ID);
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (ref: string) => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOC_ID}#${ref}` });
      compiled.set(ref, fn);
    }
    return fn;
  };

  const templates = Object.keys(doc.paths).map((template) => {
    const segments = template.split('/');
    const literal = segments.filter((s) => !s.startsWith('{')).length;
    const re = new RegExp(
      `^${segments.map((s) => (s.startsWith('{') ? '[^/]+' : escapeRegExp(s))).join('/')}/?$`,
    );
    return { template, re, literal };
  });
  // Most literal segments first: `/api/portal/sign-in` before `/api/portal/{portalId}/…`.
  templates.sort((a, b) => b.literal - a.literal);

  const template = (method: string, path: string) => {
    const bare = path.split('?')[0] ?? path;
    const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    return templates.find((t) => t.re.test(bare) && doc.paths[t.template]?.[m])?.template;
  };

  return {
    template,
    check(method, path, res, body) {
      const where = `${method} ${path.split('?')[0]}`;
      const t = template(method, path);
      if (!t) return [`${where}: no operation of the document matches`];
      const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
      const op = doc.paths[t]?.[m] as Operation;
      const status = String(res.status);
      const key =
        status in op.responses ? status : `${status[0]}XX` in op.responses ? `${status[0]}XX` : 'default';
      const documented = op.responses[key];
      if (!documented)
        return [`${where}: ${status} is not documented (${Object.keys(op.responses).join(', ')})`];
      const problems: string[] = [];
      const headers = res.headers;
      for (const [name, header] of Object.entries(documented.headers ?? {})) {
        const value = headers.get(name);
        if (value === null) {
          if (header.required) problems.push(`${where} ${status}: the required header ${name} is missing`);
          continue;
        }
        if (header.schema) {
          const type = header.schema.type;
          const parsed = type === 'integer' || type === 'number' ? Number(value) : value;
          const fn = validatorAt(pointer('', 'paths', t, m, 'responses', key, 'headers', name, 'schema'));
          if (!fn(parsed))
            problems.push(`${where} ${status}: header ${name}=${value} ${ajv.errorsText(fn.errors)}`);
        }
      }
      const type = (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const content = documented.content ?? {};
      const hasBody = body.length > 0 && method.toUpperCase() !== 'HEAD';
      if (!hasBody) return problems;
      if (Object.keys(content).length === 0) {
        problems.push(`${where} ${status}: a body (${type}) where the document describes none`);
        return problems;
      }
      if (!(type in content)) {
        problems.push(
          `${where} ${status}: content type ${type} is not among ${Object.keys(content).join(', ')}`,
        );
        return problems;
      }
      if (type === 'application/json' && content[type]?.schema) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          problems.push(`${where} ${status}: the body is not JSON`);
          return problems;
        }
        const fn = validatorAt(pointer('', 'paths', t, m, 'responses', key, 'content', type, 'schema'));
        if (!fn(parsed))
          problems.push(
            `${where} ${status}: ${(fn.errors ?? [])
              .slice(0, 3)
              .map((e) => `${e.instancePath || '(body)'} ${e.message}`)
              .join('; ')} in ${body.slice(0, 200)}`,
          );
      }
      return problems;
    },
  };
}

function escapeRegExp(segment: string) {
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
