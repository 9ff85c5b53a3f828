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

/** The answer to a JSON body in another encoding than UTF-8 (415, see `decodeJsonBody`). */
export const NOT_UTF8_MESSAGE = 'Send the request body as JSON encoded in UTF-8';
export const NOT_UTF8_CODE = 'TL_BODY_NOT_UTF8';

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * The body's text, if it is UTF-8 (RFC 8259 §8.1: JSON exchanged between systems is UTF-8). A body
 * declared in another charset, holding a NUL byte (UTF-16 or UTF-32, with or without a byte order
 * mark: JSON text in UTF-8 never has one) or bytes that are not UTF-8 is refused with 415 rather than
 * read into garbage. A UTF-8 byte order mark is dropped, as RFC 8259 lets a parser do.
 */
export function decodeJsonBody(body: Buffer, contentType: string | undefined): string {
  const charset = CHARSET.exec(contentType ?? '')?.[1]?.toLowerCase();
  let text: string | undefined;
  if ((charset === undefined || charset === 'utf-8' || charset === 'utf8') && !body.includes(0)) {
    try {
      text = UTF8.decode(body);
    } catch {
      // Not UTF-8: refused below.
    }
  }
  if (text === undefined)
    throw Object.assign(new Error(NOT_UTF8_MESSAGE), { statusCode: 415, code: NOT_UTF8_CODE });
  return text;
}

/** Replaces Fastify's JSON parser with `parseJsonBody`, for the same content type and body limit. */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, parseJsonBody(decodeJsonBody(body as Buffer, request.headers['content-type'])));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
