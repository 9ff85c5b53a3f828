import { fileTypeFromBuffer } from 'file-type';
import { URL_TO_BASE64_MAX_BYTES, WEBCRAWLER_REFUSALS } from '@trustleaf/domain/schemas/webcrawler';
import { createGuardedAgent, findSsrfError } from '@trustleaf/scanner';
import { request, type Dispatcher } from 'undici';
import type { AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refusal } from '../../lib/errors.ts';
import type { WebcrawlerRepository } from './webcrawler.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

const IMAGE_CACHE_ENTRIES = 200;
const IMAGE_CACHE_TTL_MS = 10 * 60 * 1000;
const IMAGE_TIMEOUT_MS = 10_000;

/** A small LRU of fetched issue images (url-to-base64 with cache=true). */
function createImageCache() {
  const entries = new Map<string, { value: { base64: string; contentType: string }; expires: number }>();
  return {
    get(key: string, now: number) {
      const hit = entries.get(key);
      if (!hit) return null;
      entries.delete(key);
      if (hit.expires < now) return null;
      entries.set(key, hit);
      return hit.value;
    },
    set(key: string, value: { base64: string; contentType: string }, now: number) {
      entries.delete(key);
      entries.set(key, { value, expires: now + IMAGE_CACHE_TTL_MS });
      while (entries.size > IMAGE_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
    },
  };
}

export interface ScanImagesDeps {
  repo: WebcrawlerRepository;
  clock: Clock;
  allowHosts: readonly string[];
  /** Issue details are refused when the company's plan does not allow viewing them. */
  assertIssuesAllowed: (auth: AuthContext, companyId: number) => Promise<void>;
  /** Replaces the image fetch (tests never need it: they serve images on 127.0.0.1). */
  fetchImage?: (url: string) => Promise<{ status: number; contentType: string; body: Buffer }>;
}

/** Issue images for the report (url-to-base64): fetched through the SSRF guard, checked by content. */
export function createScanImagesService(deps: ScanImagesDeps) {
  const { repo, clock, assertIssuesAllowed } = deps;
  const imageCache = createImageCache();
  let imageAgent: Dispatcher | null = null;

  async function fetchImage(url: string): Promise<{ status: number; contentType: string; body: Buffer }> {
    if (deps.fetchImage) return deps.fetchImage(url);
    imageAgent ??= createGuardedAgent({ allowHosts: deps.allowHosts, connectTimeoutMs: IMAGE_TIMEOUT_MS });
    const response = await request(url, {
      dispatcher: imageAgent,
      headersTimeout: IMAGE_TIMEOUT_MS,
      bodyTimeout: IMAGE_TIMEOUT_MS,
      headers: { accept: 'image/*' },
    });
    const contentType = String(response.headers['content-type'] ?? '');
    if (response.statusCode !== 200) {
      await response.body.dump();
      return { status: response.statusCode, contentType, body: Buffer.alloc(0) };
    }
    const length = Number(response.headers['content-length'] ?? 0);
    if (length > URL_TO_BASE64_MAX_BYTES) {
      await response.body.dump();
      throw refusal('PAYLOAD_TOO_LARGE', WEBCRAWLER_REFUSALS.imageTooLarge);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > URL_TO_BASE64_MAX_BYTES) {
        response.body.destroy();
        throw refusal('PAYLOAD_TOO_LARGE', WEBCRAWLER_REFUSALS.imageTooLarge);
      }
      chunks.push(chunk as Buffer);
    }
    return { status: 200, contentType, body: Buffer.concat(chunks) };
  }

  return {
    async imageAsBase64(auth: AuthContext, imageUrl: string, useCache: boolean) {
      const referencing = await repo.companiesReferencingImage(imageUrl);
      let allowedCompany: number | null;
      if (auth.isSuperAdmin) {
        allowedCompany = referencing[0] ?? null;
      } else {
        const own = new Set(await repo.activeCompanyIdsOf(auth.userId));
        allowedCompany = referencing.find((id) => own.has(id)) ?? null;
      }
      if (allowedCompany === null) throw refusal('NOT_FOUND', COMMON_REFUSALS.imageNotFound);
      await assertIssuesAllowed(auth, allowedCompany);
      const now = clock.now().getTime();
      if (useCache) {
        const hit = imageCache.get(imageUrl, now);
        if (hit) return hit;
      }
      let url: URL;
      try {
        url = new URL(imageUrl);
      } catch {
        throw refusal('NOT_FOUND', COMMON_REFUSALS.imageNotFound);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw refusal('NOT_FOUND', COMMON_REFUSALS.imageNotFound);
      let fetched: { status: number; contentType: string; body: Buffer };
      try {
        fetched = await fetchImage(url.href);
      } catch (error) {
        if (error instanceof AppError) throw error;
        const ssrf = findSsrfError(error);
        if (ssrf) throw refusal('FORBIDDEN', COMMON_REFUSALS.imageAddressRefused, { reason: ssrf.message });
        throw refusal('NOT_FOUND', COMMON_REFUSALS.imageNotFound, { reason: String(error) });
      }
      if (fetched.status !== 200) throw refusal('NOT_FOUND', COMMON_REFUSALS.imageNotFound);
      const detected = await fileTypeFromBuffer(fetched.body);
      let contentType = detected?.mime ?? '';
      if (!contentType && /^image\/svg\+xml/i.test(fetched.contentType)) {
        const head = fetched.body.subarray(0, 512).toString('utf8').trimStart();
        if (head.startsWith('<svg') || head.startsWith('<?xml')) contentType = 'image/svg+xml';
      }
      if (!contentType.startsWith('image/')) {
        throw refusal('VALIDATION_FAILED', WEBCRAWLER_REFUSALS.notAnImage);
      }
      const value = { base64: `data:${contentType};base64,${fetched.body.toString('base64')}`, contentType };
      if (useCache) imageCache.set(imageUrl, value, now);
      return value;
    },
  };
}
