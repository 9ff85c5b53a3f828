import type dns from 'node:dns';
import type { Dispatcher } from 'undici';
import { ScanError, describeNetworkError, parseSiteUrl } from './errors.ts';
import { fetchResource } from './http.ts';
import { createGuardedAgent } from './ssrf-guard.ts';

export type UrlWarning = 'SSL_CERTIFICATE_ISSUE' | 'HTTP_FALLBACK_USED';

/** What GET /api/check-valid-url returns (spec 3 §7 Scanner). */
export interface CheckUrlResult {
  status: 'SUCCESS' | 'FAILED';
  /** The URL that answered (after redirects and any fallback). */
  url?: string;
  httpStatus?: number;
  warning?: UrlWarning;
  message?: string;
  /** Why the check failed, in words, for logs and the CLI. */
  reason?: string;
}

export interface CheckUrlOptions {
  allowHosts?: readonly string[];
  requestTimeoutMs?: number;
  signal?: AbortSignal;
  lookup?: typeof dns.lookup;
}

const NOT_CONNECTED = 'Url not connected';
const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
]);

function isCertificateError(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    if ('code' in current && TLS_CODES.has(String(current.code))) return true;
    current = 'cause' in current ? current.cause : null;
  }
  return false;
}

async function attempt(url: URL, dispatcher: Dispatcher, options: CheckUrlOptions) {
  const res = await fetchResource(url.href, {
    dispatcher,
    signal: options.signal,
    timeoutMs: options.requestTimeoutMs ?? 10_000,
    maxBytes: 64 * 1024,
  });
  return res;
}

function verdict(url: string, httpStatus: number, warning?: UrlWarning, message?: string): CheckUrlResult {
  // 404/410 mean the page is not there; 5xx mean the site is down. 401/403 still prove the site exists.
  if (httpStatus === 404 || httpStatus === 410 || httpStatus >= 500) {
    return {
      status: 'FAILED',
      url,
      httpStatus,
      message: NOT_CONNECTED,
      reason: `The site answered HTTP ${httpStatus}`,
    };
  }
  return { status: 'SUCCESS', url, httpStatus, ...(warning ? { warning, message } : {}) };
}

/** The lenient or plain-http try after https failed: its verdict carries the warning, its failure the reason. */
async function secondTry(
  url: URL,
  dispatcher: Dispatcher,
  options: CheckUrlOptions,
  warning: UrlWarning,
  message: string,
): Promise<CheckUrlResult> {
  try {
    const res = await attempt(url, dispatcher, options);
    return verdict(res.url, res.status, warning, message);
  } catch (err) {
    return { status: 'FAILED', message: NOT_CONNECTED, reason: describeNetworkError(err).message };
  }
}

/**
 * Checks a URL before a scan: reachable over https, or only with an invalid certificate
 * (SSL_CERTIFICATE_ISSUE), or only over plain http (HTTP_FALLBACK_USED). Warnings do not block a scan.
 */
export async function checkUrl(input: string, options: CheckUrlOptions = {}): Promise<CheckUrlResult> {
  let url: URL;
  try {
    url = parseSiteUrl(input);
  } catch (err) {
    return {
      status: 'FAILED',
      message: NOT_CONNECTED,
      reason: err instanceof ScanError ? err.message : String(err),
    };
  }
  const guard = { allowHosts: options.allowHosts, lookup: options.lookup };
  const strict = createGuardedAgent(guard);
  try {
    try {
      const res = await attempt(url, strict, options);
      return verdict(res.url, res.status);
    } catch (err) {
      const described = describeNetworkError(err);
      if (described.code === 'SSRF_BLOCKED' || url.protocol === 'http:' || options.signal?.aborted) {
        return { status: 'FAILED', message: NOT_CONNECTED, reason: described.message };
      }
      if (isCertificateError(err)) {
        const lenient = createGuardedAgent({ ...guard, rejectUnauthorized: false });
        try {
          return await secondTry(
            url,
            lenient,
            options,
            'SSL_CERTIFICATE_ISSUE',
            'The site answered over https but its SSL certificate could not be verified',
          );
        } finally {
          await lenient.close();
        }
      }
      const plain = new URL(url.href);
      plain.protocol = 'http:';
      return await secondTry(
        plain,
        strict,
        options,
        'HTTP_FALLBACK_USED',
        'The site did not answer over https; http was used',
      );
    }
  } finally {
    await strict.close();
  }
}
