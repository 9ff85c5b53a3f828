import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { request } from 'undici';
import type { Dispatcher } from 'undici';

export const USER_AGENT = 'TrustleafScanner/1.0 (+website compliance scan)';
const MAX_REDIRECTS = 5;
const REQUEST_HEADERS = Object.freeze({
  'user-agent': USER_AGENT,
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
});

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
  // One controller, aborted by a timer or by the caller's signal. (AbortSignal.timeout plus
  // AbortSignal.any cost more per request than the rest of this function on a loopback crawl.)
  const outer = options.signal;
  outer?.throwIfAborted();
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    options.timeoutMs,
  );
  outer?.addEventListener('abort', onAbort, { once: true });
  try {
    return await fetchHops(url, options, controller.signal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

async function fetchHops(url: string, options: FetchOptions, signal: AbortSignal): Promise<FetchedResource> {
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
      headers: REQUEST_HEADERS,
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

    let body = EMPTY;
    let truncated = false;
    if (options.method !== 'HEAD') {
      ({ body, truncated } = await readBody(res.body, options.maxBytes));
    } else {
      await res.body.dump();
    }
    return {
      url: current.href,
      status: res.statusCode,
      contentType: headerValue(res.headers['content-type']).toLowerCase(),
      body,
      truncated,
      redirects,
    };
  }
}

const EMPTY: Buffer = Buffer.alloc(0);

/**
 * Collects a body up to maxBytes; the rest is cut and the stream destroyed. Plain 'data' events, not
 * an async iterator: one promise per body instead of one per chunk.
 */
function readBody(stream: Readable, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: unknown, truncated = false) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('close', onClose);
      // The error listener stays: a stream destroyed on abort can still emit one, which must not go unhandled.
      if (error)
        reject(error instanceof Error ? error : new Error('The response body failed', { cause: error }));
      else resolve({ body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), truncated });
    };
    const onData = (buf: Buffer) => {
      if (size + buf.length > maxBytes) {
        chunks.push(buf.subarray(0, maxBytes - size));
        size = maxBytes;
        finish(null, true);
        stream.destroy();
        return;
      }
      chunks.push(buf);
      size += buf.length;
    };
    const onEnd = () => finish(null);
    // Destroyed without an error and without its end: the body is incomplete.
    const onClose = () => finish(stream.errored ?? new Error('The response body ended early'));
    if (stream.errored || stream.destroyed) {
      finish(stream.errored ?? new Error('The response body ended early'));
      return;
    }
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', finish);
    stream.on('close', onClose);
  });
}

const decoders = new Map<string, TextDecoder>();
const UTF8 = /^utf-?8$/i;

/** Decodes a body by its declared charset, falling back to UTF-8 for unknown labels. */
export function decodeBody(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  if (charset === undefined || UTF8.test(charset)) {
    // What TextDecoder('utf-8') does (same replacement of invalid bytes; a BOM is dropped), natively.
    const start = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
    return body.toString('utf8', start);
  }
  let decoder = decoders.get(charset.toLowerCase());
  if (!decoder) {
    try {
      decoder = new TextDecoder(charset);
    } catch {
      decoder = new TextDecoder('utf-8');
    }
    decoders.set(charset.toLowerCase(), decoder);
  }
  return decoder.decode(body);
}
