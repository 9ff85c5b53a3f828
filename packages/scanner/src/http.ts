import { request } from 'undici';
import type { Dispatcher } from 'undici';

export const USER_AGENT = 'TrustleafScanner/1.0 (+website compliance scan)';
const MAX_REDIRECTS = 5;

export interface FetchOptions {
  dispatcher: Dispatcher;
  signal?: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
  /** Decides whether a redirect target may be followed; returning false stops at the 3xx response. */
  followRedirect?: (target: URL) => boolean;
  method?: 'GET' | 'HEAD';
}

export interface FetchedResource {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  truncated: boolean;
  redirects: string[];
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/**
 * GET through the guarded dispatcher, following redirects one hop at a time so each hop is a fresh
 * request through the SSRF guard and can be refused by the caller (external hosts, other protocols).
 * Bodies over maxBytes are cut, not rejected: the first part of a huge page is still worth reading.
 */
export async function fetchResource(url: string, options: FetchOptions): Promise<FetchedResource> {
  const signals = [AbortSignal.timeout(options.timeoutMs)];
  if (options.signal) signals.push(options.signal);
  const signal = AbortSignal.any(signals);
  const redirects: string[] = [];
  let current = new URL(url);

  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new Error(`Unsupported protocol ${current.protocol}`);
    }
    const res = await request(current, {
      method: options.method ?? 'GET',
      dispatcher: options.dispatcher,
      signal,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const location = headerValue(res.headers.location);
    if (res.statusCode >= 300 && res.statusCode < 400 && location) {
      await res.body.dump();
      const target = new URL(location, current);
      if (hop >= MAX_REDIRECTS) throw new Error(`Too many redirects from ${url}`);
      if (options.followRedirect && !options.followRedirect(target)) {
        return {
          url: target.href,
          status: res.statusCode,
          contentType: '',
          body: Buffer.alloc(0),
          truncated: false,
          redirects,
        };
      }
      redirects.push(current.href);
      current = target;
      continue;
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    if (options.method !== 'HEAD') {
      for await (const chunk of res.body) {
        const buf = chunk as Buffer;
        if (size + buf.length > options.maxBytes) {
          chunks.push(buf.subarray(0, options.maxBytes - size));
          size = options.maxBytes;
          truncated = true;
          res.body.destroy();
          break;
        }
        chunks.push(buf);
        size += buf.length;
      }
    } else {
      await res.body.dump();
    }
    return {
      url: current.href,
      status: res.statusCode,
      contentType: headerValue(res.headers['content-type']).toLowerCase(),
      body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
      truncated,
      redirects,
    };
  }
}

/** Decodes a body by its declared charset, falling back to UTF-8 for unknown labels. */
export function decodeBody(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
