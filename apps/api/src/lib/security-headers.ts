import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for our configuration, worked out once. They do not depend on the request, so
 * every response gets the same headers through Fastify's reply: nothing is set on the raw
 * response, which keeps Node on its fast path that validates each header once, in writeHead.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middleware is synchronous and only sets and removes headers.
  helmet(options)({} as IncomingMessage, capture as unknown as ServerResponse, (error?: unknown) => {
    if (error instanceof Error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * What a JSON response carries instead of the document set: the headers OWASP's REST Security Cheat
 * Sheet names for API responses (never cached, framed or run as a document). The document-only
 * ones (COOP, Origin-Agent-Cluster, DNS prefetch, download options, referrer policy, …) mean nothing
 * for JSON. Cross-Origin-Resource-Policy is left to documents and files too: a cross-origin no-cors
 * read of our JSON carries no credentials (bearer tokens; the refresh cookie is SameSite=Strict) and
 * browsers' ORB refuses `nosniff` JSON to such reads anyway.
 */
export function apiSecurityHeaders(
  documentHeaders: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return Object.freeze(headers);
}

/**
 * The four header sets a response can get: JSON or document, over HTTPS or plain HTTP. HSTS goes
 * only with HTTPS: RFC 6797 §7.2 says a host MUST NOT send it over a non-secure transport (and
 * browsers ignore it there, §8.1). Behind a TLS-terminating proxy the request's protocol comes
 * from X-Forwarded-Proto when that proxy is trusted (`TRUST_PROXY`).
 */
export function securityHeaderSets(options: HelmetOptions) {
  const document = securityHeaders(options);
  const json = apiSecurityHeaders(document);
  const overHttp = (headers: Readonly<Record<string, string>>) => {
    const { 'strict-transport-security': _hsts, ...rest } = headers;
    return Object.freeze(rest);
  };
  // As name/value pairs, set in an indexed loop: no key listing or iterator a response. Read-only by
  // type (frozen arrays would take V8 off its fast path for them).
  const pairs = (headers: Readonly<Record<string, string>>): ReadonlyArray<readonly [string, string]> =>
    Object.entries(headers);
  const sets = {
    json: { https: pairs(json), http: pairs(overHttp(json)) },
    document: { https: pairs(document), http: pairs(overHttp(document)) },
  };
  return (kind: 'json' | 'document', secure: boolean): ReadonlyArray<readonly [string, string]> =>
    sets[kind][secure ? 'https' : 'http'];
}
