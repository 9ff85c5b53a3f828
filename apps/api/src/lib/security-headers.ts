import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for our configuration, worked out once: they do not depend on the request, and
 * helmet's middleware would rebuild them (CSP parsing included) on every response.
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
  const sets = {
    json: { https: json, http: overHttp(json) },
    document: { https: document, http: overHttp(document) },
  };
  return (kind: 'json' | 'document', secure: boolean): Readonly<Record<string, string>> =>
    sets[kind][secure ? 'https' : 'http'];
}
