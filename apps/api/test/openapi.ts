import type { FastifyInstance } from 'fastify';

/** The subset of JSON Schema the zod-generated OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** `METHOD /path`, as the suites print it. */
  name: string;
  body: JsonSchema | null;
  query: Record<string, JsonSchema>;
  multipart: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Paths that serve the documentation itself, not the API. */
const DOCUMENTATION = /^\/api\/docs/;

/** Every operation of the app's OpenAPI document: new endpoints join the generated suites by themselves. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const spec = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths ?? {})) {
    if (DOCUMENTATION.test(path)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const content = operation.requestBody?.content ?? {};
      const query: Record<string, JsonSchema> = {};
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query') query[parameter.name] = parameter.schema ?? {};
      }
      operations.push({
        method: upper,
        path,
        name: `${upper} ${path}`,
        body: content['application/json']?.schema ?? null,
        query,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations.sort((a, b) => a.name.localeCompare(b.name));
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** The first branch of a union that is not `null`. */
function resolve(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return resolve(branches.find((branch) => typeOf(branch) !== 'null') ?? branches[0] ?? {});
  if (schema.allOf?.length && !schema.type) return resolve(schema.allOf[0]!);
  return schema;
}

/**
 * A plausible valid value for a schema, so each malformed case changes one thing. `hint` supplies
 * real values by field name (ids of seeded objects, keys of stored uploads).
 */
export function sampleOf(
  schema: JsonSchema,
  hint: (field: string) => unknown,
  field = '',
  depth = 0,
): unknown {
  const hinted = field ? hint(field) : undefined;
  if (hinted !== undefined) return hinted;
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  if (resolved.default !== undefined) return resolved.default;
  switch (typeOf(resolved)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      if (depth > 6) return value;
      for (const [name, property] of Object.entries(resolved.properties ?? {})) {
        value[name] = sampleOf(property, hint, name, depth + 1);
      }
      return value;
    }
    case 'array': {
      const count = Math.max(1, resolved.minItems ?? 1);
      return Array.from({ length: count }, () => sampleOf(resolved.items ?? {}, hint, '', depth + 1));
    }
    case 'integer':
    case 'number':
      return Math.max(resolved.minimum ?? 1, (resolved.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string': {
      if (resolved.format === 'email') return 'fuzz@example.test';
      if (resolved.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      if (/date/i.test(field)) return '2030-01-01';
      const text = 'fuzz';
      return text.padEnd(resolved.minLength ?? 0, 'z').slice(0, resolved.maxLength ?? text.length + 64);
    }
    default:
      return null;
  }
}

/** Paths to the leaves and objects of a sample (into the first element of arrays), up to a depth. */
export function fieldPaths(
  value: unknown,
  depth = 3,
  prefix: (string | number)[] = [],
): (string | number)[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const paths: (string | number)[][] = [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.length
      ? [[0, value[0]]]
      : []
    : Object.entries(value);
  for (const [key, child] of entries) {
    const path = [...prefix, key];
    paths.push(path);
    paths.push(...fieldPaths(child, depth - 1, path));
  }
  return paths;
}

/** A deep copy of `value` with the field at `path` replaced. */
export function withField(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = replacement;
  return copy;
}
