import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Fields of database errors that carry the statement's values: drizzle's `params`, PostgreSQL's
 * `detail` ("Failing row contains (…)", "Key (email)=(…) already exists") and `internalQuery`.
 * A failed insert of a user or a payment method would otherwise write its password hash or payment
 * token to the log (issue 15).
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'internalQuery', 'values']);

/** Query-string keys whose values are secrets: signed links, reset and sign-up tokens, codes. */
const SECRET_QUERY_KEY = /token|sig|code|key|secret|password|auth/i;

function withoutValues(text: string, sqlState: unknown): string {
  // drizzle: "Failed query: <sql>\nparams: <values>", also at the top of the stack.
  let scrubbed = text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '');
  // SQLSTATE class 22 (data exceptions) quote the offending value: invalid input syntax for type uuid: "…".
  if (typeof sqlState === 'string' && sqlState.startsWith('22'))
    scrubbed = scrubbed.replace(/"[^"\n]*"/g, '"[redacted]"');
  return scrubbed;
}

function sqlStateOf(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** pino's error serializer (causes folded into message and stack) without the statement's values. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const sqlState = sqlStateOf(error);
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (VALUE_FIELDS.has(key)) continue;
    safe[key] = typeof value === 'string' ? withoutValues(value, sqlState) : value;
  }
  return safe;
}

/** A URL as logged: the path, and query values only where they cannot be secrets. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  for (const key of new Set(query.keys())) if (SECRET_QUERY_KEY.test(key)) query.set(key, '[redacted]');
  return `${url.slice(0, at)}?${query.toString()}`;
}

/** Fastify's request line (method, url, host, address) with the URL's secrets redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** For every pino logger of the app (server, worker, tests that read the log). */
export const LOG_SERIALIZERS = { err: serializeError, req: serializeRequest };
