import { findSsrfError } from './ssrf-guard.ts';

export type ScanErrorCode =
  'INVALID_URL' | 'SSRF_BLOCKED' | 'UNREACHABLE' | 'HTTP_ERROR' | 'NOT_HTML' | 'CANCELLED';

/** A scan that could not run at all; the message is meant for the person who asked for the scan. */
export class ScanError extends Error {
  readonly code: ScanErrorCode;
  constructor(code: ScanErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ScanError';
    this.code = code;
  }
}

/** Parses what a user typed in the URL field; a missing scheme means https. */
export function parseSiteUrl(input: string): URL {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ScanError('INVALID_URL', `"${input}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ScanError('INVALID_URL', `Only http and https URLs can be scanned, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new ScanError('INVALID_URL', 'URLs with embedded credentials are not scanned');
  }
  url.hash = '';
  return url;
}

/** Explains a network failure in words, keeping the SSRF refusal visible when that was the cause. */
export function describeNetworkError(err: unknown): { code: ScanErrorCode; message: string } {
  const ssrf = findSsrfError(err);
  if (ssrf) return { code: 'SSRF_BLOCKED', message: ssrf.message };
  let current: unknown = err;
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current === 'object' && current !== null) {
      const code = 'code' in current ? String(current.code) : '';
      const name = 'name' in current ? String(current.name) : '';
      if (name === 'AbortError' || name === 'TimeoutError' || code === 'UND_ERR_ABORTED') {
        return { code: 'UNREACHABLE', message: 'The site did not answer in time' };
      }
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
        return { code: 'UNREACHABLE', message: 'The site name could not be resolved' };
      }
      if (code === 'ECONNREFUSED') return { code: 'UNREACHABLE', message: 'The site refused the connection' };
      if (code.startsWith('UND_ERR_') && code.includes('TIMEOUT')) {
        return { code: 'UNREACHABLE', message: 'The site did not answer in time' };
      }
      current = 'cause' in current ? current.cause : null;
    } else {
      break;
    }
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'UNREACHABLE', message: `The site could not be reached (${message})` };
}
