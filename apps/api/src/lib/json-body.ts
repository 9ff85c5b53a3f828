import { errorCodes, type FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

interface Visit {
  node: object;
  key: string;
  parent: Visit | undefined;
}

/** The dotted path to a key of a visited node, built only once a key is found. */
function pathTo(visit: Visit | undefined, key: string): string {
  const keys = [key];
  for (let at = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Where a parsed body holds a key that could poison a prototype once merged or copied: an own
 * `__proto__`, or a `constructor` object with a `prototype` (as secure-json-parse, which Fastify's
 * own parser uses, refuses). The answer is the key's dotted path, `undefined` if there is none.
 * Breadth first and without recursion, keeping a parent link and no path per node: a body nested
 * as deep as the body limit allows costs time and memory in proportion to its size.
 */
export function forbiddenKeyPath(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  let next: Visit[] = [{ node: value, key: '', parent: undefined }];
  while (next.length > 0) {
    const visits = next;
    next = [];
    for (const visit of visits) {
      const { node } = visit;
      if (Object.hasOwn(node, '__proto__')) return pathTo(visit, '__proto__');
      const constructor: unknown = Object.hasOwn(node, 'constructor')
        ? (node as { constructor: unknown }).constructor
        : undefined;
      if (constructor && typeof constructor === 'object' && Object.hasOwn(constructor, 'prototype')) {
        return pathTo(visit, 'constructor.prototype');
      }
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
        if (child && typeof child === 'object') next.push({ node: child, key, parent: visit });
      }
    }
  }
  return undefined;
}

/**
 * Parses a JSON body, telling the client which of two things is wrong: the text is not JSON (a
 * SyntaxError, answered 'Request body is not valid JSON'), or it is JSON with a key that could poison
 * a prototype, refused as before but named ('The request body contains a forbidden key (__proto__)').
 * Fastify's own parser answered both with 'Body is not valid JSON but content-type is set to…'.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw Object.assign(error as SyntaxError, { statusCode: 400 });
  }
  // Every way to spell either key in JSON text has 'proto' or a \u escape in it: most bodies skip the walk.
  if (!text.includes('proto') && !text.includes('\\u')) return value;
  const path = forbiddenKeyPath(value);
  if (path === undefined) return value;
  const key = path.endsWith('__proto__') ? '__proto__' : 'constructor.prototype';
  throw new AppError('VALIDATION_FAILED', `The request body contains a forbidden key (${key})`, {
    field: path,
  });
}

/** Replaces Fastify's JSON parser with `parseJsonBody`, for the same content type and body limit. */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
